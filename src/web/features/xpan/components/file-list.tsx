import { ActionIcon, Button, Text, UnstyledButton } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconDownload, IconFile, IconFileText, IconFolderFilled, IconMovie, IconMusic, IconPhoto } from '@tabler/icons-react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { formatBytes } from '../../../../common/bytes';
import type { XpanEntry } from '../../../../common/xpan';
import { useT } from '../../../lib/i18n/use-t';
import { streamUrl, thumbUrl } from '../api/xpan-api';
import { fileKind, formatDate, parentOf, type FileKind } from '../xpan-files';
import classes from '../xpan.module.css';
import { catalogue } from '../i18n';

export type XpanView = 'list' | 'grid';

interface FileListProps {
  entries: XpanEntry[];
  view: XpanView;
  token: string;
  onOpen: (entry: XpanEntry) => void;
  /** Search results show the folder each entry is in. */
  showFolder?: boolean;
  onOpenFolder?: (path: string) => void;
  hasMore?: boolean;
  loadingMore?: boolean;
  loadMore?: () => void;
}

const rowHeight = 56;
/** Search results add the folder line under the name. */
const rowHeightWithFolder = 72;
const cardHeight = 192;
const cardHeightWithFolder = 216;
const cardMinWidth = 156;
const gap = 12;

const kindIcons: Record<FileKind, typeof IconFile> = {
  folder: IconFolderFilled,
  video: IconMovie,
  audio: IconMusic,
  image: IconPhoto,
  text: IconFileText,
  other: IconFile,
};

/** A Baidu thumbnail when there is one and it loads; otherwise the kind's icon. */
function Thumbnail({ entry, className, size }: { entry: XpanEntry; className: string; size: 'small' | 'large' }) {
  const url = size === 'small' ? entry.thumbs?.url1 : (entry.thumbs?.url2 ?? entry.thumbs?.url1);
  const [failed, setFailed] = useState(false);
  const kind = fileKind(entry);
  if (url && !failed) return <img className={className} src={thumbUrl(url)} alt="" loading="lazy" onError={() => setFailed(true)} />;
  const Icon = kindIcons[kind];
  return (
    <span className={`${className} ${classes.icon} ${kind === 'folder' ? classes.folderIcon : ''}`} aria-hidden>
      <Icon size={size === 'small' ? 22 : 40} stroke={1.5} />
    </span>
  );
}

function DownloadLink({ entry, token, className }: { entry: XpanEntry; token: string; className?: string }) {
  const t = useT(catalogue);
  if (entry.isdir === 1) return <span />;
  return (
    <ActionIcon
      component="a"
      href={streamUrl(entry.fs_id, token)}
      download={entry.server_filename}
      variant="subtle"
      color="gray"
      aria-label={t('list.download', { name: entry.server_filename })}
      title={t('preview.download')}
      className={className}
    >
      <IconDownload size={18} aria-hidden />
    </ActionIcon>
  );
}

/** Where the list starts on the page, for the window virtualiser (the page scrolls, not the list). */
function useOffsetTop(ref: React.RefObject<HTMLElement | null>): number {
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      if (ref.current) setOffset(ref.current.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return offset;
}

/**
 * The entries of a folder or a search, virtualised against the window: a 10,000-entry folder
 * renders only the rows on screen, and the next page loads when its end comes into view.
 */
export function FileList({ entries, view, token, onOpen, showFolder, onOpenFolder, hasMore, loadingMore, loadMore }: FileListProps) {
  const t = useT(catalogue);
  const listRef = useRef<HTMLDivElement>(null);
  const { ref: sizeRef, width } = useElementSize();
  const offset = useOffsetTop(listRef);
  const columns = view === 'grid' ? Math.max(2, Math.floor((width + gap) / (cardMinWidth + gap))) : 1;
  const rowCount = Math.ceil(entries.length / columns);
  const listRowHeight = showFolder ? rowHeightWithFolder : rowHeight;
  const gridRowHeight = showFolder ? cardHeightWithFolder : cardHeight;
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => (view === 'grid' ? gridRowHeight + gap : listRowHeight),
    overscan: 6,
    scrollMargin: offset,
  });
  useEffect(() => virtualizer.measure(), [view, columns, listRowHeight, gridRowHeight, virtualizer]);

  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= rowCount - 4) loadMore?.();
  }, [hasMore, loadingMore, lastIndex, rowCount, loadMore]);

  const setSize = hasMore ? -1 : entries.length;
  const nameButton = (entry: XpanEntry, className: string) => (
    <UnstyledButton className={className} onClick={() => onOpen(entry)} title={entry.server_filename} translate="no">
      <span className={classes.nameText}>{entry.server_filename}</span>
    </UnstyledButton>
  );
  const folderLink = (entry: XpanEntry) =>
    showFolder ? (
      <UnstyledButton className={classes.meta} onClick={() => onOpenFolder?.(parentOf(entry.path))} title={t('list.openFolder', { path: parentOf(entry.path) })}>
        <span translate="no">{parentOf(entry.path)}</span>
      </UnstyledButton>
    ) : null;

  return (
    <div ref={sizeRef}>
      {view === 'list' ? (
        <div className={classes.header} aria-hidden>
          <span />
          <span>{t('list.name')}</span>
          <span>{t('list.size')}</span>
          <span>{t('list.modified')}</span>
          <span />
        </div>
      ) : null}
      <div ref={listRef} role="list" aria-label={t('list.files')} className={classes.list} style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const top = item.start - virtualizer.options.scrollMargin;
          if (view === 'list') {
            const entry = entries[item.index];
            return (
              <div
                key={entry.fs_id}
                role="listitem"
                aria-setsize={setSize}
                aria-posinset={item.index + 1}
                className={classes.row}
                style={{ top, height: listRowHeight }}
              >
                <Thumbnail entry={entry} className={classes.thumb} size="small" />
                <div className={classes.name}>
                  {nameButton(entry, classes.nameButton)}
                  {folderLink(entry)}
                  <span className={`${classes.meta} ${classes.subline}`}>
                    {entry.isdir === 1 ? t('list.folder') : <span translate="no">{formatBytes(entry.size)}</span>} · {formatDate(entry.server_mtime)}
                  </span>
                </div>
                <span className={`${classes.meta} ${classes.size}`} translate="no">
                  {entry.isdir === 1 ? '—' : formatBytes(entry.size)}
                </span>
                <span className={`${classes.meta} ${classes.date}`}>{formatDate(entry.server_mtime)}</span>
                <DownloadLink entry={entry} token={token} />
              </div>
            );
          }
          const row = entries.slice(item.index * columns, item.index * columns + columns);
          return (
            <div
              key={item.key}
              role="presentation"
              className={classes.gridRow}
              style={{ top, height: gridRowHeight, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
            >
              {row.map((entry, column) => (
                <div
                  key={entry.fs_id}
                  role="listitem"
                  aria-setsize={setSize}
                  aria-posinset={item.index * columns + column + 1}
                  className={classes.card}
                >
                  <UnstyledButton onClick={() => onOpen(entry)} tabIndex={-1} aria-hidden>
                    <Thumbnail entry={entry} className={classes.cardThumb} size="large" />
                  </UnstyledButton>
                  <UnstyledButton className={classes.cardName} onClick={() => onOpen(entry)} title={entry.server_filename} translate="no">
                    {entry.server_filename}
                  </UnstyledButton>
                  <span className={classes.meta}>{entry.isdir === 1 ? t('list.folder') : <span translate="no">{formatBytes(entry.size)}</span>}</span>
                  {folderLink(entry)}
                  <DownloadLink entry={entry} token={token} className={classes.cardDownload} />
                </div>
              ))}
            </div>
          );
        })}
      </div>
      <div className={classes.footer}>
        <Text size="sm" c="dimmed" aria-live="polite">
          {hasMore ? t('list.loaded', { count: entries.length }) : t('list.count', { count: entries.length })}
        </Text>
        {hasMore ? (
          <Button variant="default" size="xs" loading={loadingMore} onClick={() => loadMore?.()}>
            {t('list.loadMore')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

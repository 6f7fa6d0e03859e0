import { Button, Center, Text } from '@mantine/core';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type MouseEvent } from 'react';
import { useSlideIn } from '../../../components/slide-in/use-slide-in';
import type { SearchItem } from '../../../../common/shonagon';
import type { Column } from '../single/query-rules';
import { fetchSentence } from '../api/shonagon-queries';
import { formatNumber } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';
import { RowActions } from './row-actions';
import classes from './results-table.module.css';
import { Furigana } from '../../../components/furigana/furigana';

const rowHeight = 38;

const widths: Record<Column, (keyEm: number) => string> = {
  index: () => '3.5em',
  left: () => 'minmax(0, 1fr)',
  key: (keyEm) => `minmax(2.5em, ${keyEm}em)`,
  right: () => 'minmax(0, 1fr)',
  title: () => 'minmax(4em, 11em)',
  media: () => 'minmax(3em, 7em)',
  pubYear: () => '3.6em',
};

interface RowProps {
  item: SearchItem;
  rowIndex: number;
  top: number;
  columns: readonly Column[];
  focused: boolean;
  autoTextSelect: boolean;
  onFocusRow: (rowIndex: number) => void;
  onOpenReader: (item: SearchItem) => void;
}

/** Clicking a key with text-selection help on selects it, so the selection menu offers its actions. */
function selectKey(event: MouseEvent<HTMLElement>) {
  const selection = window.getSelection();
  if (!selection || !selection.isCollapsed) return;
  const range = document.createRange();
  range.selectNodeContents(event.currentTarget);
  selection.removeAllRanges();
  selection.addRange(range);
}

const Row = memo(function Row({ item, rowIndex, top, columns, focused, autoTextSelect, onFocusRow, onOpenReader }: RowProps) {
  const ref = useRef<HTMLDivElement>(null);
  useSlideIn(ref);
  const cells: Record<Column, React.ReactNode> = {
    index: <div className={classes.number}>{item.index}</div>,
    left: (
      <div className={classes.left}>
        <span>
          <Furigana text={item.left} after={item.key + item.right} />
        </span>
      </div>
    ),
    key: (
      <div className={classes.key} onClick={autoTextSelect ? selectKey : undefined}>
        <Furigana text={item.key} before={item.left} after={item.right} />
      </div>
    ),
    right: (
      <div className={classes.right}>
        <Furigana text={item.right} before={item.left + item.key} />
      </div>
    ),
    title: (
      <div className={`${classes.cell} ${classes.meta}`} title={item.title}>
        {item.title}
      </div>
    ),
    media: <div className={`${classes.cell} ${classes.meta}`}>{item.media ?? ''}</div>,
    pubYear: <div className={classes.number}>{item.pubYear ?? ''}</div>,
  };
  return (
    <div
      ref={ref}
      role="row"
      aria-rowindex={rowIndex + 2}
      data-row={rowIndex}
      data-focused={focused || undefined}
      data-furigana-line
      tabIndex={focused ? 0 : -1}
      className={classes.row}
      style={{ top }}
      onFocus={() => onFocusRow(rowIndex)}
    >
      {/* The corpus's sentences, titles and media names: the library's own words. */}
      {columns.map((column) => (
        <div key={column} role="cell" style={{ minWidth: 0 }} translate="no">
          {cells[column]}
        </div>
      ))}
      <div role="cell">
        <RowActions target={{ sentence: () => fetchSentence(item), key: item.key, left: item.left, title: item.title, sentenceId: item.sentenceId }} onOpenReader={() => onOpenReader(item)} />
      </div>
    </div>
  );
});

export interface ResultsTableProps {
  rows: readonly SearchItem[];
  total: number;
  columns: readonly Column[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** ↑/↓ and j/k move the focused row page-wide and the reader follows it (settings autoFollowFocus). */
  followFocus: boolean;
  autoTextSelect: boolean;
  focusedIndex: number | null;
  onFocusedIndex: (index: number) => void;
  onOpenReader: (item: SearchItem) => void;
}

function isTypingTarget(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLElement && element.isContentEditable) return true;
  const tag = element.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  return tag === 'INPUT' && !['button', 'checkbox', 'radio', 'submit', 'reset'].includes((element as HTMLInputElement).type);
}

/**
 * The KWIC table: ARIA table roles on a virtualised list (thousands of rows stay cheap), the key
 * column as wide as the longest key so keys line up down the page, left context right-aligned.
 */
export function ResultsTable(props: ResultsTableProps) {
  const t = useT(catalogue);
  const { rows, total, columns, hasMore, loadingMore, onLoadMore, followFocus, autoTextSelect, focusedIndex, onFocusedIndex, onOpenReader } = props;
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const element = listRef.current;
    if (element) setScrollMargin(element.getBoundingClientRect().top + window.scrollY);
  }, [columns.length, total]);

  const virtualizer = useWindowVirtualizer({ count: rows.length, estimateSize: () => rowHeight, overscan: 8, scrollMargin });
  const items = virtualizer.getVirtualItems();

  const lastIndex = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= rows.length - 30) onLoadMore();
  }, [hasMore, loadingMore, lastIndex, rows.length, onLoadMore]);

  const keyEm = useMemo(() => Math.min(12, Math.max(3, ...rows.slice(0, 500).map((row) => Array.from(row.key).length + 1))), [rows]);
  const style = {
    '--kwic-columns': [...columns.map((column) => widths[column](keyEm)), '28px'].join(' '),
    '--kwic-row-height': `${rowHeight}px`,
  } as CSSProperties;

  const move = useCallback(
    (delta: number) => {
      if (rows.length === 0) return;
      const next = Math.min(rows.length - 1, Math.max(0, (focusedIndex ?? -1) + delta));
      onFocusedIndex(next);
      virtualizer.scrollToIndex(next, { align: 'auto' });
      requestAnimationFrame(() => listRef.current?.querySelector<HTMLElement>(`[data-row="${next}"]`)?.focus({ preventScroll: true }));
    },
    [rows.length, focusedIndex, onFocusedIndex, virtualizer],
  );

  useEffect(() => {
    if (!followFocus) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
      if (isTypingTarget(document.activeElement) || document.querySelector('[role="dialog"]')) return;
      const delta = event.key === 'ArrowDown' || event.key === 'j' ? 1 : event.key === 'ArrowUp' || event.key === 'k' ? -1 : 0;
      if (!delta) return;
      event.preventDefault();
      move(delta);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [followFocus, move]);

  return (
    <div role="table" aria-label={t('results.table')} aria-rowcount={total + 1} className={classes.table} style={style}>
      <div role="rowgroup">
        <div role="row" aria-rowindex={1} className={classes.header}>
          {columns.map((column) => (
            <div
              key={column}
              role="columnheader"
              className={column === 'key' ? classes.headerCenter : column === 'left' || column === 'index' || column === 'pubYear' ? classes.headerRight : undefined}
            >
              {t(`column.${column}`)}
            </div>
          ))}
          <div aria-hidden />
        </div>
      </div>
      <div role="rowgroup" ref={listRef} style={{ position: 'relative', height: virtualizer.getTotalSize() }}>
        {items.map((virtual) => (
          <Row
            key={`${rows[virtual.index].sentenceId}-${virtual.index}`}
            item={rows[virtual.index]}
            rowIndex={virtual.index}
            top={virtual.start - scrollMargin}
            columns={columns}
            focused={focusedIndex === virtual.index}
            autoTextSelect={autoTextSelect}
            onFocusRow={onFocusedIndex}
            onOpenReader={onOpenReader}
          />
        ))}
      </div>
      {hasMore && (
        <Center py="sm">
          <Button variant="light" size="xs" loading={loadingMore} onClick={onLoadMore}>
            {t('results.loadMore', { shown: formatNumber(rows.length), total: formatNumber(total) })}
          </Button>
        </Center>
      )}
      {!hasMore && rows.length > 0 && (
        <Text c="dimmed" size="xs" ta="center" py={6}>
          {t('results.all', { total: formatNumber(total) })}
        </Text>
      )}
    </div>
  );
}

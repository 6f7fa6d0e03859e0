import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconBooks, IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { formatBytes } from '../../../../common/bytes';
import { isLibraryFile } from '../../../../common/shonagon';
import type { XpanEntry } from '../../../../common/xpan';
import { http } from '../../../lib/http/http-client';
import { useT } from '../../../lib/i18n/use-t';
import { openModal } from '../../../lib/modal-store';
import { toast } from '../../../lib/notify';
import { readTextHead, sendToLibrary, streamUrl, useTextHead } from '../api/xpan-api';
import { xpanErrorText } from '../xpan-errors';
import { extensionOf, fileKind, formatDate, parentOf, srtToVtt, subtitlesFor } from '../xpan-files';
import classes from '../xpan.module.css';
import { catalogue } from '../i18n';

/** How much of a text or subtitle file the preview reads (Range through the stream relay). */
export const textPreviewBytes = 256_000;

/**
 * A media element only says that it failed; the relay's JSON says why (expired token, no such
 * file, a refused redirect), so ask it for one byte and show that.
 */
function useMediaError(url: string) {
  const t = useT(catalogue);
  const [problem, setProblem] = useState<{ state: 'checking' } | { state: 'cannot-play' } | { state: 'failed'; error: unknown } | null>(null);
  const onError = () => {
    setProblem({ state: 'checking' });
    http
      .request(url, { headers: { range: 'bytes=0-0' }, timeoutMs: 15_000 })
      .then(async (response) => {
        await response.body?.cancel();
        setProblem({ state: 'cannot-play' });
      })
      .catch((error: unknown) => setProblem({ state: 'failed', error }));
  };
  // Worded while rendering, so a switch of language rewords it too.
  const message =
    problem === null ? null : problem.state === 'checking' ? t('preview.checking') : problem.state === 'cannot-play' ? t('preview.cannotPlay') : xpanErrorText(t, problem.error);
  return { message, onError };
}

function TextPreview({ entry, token }: { entry: XpanEntry; token: string }) {
  const t = useT(catalogue);
  const head = useTextHead(entry.fs_id, token, textPreviewBytes);
  if (head.isPending) return <Loader aria-label={t('preview.text.loading')} mx="auto" my="md" />;
  if (head.isError) {
    return (
      <Alert color="red" title={t('preview.text.error')}>
        {xpanErrorText(t, head.error)}
      </Alert>
    );
  }
  const shown = formatBytes(textPreviewBytes);
  return (
    <>
      {/* The file's own text: not words of the interface. */}
      <pre className={classes.text} aria-label={t('preview.text', { name: entry.server_filename })} tabIndex={0} translate="no">
        {head.data.text}
      </pre>
      {head.data.truncated ? (
        <Text size="xs" c="dimmed">
          {head.data.total !== undefined
            ? t('preview.text.truncatedOf', { shown, total: formatBytes(head.data.total) })
            : t('preview.text.truncated', { shown })}
        </Text>
      ) : null}
    </>
  );
}

function SendToLibrary({ entry, token }: { entry: XpanEntry; token: string }) {
  const t = useT(catalogue);
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const send = () => {
    setState('sending');
    sendToLibrary(entry.fs_id, token).then(
      (document) => {
        setState('sent');
        toast(t('library.added', { title: document.title, sentences: document.sentences }), 'success');
      },
      (error: unknown) => {
        setState('idle');
        toast(t('library.failed', { message: xpanErrorText(t, error) }), 'error');
      },
    );
  };
  return (
    <Button variant="default" size="xs" leftSection={<IconBooks size={16} aria-hidden />} loading={state === 'sending'} disabled={state === 'sent'} onClick={send}>
      {state === 'sent' ? t('library.in') : t('library.send')}
    </Button>
  );
}

/** Subtitle files beside a video, read through the stream relay, as WebVTT blob URLs for <track>. */
function useSubtitleTracks(subtitles: XpanEntry[], token: string) {
  const [tracks, setTracks] = useState<Array<{ key: number; label: string; url: string }>>([]);
  const ids = subtitles.map((entry) => entry.fs_id).join(',');
  useEffect(() => {
    if (!ids) return;
    const controller = new AbortController();
    const urls: string[] = [];
    void Promise.all(
      subtitles.map(async (entry) => {
        const head = await readTextHead(entry.fs_id, token, subtitleMaxBytes, controller.signal);
        const vtt = extensionOf(entry.server_filename) === 'srt' ? srtToVtt(head.text) : head.text;
        const url = URL.createObjectURL(new Blob([vtt], { type: 'text/vtt' }));
        urls.push(url);
        return { key: entry.fs_id, label: entry.server_filename, url };
      }),
    ).then(
      (loaded) => {
        if (!controller.signal.aborted) setTracks(loaded);
      },
      // A subtitle that cannot be read leaves the video playable without it.
      () => {},
    );
    return () => {
      controller.abort();
      for (const url of urls) URL.revokeObjectURL(url);
    };
    // ids stands for the subtitles list, which is a new array on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids, token]);
  return tracks;
}

const subtitleMaxBytes = 2 * 1024 * 1024;

function VideoPreview({ entry, token, siblings, url, onError }: { entry: XpanEntry; token: string; siblings: XpanEntry[]; url: string; onError: () => void }) {
  const tracks = useSubtitleTracks(subtitlesFor(entry, siblings), token);
  return (
    <video className={classes.media} src={url} controls preload="metadata" aria-label={entry.server_filename} translate="no" onError={onError}>
      {tracks.map((track, index) => (
        <track key={track.key} kind="subtitles" src={track.url} label={track.label} srcLang="ja" default={index === 0} />
      ))}
    </video>
  );
}

export function FilePreview({ entry, token, siblings = [] }: { entry: XpanEntry; token: string; siblings?: XpanEntry[] }) {
  const t = useT(catalogue);
  const kind = fileKind(entry);
  const url = streamUrl(entry.fs_id, token);
  const media = useMediaError(url);
  let body: React.ReactNode;
  if (kind === 'image') body = <img className={classes.image} src={url} alt={entry.server_filename} translate="no" onError={media.onError} />;
  else if (kind === 'video') body = <VideoPreview entry={entry} token={token} siblings={siblings} url={url} onError={media.onError} />;
  else if (kind === 'audio') body = <audio src={url} controls preload="metadata" aria-label={entry.server_filename} translate="no" style={{ width: '100%' }} onError={media.onError} />;
  else if (kind === 'text') body = <TextPreview entry={entry} token={token} />;
  else body = <Text c="dimmed">{t('preview.none')}</Text>;

  return (
    <div className={classes.preview}>
      {body}
      {media.message ? (
        <Alert color="red" title={t('preview.error')}>
          {media.message}
        </Alert>
      ) : null}
      <div className={classes.previewMeta}>
        <Text size="sm" c="dimmed" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          <span translate="no">{formatBytes(entry.size)}</span> · {formatDate(entry.server_mtime)} · <span translate="no">{parentOf(entry.path)}</span>
        </Text>
        <Group gap="xs">
          {isLibraryFile(entry.server_filename) ? <SendToLibrary entry={entry} token={token} /> : null}
          <Button component="a" href={url} download={entry.server_filename} variant="default" size="xs" leftSection={<IconDownload size={16} aria-hidden />}>
            {t('preview.download')}
          </Button>
        </Group>
      </div>
    </div>
  );
}

/** Opens the app's one modal (the modal host) with the file's preview. */
export function openPreview(entry: XpanEntry, token: string, siblings: XpanEntry[] = []) {
  openModal({
    // The person's own file name, never translated; the dialog is named after it (aria-labelledby).
    title: <span translate="no">{entry.server_filename}</span>,
    size: fileKind(entry) === 'audio' ? 'lg' : 'xl',
    render: () => <FilePreview entry={entry} token={token} siblings={siblings} />,
  });
}

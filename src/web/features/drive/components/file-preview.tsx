import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconBooks, IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { formatBytes } from '../../../../common/bytes';
import { isLibraryFile } from '../../../../common/shonagon';
import type { XpanEntry } from '../../../../common/xpan';
import { http, httpErrorMessage } from '../../../lib/http/http-client';
import { openModal } from '../../../lib/modal-store';
import { toast } from '../../../lib/notify';
import { readTextHead, sendToLibrary, streamUrl, useTextHead } from '../api/xpan-api';
import { extensionOf, fileKind, formatDate, parentOf, srtToVtt, subtitlesFor } from '../drive-files';
import classes from '../drive.module.css';

/** How much of a text or subtitle file the preview reads (Range through the stream relay). */
export const textPreviewBytes = 256_000;

/**
 * A media element only says that it failed; the relay's JSON says why (expired token, no such
 * file, a refused redirect), so ask it for one byte and show that.
 */
function useMediaError(url: string) {
  const [message, setMessage] = useState<string | null>(null);
  const onError = () => {
    setMessage('loading…');
    http
      .request(url, { headers: { range: 'bytes=0-0' }, timeoutMs: 15_000 })
      .then(async (response) => {
        await response.body?.cancel();
        setMessage('this browser cannot play this file; download it instead');
      })
      .catch((error: unknown) => setMessage(httpErrorMessage(error)));
  };
  return { message, onError };
}

function TextPreview({ entry, token }: { entry: XpanEntry; token: string }) {
  const head = useTextHead(entry.fs_id, token, textPreviewBytes);
  if (head.isPending) return <Loader aria-label="loading text" mx="auto" my="md" />;
  if (head.isError) {
    return (
      <Alert color="red" title="The file could not be read">
        {httpErrorMessage(head.error)}
      </Alert>
    );
  }
  return (
    <>
      <pre className={classes.text} aria-label={`text of ${entry.server_filename}`} tabIndex={0}>
        {head.data.text}
      </pre>
      {head.data.truncated ? (
        <Text size="xs" c="dimmed">
          Showing the first {formatBytes(textPreviewBytes)}
          {head.data.total !== undefined ? ` of ${formatBytes(head.data.total)}` : ''}; download the file for the rest.
        </Text>
      ) : null}
    </>
  );
}

function SendToLibrary({ entry, token }: { entry: XpanEntry; token: string }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const send = () => {
    setState('sending');
    sendToLibrary(entry.fs_id, token).then(
      (document) => {
        setState('sent');
        toast(`“${document.title}” is in the Shonagon library (${document.sentences} sentences).`, 'success');
      },
      (error: unknown) => {
        setState('idle');
        toast(`not added to the Shonagon library: ${httpErrorMessage(error)}`, 'error');
      },
    );
  };
  return (
    <Button variant="default" size="xs" leftSection={<IconBooks size={16} aria-hidden />} loading={state === 'sending'} disabled={state === 'sent'} onClick={send}>
      {state === 'sent' ? 'in the Shonagon library' : 'send to the Shonagon library'}
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
    <video className={classes.media} src={url} controls preload="metadata" aria-label={entry.server_filename} onError={onError}>
      {tracks.map((track, index) => (
        <track key={track.key} kind="subtitles" src={track.url} label={track.label} srcLang="ja" default={index === 0} />
      ))}
    </video>
  );
}

export function FilePreview({ entry, token, siblings = [] }: { entry: XpanEntry; token: string; siblings?: XpanEntry[] }) {
  const kind = fileKind(entry);
  const url = streamUrl(entry.fs_id, token);
  const media = useMediaError(url);
  let body: React.ReactNode;
  if (kind === 'image') body = <img className={classes.image} src={url} alt={entry.server_filename} onError={media.onError} />;
  else if (kind === 'video') body = <VideoPreview entry={entry} token={token} siblings={siblings} url={url} onError={media.onError} />;
  else if (kind === 'audio') body = <audio src={url} controls preload="metadata" aria-label={entry.server_filename} style={{ width: '100%' }} onError={media.onError} />;
  else if (kind === 'text') body = <TextPreview entry={entry} token={token} />;
  else body = <Text c="dimmed">There is no preview for this kind of file.</Text>;

  return (
    <div className={classes.preview}>
      {body}
      {media.message ? (
        <Alert color="red" title="The file could not be shown">
          {media.message}
        </Alert>
      ) : null}
      <div className={classes.previewMeta}>
        <Text size="sm" c="dimmed" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {formatBytes(entry.size)} · {formatDate(entry.server_mtime)} · {parentOf(entry.path)}
        </Text>
        <Group gap="xs">
          {isLibraryFile(entry.server_filename) ? <SendToLibrary entry={entry} token={token} /> : null}
          <Button component="a" href={url} download={entry.server_filename} variant="default" size="xs" leftSection={<IconDownload size={16} aria-hidden />}>
            download
          </Button>
        </Group>
      </div>
    </div>
  );
}

/** Opens the app's one modal (the modal host) with the file's preview. */
export function openPreview(entry: XpanEntry, token: string, siblings: XpanEntry[] = []) {
  openModal({
    title: entry.server_filename,
    size: fileKind(entry) === 'audio' ? 'lg' : 'xl',
    render: () => <FilePreview entry={entry} token={token} siblings={siblings} />,
  });
}

import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import type { Logger } from '../../log';
import { maxClipSeconds } from '../../../common/anki';
import { audioClip, thumbnail } from '../../media/ffmpeg';
import { contentTypeOf, type MediaLibrary } from '../../media/library';
import { sendFile } from '../../send-file';
import { jsonError } from '../../json-error';
import { coded } from '../../../common/server-errors';

interface Deps {
  library: MediaLibrary;
  /** Where generated thumbnails are kept. */
  cacheDir: string;
  log: Logger;
}

const mediaId = /^[0-9a-f]{16}$/;

/** docs/api.md "Media library": the local media library's files, subtitles and thumbnails. */
export function mediaRoutes({ library, cacheDir, log }: Deps) {
  const app = new Hono();

  app.get('/', async (c) => {
    const items = await library.list();
    return c.json({
      media: items.map(({ id, title, kind, duration, size, docId, error }) => ({ id, title, kind, duration, size, subtitles: docId !== null, error })),
    });
  });

  app.get('/:id', async (c) => {
    const item = mediaId.test(c.req.param('id')) ? library.get(c.req.param('id')) : undefined;
    if (!item) return jsonError(c, 404, 'no such media file', coded('no-media'));
    try {
      return await sendFile(item.path, c.req.header('range'), { contentType: contentTypeOf(item.path) });
    } catch {
      return jsonError(c, 404, 'the media file is gone', coded('media-gone'));
    }
  });

  app.get('/:id/subtitles.vtt', (c) => {
    const item = mediaId.test(c.req.param('id')) ? library.get(c.req.param('id')) : undefined;
    if (!item) return jsonError(c, 404, 'no such media file', coded('no-media'));
    if (!item.subtitles) return jsonError(c, 404, 'this file has no subtitles', coded('no-subtitles'));
    return c.body(item.subtitles, 200, { 'content-type': 'text/vtt; charset=utf-8', 'cache-control': 'no-cache' });
  });

  app.get('/:id/thumb', async (c) => {
    const item = mediaId.test(c.req.param('id')) ? library.get(c.req.param('id')) : undefined;
    if (!item) return jsonError(c, 404, 'no such media file', coded('no-media'));
    if (item.kind !== 'video') return jsonError(c, 404, 'audio files have no picture', coded('no-picture'));
    const requested = Number(c.req.query('t') ?? 0);
    if (!Number.isFinite(requested) || requested < 0) return jsonError(c, 400, 't must be a time in seconds', coded('bad-time'));
    const seconds = Math.min(Math.floor(requested), Math.max(0, Math.floor((item.duration ?? 1) - 1)));
    const cached = path.join(cacheDir, `${item.id}-${seconds}.jpg`);
    let image: Buffer;
    try {
      image = fs.readFileSync(cached);
    } catch {
      try {
        image = await thumbnail(item.path, seconds);
      } catch (error) {
        log.warn('thumbnail failed', { error: error instanceof Error ? error.message : String(error) });
        return jsonError(c, 422, 'no picture could be taken from this file', coded('no-picture'));
      }
      fs.mkdirSync(cacheDir, { recursive: true });
      const temporary = `${cached}.${process.pid}.tmp`;
      fs.writeFileSync(temporary, image);
      fs.renameSync(temporary, cached);
    }
    return c.body(new Uint8Array(image), 200, { 'content-type': 'image/jpeg', 'cache-control': 'public, max-age=86400' });
  });

  app.get('/:id/clip', async (c) => {
    const item = mediaId.test(c.req.param('id')) ? library.get(c.req.param('id')) : undefined;
    if (!item) return jsonError(c, 404, 'no such media file', coded('no-media'));
    const [start, end] = [c.req.query('start'), c.req.query('end')].map((value) => (value === undefined || value.trim() === '' ? NaN : Number(value)));
    if (!Number.isFinite(start) || !Number.isFinite(end) || start < 0 || end <= start) {
      return jsonError(c, 400, 'start and end must be times in seconds, with end after start', coded('bad-span'));
    }
    if (end - start > maxClipSeconds) return jsonError(c, 400, `a clip is at most ${maxClipSeconds} s long`, coded('clip-too-long', { max: maxClipSeconds }));
    if (item.duration !== null && start >= item.duration) return jsonError(c, 400, `start is past the end of the file (${item.duration.toFixed(1)} s)`, coded('start-past-end', { duration: item.duration }));
    let clip: Buffer;
    try {
      clip = await audioClip(item.path, start, end - start);
    } catch (error) {
      log.warn('clip failed', { error: error instanceof Error ? error.message : String(error) });
      return jsonError(c, 422, 'no audio could be cut from this file', coded('no-audio'));
    }
    return c.body(new Uint8Array(clip), 200, { 'content-type': 'audio/mpeg', 'cache-control': 'public, max-age=86400' });
  });

  return app;
}

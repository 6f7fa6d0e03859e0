import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Logger } from '../../log';
import { maxClipSeconds } from '../../../common/anki';
import { clipQuerySchema, clipTooLong, thumbQuerySchema } from '../../../common/media';
import { audioClip, thumbnail } from '../../media/ffmpeg';
import { contentTypeOf, type MediaItem, type MediaLibrary } from '../../media/library';
import { sendFile } from '../../send-file';
import { jsonError } from '../../json-error';
import { coded } from '../../../common/server-errors';
import { validInput } from '../../valid-input';

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
  // The file is looked up before its query is checked: an unknown file is 404 whatever was asked of it.
  const knownItem = createMiddleware<{ Variables: { item: MediaItem } }>(async (c, next) => {
    const item = mediaId.test(c.req.param('id') ?? '') ? library.get(c.req.param('id') ?? '') : undefined;
    if (!item) return jsonError(c, 404, 'no such media file', coded('no-media'));
    c.set('item', item);
    await next();
  });
  const thumbQuery = validInput('query', thumbQuerySchema, { refuse: () => ({ message: 't must be a time in seconds', ...coded('bad-time') }) });
  const clipQuery = validInput('query', clipQuerySchema, {
    refuse: ({ issue }) =>
      issue.code === 'custom' && issue.params?.refusal === clipTooLong
        ? { message: `a clip is at most ${maxClipSeconds} s long`, ...coded('clip-too-long', { max: maxClipSeconds }) }
        : { message: 'start and end must be times in seconds, with end after start', ...coded('bad-span') },
  });

  app.get('/', async (c) => {
    const items = await library.list();
    return c.json({
      media: items.map(({ id, title, kind, duration, size, docId, error }) => ({ id, title, kind, duration, size, subtitles: docId !== null, error })),
    });
  });

  app.get('/:id', knownItem, async (c) => {
    const item = c.get('item');
    try {
      return await sendFile(item.path, c.req.header('range'), { contentType: contentTypeOf(item.path) });
    } catch {
      return jsonError(c, 404, 'the media file is gone', coded('media-gone'));
    }
  });

  app.get('/:id/subtitles.vtt', knownItem, (c) => {
    const item = c.get('item');
    if (!item.subtitles) return jsonError(c, 404, 'this file has no subtitles', coded('no-subtitles'));
    return c.body(item.subtitles, 200, { 'content-type': 'text/vtt; charset=utf-8', 'cache-control': 'no-cache' });
  });

  const videoOnly = createMiddleware<{ Variables: { item: MediaItem } }>(async (c, next) => {
    if (c.get('item').kind !== 'video') return jsonError(c, 404, 'audio files have no picture', coded('no-picture'));
    await next();
  });

  app.get('/:id/thumb', knownItem, videoOnly, thumbQuery, async (c) => {
    const item = c.get('item');
    const requested = c.req.valid('query').t;
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

  app.get('/:id/clip', knownItem, clipQuery, async (c) => {
    const item = c.get('item');
    const { start, end } = c.req.valid('query');
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

import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import type { Logger } from '../../log';
import { thumbnail } from '../../media/ffmpeg';
import { contentTypeOf, type MediaLibrary } from '../../media/library';
import { sendFile } from '../../send-file';

interface Deps {
  library: MediaLibrary;
  /** Where generated thumbnails are kept. */
  cacheDir: string;
  log: Logger;
}

const mediaId = /^[0-9a-f]{16}$/;

/** CONTRACT.md "Video search": the local media library's files, subtitles and thumbnails. */
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
    if (!item) return c.json({ error: 'no such media file' }, 404);
    try {
      return await sendFile(item.path, c.req.header('range'), { contentType: contentTypeOf(item.path) });
    } catch {
      return c.json({ error: 'the media file is gone' }, 404);
    }
  });

  app.get('/:id/subtitles.vtt', (c) => {
    const item = mediaId.test(c.req.param('id')) ? library.get(c.req.param('id')) : undefined;
    if (!item) return c.json({ error: 'no such media file' }, 404);
    if (!item.subtitles) return c.json({ error: 'this file has no subtitles' }, 404);
    return c.body(item.subtitles, 200, { 'content-type': 'text/vtt; charset=utf-8', 'cache-control': 'no-cache' });
  });

  app.get('/:id/thumb', async (c) => {
    const item = mediaId.test(c.req.param('id')) ? library.get(c.req.param('id')) : undefined;
    if (!item) return c.json({ error: 'no such media file' }, 404);
    if (item.kind !== 'video') return c.json({ error: 'audio files have no picture' }, 404);
    const requested = Number(c.req.query('t') ?? 0);
    if (!Number.isFinite(requested) || requested < 0) return c.json({ error: 't must be a time in seconds' }, 400);
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
        return c.json({ error: 'no picture could be taken from this file' }, 422);
      }
      fs.mkdirSync(cacheDir, { recursive: true });
      const temporary = `${cached}.${process.pid}.tmp`;
      fs.writeFileSync(temporary, image);
      fs.renameSync(temporary, cached);
    }
    return c.body(new Uint8Array(image), 200, { 'content-type': 'image/jpeg', 'cache-control': 'public, max-age=86400' });
  });

  return app;
}

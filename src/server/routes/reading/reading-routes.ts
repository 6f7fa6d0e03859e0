import { Hono } from 'hono';
import { characterCount, readingLimits, readingRequestSchema } from '../../../common/reading';
import { ReadingUnavailable, type ReadingService } from '../../corpus/reading-service';
import { jsonError } from '../../json-error';
import { relayBodyLimit } from '../../relay';

/** `POST /api/reading` (CONTRACT "Furigana"): `{"texts":[…]}` → `{"results":[[{surface, reading?}, …], …]}`. */
export function readingRoutes({ reading }: { reading: ReadingService }) {
  const app = new Hono();
  // 20,000 characters are at most 80 kB of UTF-8; JSON escapes (\uXXXX) can make it up to six bytes a character.
  app.post('/', relayBodyLimit(readingLimits.characters * 6 + 64 * 1024), async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return jsonError(c, 400, 'The body must be JSON: {"texts": ["…"]}.');
    }
    const parsed = readingRequestSchema.safeParse(body);
    if (!parsed.success) return jsonError(c, 400, 'The body must be {"texts": ["…", …]}, a list of strings.');
    const { texts } = parsed.data;
    if (texts.length > readingLimits.texts) return jsonError(c, 413, `At most ${readingLimits.texts} texts per request (got ${texts.length}).`);
    const characters = texts.reduce((sum, text) => sum + characterCount(text), 0);
    if (characters > readingLimits.characters) return jsonError(c, 413, `At most ${readingLimits.characters} characters per request (got ${characters}).`);
    try {
      // The cached answers are JSON already: joined, not parsed and encoded again.
      const results = await reading.readJson(texts);
      return c.body(`{"results":[${results.join(',')}]}`, 200, { 'Content-Type': 'application/json' });
    } catch (error) {
      if (error instanceof ReadingUnavailable) return jsonError(c, 503, error.message, { headers: { 'Retry-After': '30' } });
      throw error;
    }
  });
  return app;
}

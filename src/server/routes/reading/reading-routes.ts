import { Hono } from 'hono';
import { characterCount, readingLimits, readingRequestSchema } from '../../../common/reading';
import { ReadingUnavailable, type ReadingService } from '../../corpus/reading-service';
import { jsonError } from '../../json-error';
import { relayBodyLimit } from '../../relay';
import { validInput } from '../../valid-input';
import { coded } from '../../../common/server-errors';

/** `POST /api/reading` (docs/api.md "Furigana"): `{"texts":[…]}` → `{"results":[[{surface, reading?}, …], …]}`. */
export function readingRoutes({ reading }: { reading: ReadingService }) {
  const app = new Hono();
  // 20,000 characters are at most 80 kB of UTF-8; JSON escapes (\uXXXX) can make it up to six bytes a character.
  const input = validInput('json', readingRequestSchema, {
    notJson: { message: 'The body must be JSON: {"texts": ["…"]}.', ...coded('body-not-json') },
    refuse: ({ field, issue }) => ({ message: 'The body must be {"texts": ["…", …]}, a list of strings.', ...coded('invalid-input', { field, issue: issue.message }) }),
  });
  app.post('/', relayBodyLimit(readingLimits.characters * 6 + 64 * 1024), input, async (c) => {
    const { texts } = c.req.valid('json');
    if (texts.length > readingLimits.texts) return jsonError(c, 413, `At most ${readingLimits.texts} texts per request (got ${texts.length}).`, coded('too-many-texts', { count: texts.length, max: readingLimits.texts }));
    const characters = texts.reduce((sum, text) => sum + characterCount(text), 0);
    if (characters > readingLimits.characters) return jsonError(c, 413, `At most ${readingLimits.characters} characters per request (got ${characters}).`, coded('too-many-characters', { count: characters, max: readingLimits.characters }));
    try {
      // The cached answers are JSON already: joined, not parsed and encoded again.
      const results = await reading.readJson(texts);
      return c.body(`{"results":[${results.join(',')}]}`, 200, { 'Content-Type': 'application/json' });
    } catch (error) {
      if (error instanceof ReadingUnavailable) return jsonError(c, 503, error.message, { ...coded('reading-unavailable'), headers: { 'Retry-After': '30' } });
      throw error;
    }
  });
  return app;
}

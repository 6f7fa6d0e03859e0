import { Hono } from 'hono';
import { dictQueryMaxLength } from '../../../common/dict';
import { DictUnavailableError, type DictService } from './service';

/** `/api/dict/*`: dictionary status and lookups. */
export function dictRoutes(dict: DictService) {
  const app = new Hono();

  app.get('/status', (c) => c.json(dict.status()));

  app.get('/lookup', (c) => {
    const raw = c.req.query('q');
    const query = raw?.trim() ?? '';
    if (query === '') return c.json({ error: 'Missing query: add ?q= with a word in kanji, kana or romaji.' }, 400);
    const length = [...query].length;
    if (length > dictQueryMaxLength) {
      return c.json({ error: `Query too long: ${length} characters; the limit is ${dictQueryMaxLength}.` }, 400);
    }
    try {
      return c.json(dict.lookup(query));
    } catch (error) {
      if (error instanceof DictUnavailableError) return c.json({ error: error.message, state: error.state }, 503);
      throw error;
    }
  });

  return app;
}

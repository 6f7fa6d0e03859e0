import { Hono } from 'hono';
import { dictQueryMaxLength } from '../../../common/dict';
import { DictUnavailableError, type DictService } from '../../dict/service';
import { jsonError } from '../../json-error';
import { coded } from '../../../common/server-errors';
import { dictionariesRoutes } from './dictionaries-routes';

/** `/api/dict/*`: dictionary status and lookups, and the learner's dictionaries (dictionaries-routes.ts). */
export function dictRoutes(dict: DictService) {
  const app = new Hono();

  app.get('/status', (c) => c.json(dict.status()));

  app.get('/lookup', (c) => {
    const raw = c.req.query('q');
    const query = raw?.trim() ?? '';
    if (query === '') return jsonError(c, 400, 'Missing query: add ?q= with a word in kanji, kana or romaji.', coded('query-missing'));
    const length = [...query].length;
    if (length > dictQueryMaxLength) {
      return jsonError(c, 400, `Query too long: ${length} characters; the limit is ${dictQueryMaxLength}.`, coded('query-too-long', { length, max: dictQueryMaxLength }));
    }
    try {
      return c.json(dict.lookup(query));
    } catch (error) {
      if (error instanceof DictUnavailableError) return jsonError(c, 503, error.message, { ...coded(error.state === 'importing' ? 'dict-importing' : 'dict-empty'), fields: { state: error.state } });
      throw error;
    }
  });

  app.route('/', dictionariesRoutes(dict.library));

  return app;
}

import type { Context } from 'hono';
import { Hono } from 'hono';
import { coded } from '../../../common/server-errors';
import { dictionaryOrderSchema, dictionaryPatchSchema, frequencyChoiceSchema } from '../../../common/dictionaries';
import { jsonError } from '../../json-error';
import { validInput } from '../../valid-input';
import { saveMultipartFile } from '../../multipart-file';
import type { DictionaryLibrary } from '../../dict/library';
import { imageType } from '../../dict/yomitan/importer';
import { scopeCss } from '../../dict/yomitan/scope-css';
import { safeMediaPath } from '../../dict/yomitan/structured-content';

/** The largest dictionary zip accepted (Jitendex is ~35 MB; the biggest Yomitan dictionaries a few hundred). */
export const maxDictionaryUploadBytes = 1024 * 1024 * 1024;

const noDictionary = (c: Context, id: string) => jsonError(c, 404, `No dictionary ${id}.`, coded('no-dictionary', { id }));

/** `/api/dict/dictionaries`, `/api/dict/imports`, `/api/dict/order`, `/api/dict/frequency` (docs/dictionaries-api.md "Routes"). */
export function dictionariesRoutes(library: DictionaryLibrary) {
  const app = new Hono();

  app.get('/dictionaries', (c) => c.json(library.list(), 200, { 'Cache-Control': 'no-store' }));

  app.post('/dictionaries', async (c) => {
    const declared = Number(c.req.header('content-length') ?? 0);
    const tooLarge = () =>
      jsonError(c, 413, `The file is too large: at most ${maxDictionaryUploadBytes / 2 ** 30} GB.`, coded('dict-upload-too-large', { max: maxDictionaryUploadBytes }));
    if (declared > maxDictionaryUploadBytes + 64 * 1024) return tooLarge();
    const target = library.uploadPath();
    const saved = await saveMultipartFile(c.req.raw, 'file', target, maxDictionaryUploadBytes);
    if (!saved.ok) {
      if (saved.problem === 'too-large') return tooLarge();
      if (saved.problem === 'not-multipart') return jsonError(c, 415, 'Send the dictionary as multipart/form-data with a field named file.', coded('dict-upload-not-multipart'));
      return jsonError(c, 400, 'No file: send the dictionary (.zip) in a field named file.', coded('missing-file'));
    }
    return c.json({ import: library.enqueue(target, saved.fileName) }, 202);
  });

  app.get('/imports', (c) => c.json({ imports: library.imports() }, 200, { 'Cache-Control': 'no-store' }));

  app.get('/imports/:id', (c) => {
    const entry = library.getImport(c.req.param('id'));
    if (!entry) return jsonError(c, 404, `No import ${c.req.param('id')}.`, coded('no-import', { id: c.req.param('id') }));
    return c.json({ import: entry }, 200, { 'Cache-Control': 'no-store' });
  });

  app.delete('/imports/:id', (c) => {
    const id = c.req.param('id');
    if (library.cancel(id)) return c.body(null, 204);
    if (library.getImport(id)) return jsonError(c, 409, `The import ${id} has already ended.`, coded('import-ended', { id }));
    return jsonError(c, 404, `No import ${id}.`, coded('no-import', { id }));
  });

  app.patch('/dictionaries/:id', validInput('json', dictionaryPatchSchema), async (c) => {
    const { enabled } = c.req.valid('json');
    const id = c.req.param('id');
    const current = library.get(id);
    if (!current) return noDictionary(c, id);
    const updated = enabled === undefined ? current : library.setEnabled(id, enabled);
    return c.json(updated ?? current);
  });

  app.delete('/dictionaries/:id', (c) => {
    const id = c.req.param('id');
    return library.remove(id) ? c.body(null, 204) : noDictionary(c, id);
  });

  app.put('/order', validInput('json', dictionaryOrderSchema), async (c) => {
    const problem = library.setOrder(c.req.valid('json').ids);
    if (problem) return jsonError(c, 400, problem, coded('invalid-input', { field: 'ids', issue: problem }));
    return c.body(null, 204);
  });

  app.put('/frequency', validInput('json', frequencyChoiceSchema), async (c) => {
    const { id } = c.req.valid('json');
    if (!library.setFrequencyDictionary(id)) return noDictionary(c, id ?? '');
    return c.body(null, 204);
  });

  app.get('/dictionaries/:id/styles.css', (c) => {
    const id = c.req.param('id');
    const db = library.get(id) && library.db(id);
    if (!db) return noDictionary(c, id);
    const css = db.meta.get('styles');
    return c.body(css ? scopeCss(css, id) : '', 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'private, max-age=300', 'X-Content-Type-Options': 'nosniff' });
  });

  app.get('/dictionaries/:id/media/*', (c) => {
    const id = c.req.param('id');
    const prefix = `/dictionaries/${id}/media/`;
    const at = c.req.path.indexOf(prefix);
    let file: string;
    try {
      file = decodeURIComponent(c.req.path.slice(at + prefix.length));
    } catch {
      file = '';
    }
    const type = imageType(file);
    const db = library.get(id) && library.db(id);
    if (!db) return noDictionary(c, id);
    const data = safeMediaPath(file) && type ? db.media(file) : undefined;
    if (!data || !type) return jsonError(c, 404, `No file ${file} in dictionary ${id}.`, coded('no-dictionary-file', { id, path: file }));
    return c.body(new Uint8Array(data), 200, {
      'Content-Type': type,
      'Cache-Control': 'private, max-age=86400',
      // With the app's Content-Security-Policy (no inline script), an SVG opened on its own runs nothing.
      'X-Content-Type-Options': 'nosniff',
    });
  });

  return app;
}

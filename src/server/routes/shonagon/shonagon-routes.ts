import zlib from 'node:zlib';
import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import { formatBytes } from '../../../common/bytes';
import { documentMetaSchema, extensionOf, importIdPattern, isLibraryFile, libraryExtensions, searchModeSchema, type SearchParams, searchSortSchema, textDocumentSchema } from '../../../common/shonagon';
import { CorpusQueryError, searchLimits } from '../../corpus/corpus';
import { ImportError } from '../../corpus/extract';
import type { ImportMeta } from '../../corpus/import-job';
import { ReadError } from '../../corpus/search-pool';
import type { CorpusService } from '../../corpus/service';
import { relayBodyLimit } from '../../relay';
import { jsonError } from '../../json-error';

// The wire schemas are zod/mini, which has no messages of its own; a refused body is explained in English.
z.config(z.locales.en());

function list(c: Context, name: string): string[] | undefined {
  const values = (c.req.queries(name) ?? []).flatMap((value) => value.split(',')).map((value) => value.trim()).filter(Boolean);
  return values.length ? values : undefined;
}

class BadParameter extends Error {}

function integer(c: Context, name: string, { min, max }: { min: number; max?: number }): number | undefined {
  const raw = c.req.query(name);
  if (raw === undefined || raw.trim() === '') return undefined;
  if (!/^-?\d+$/.test(raw.trim())) throw new BadParameter(`Bad ${name}: "${raw.slice(0, 40)}" is not a whole number.`);
  const value = Number(raw);
  if (value < min) throw new BadParameter(`Bad ${name}: it must be at least ${min}.`);
  return max === undefined ? value : Math.min(value, max);
}

/** `/shonagon_api/*`: the corpus search API (CONTRACT "Shonagon", docs/shonagon-api.md). */
export function shonagonRoutes({ corpus, maxBytes }: { corpus: CorpusService; maxBytes: number }) {
  const app = new Hono();

  app.onError((error, c) => {
    if (error instanceof BadParameter || error instanceof CorpusQueryError) return jsonError(c, 400, error.message);
    if (error instanceof ImportError) return jsonError(c, error.status, error.message);
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return jsonError(c, 503, 'The corpus is busy with an import; try again shortly.');
    if (error instanceof ReadError && error.kind === 'cancelled') return jsonError(c, 503, 'The search was cancelled (the client left, or it ran over a minute).');
    throw error;
  });

  app.get('/search', async (c) => {
    const q = c.req.query('q');
    if (q === undefined || q.trim() === '') return jsonError(c, 400, 'Missing query: add ?q= with the text to search for.');
    const mode = searchModeSchema.safeParse(c.req.query('mode') ?? 'string');
    if (!mode.success) return jsonError(c, 400, `Bad mode "${c.req.query('mode')!.slice(0, 20)}": use string or lemma.`);
    const sort = searchSortSchema.safeParse(c.req.query('sort') ?? 'order');
    if (!sort.success) return jsonError(c, 400, `Bad sort "${c.req.query('sort')!.slice(0, 20)}": use order, year or random.`);
    const params: SearchParams = {
      q,
      mode: mode.data,
      sort: sort.data,
      seed: c.req.query('seed') ?? '',
      media: list(c, 'media'),
      doc: list(c, 'doc'),
      from: integer(c, 'from', { min: -9999 }),
      to: integer(c, 'to', { min: -9999 }),
      offset: integer(c, 'offset', { min: 0 }) ?? 0,
      limit: integer(c, 'limit', { min: 0, max: searchLimits.maxLimit }) ?? searchLimits.defaultLimit,
      width: integer(c, 'width', { min: 0, max: searchLimits.maxWidth }) ?? searchLimits.defaultWidth,
    };
    // The reader's bytes go out as they are: the main thread neither builds, parses nor compresses the answer.
    const answer = await corpus.searchAnswer(params, c.req.raw.signal);
    if (/\bgzip\b/i.test(c.req.header('accept-encoding') ?? '')) {
      return c.body(answer.gzip as Uint8Array<ArrayBuffer>, 200, { 'content-type': 'application/json', 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
    }
    return c.body(zlib.gunzipSync(answer.gzip) as Uint8Array<ArrayBuffer>, 200, { 'content-type': 'application/json', vary: 'Accept-Encoding' });
  });

  app.post('/documents', relayBodyLimit(maxBytes + 1024 * 1024), async (c) => {
    const type = c.req.header('content-type') ?? '';
    const headerImportId = c.req.header('x-import-id');
    if (type.startsWith('application/json')) {
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        return jsonError(c, 400, 'The body is not valid JSON.');
      }
      const parsed = textDocumentSchema.safeParse(body);
      if (!parsed.success) return jsonError(c, 400, `Bad document: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ')}`);
      const { text, ...meta } = parsed.data;
      const bytes = Buffer.byteLength(text);
      if (bytes > maxBytes) return jsonError(c, 413, `${meta.title || 'text'}: ${formatBytes(bytes)} is over the ${formatBytes(maxBytes, 'limit')} limit (SHONAGON_MAX_BYTES).`);
      if (text.trim() === '') return jsonError(c, 400, `${meta.title || 'text'}: the text is empty.`);
      const stats = await corpus.importDocument({ kind: 'text', text }, { ...meta, title: meta.title || firstLine(text) }, importId(headerImportId));
      return c.json(stats, 201);
    }
    if (!type.startsWith('multipart/form-data')) {
      return jsonError(c, 415, 'Send multipart/form-data with a file field, or JSON {"title","text"}.');
    }
    const form = await c.req.parseBody();
    const file = Array.isArray(form.file) ? form.file[0] : form.file;
    if (!(file instanceof File)) return jsonError(c, 400, 'Missing file: send the document in a multipart field named file.');
    const name = baseName(file.name || 'file');
    if (!isLibraryFile(name)) {
      const extension = extensionOf(name);
      return jsonError(c, 415, `${name}: unsupported file type${extension ? ` ${extension}` : ''}; use ${libraryExtensions.join(' ')}`);
    }
    if (file.size > maxBytes) return jsonError(c, 413, `${name}: ${formatBytes(file.size)} is over the ${formatBytes(maxBytes, 'limit')} limit (SHONAGON_MAX_BYTES).`);
    if (file.size === 0) return jsonError(c, 400, `${name}: the file is empty (0 bytes).`);
    const field = (key: string) => (typeof form[key] === 'string' ? (form[key] as string) : undefined);
    const rawYear = field('pubYear')?.trim();
    if (rawYear && !/^\d{1,4}$/.test(rawYear)) return jsonError(c, 400, `${name}: bad pubYear "${rawYear.slice(0, 20)}": give a year such as 2004.`);
    const meta = documentMetaSchema.safeParse({ title: field('title') || undefined, media: field('media'), author: field('author'), pubYear: rawYear ? Number(rawYear) : undefined });
    if (!meta.success) return jsonError(c, 400, `${name}: bad metadata: ${meta.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const stats = await corpus.importDocument({ kind: 'file', name, bytes }, meta.data as ImportMeta, importId(field('importId') ?? headerImportId));
    return c.json(stats, 201);
  });

  app.get('/documents', async (c) => c.json({ documents: await corpus.listDocuments() }));

  app.get('/documents/:id', async (c) => {
    const doc = await corpus.getDocument(c.req.param('id'));
    return doc ? c.json(doc) : jsonError(c, 404, `No document ${c.req.param('id')}.`);
  });

  app.patch('/documents/:id', async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return jsonError(c, 400, 'The body is not valid JSON.');
    }
    const parsed = documentMetaSchema.safeParse(body);
    if (!parsed.success) return jsonError(c, 400, `Bad metadata: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
    if (parsed.data.title === '') return jsonError(c, 400, 'Bad metadata: title: a title cannot be empty.');
    const doc = await corpus.updateDocument(c.req.param('id'), parsed.data);
    return doc ? c.json(doc) : jsonError(c, 404, `No document ${c.req.param('id')}.`);
  });

  app.delete('/documents/:id', async (c) => {
    if (!(await corpus.deleteDocument(c.req.param('id')))) return jsonError(c, 404, `No document ${c.req.param('id')}.`);
    return c.body(null, 204);
  });

  app.get('/documents/:id/sentences', async (c) => {
    const from = integer(c, 'from', { min: 0 }) ?? 0;
    const limit = integer(c, 'limit', { min: 1, max: 500 }) ?? 100;
    const result = await corpus.getSentences(c.req.param('id'), from, limit);
    return result ? c.json({ total: result.total, from, sentences: result.sentences }) : jsonError(c, 404, `No document ${c.req.param('id')}.`);
  });

  app.get('/imports', async (c) => c.json({ imports: await corpus.listImports() }));

  app.get('/imports/:id', (c) => {
    const status = corpus.importStatus(c.req.param('id'));
    return status ? c.json(status) : jsonError(c, 404, `No import ${c.req.param('id')}.`);
  });

  app.all('*', (c) => jsonError(c, 404, `No Shonagon API route ${c.req.method} ${c.req.path}`));

  return app;
}

function importId(value: string | undefined): string | undefined {
  return value && importIdPattern.test(value) ? value : undefined;
}

function baseName(name: string): string {
  return name.split(/[\\/]/).pop()!.slice(0, 200);
}

function firstLine(text: string): string {
  const line = text.trim().split('\n')[0].trim();
  return [...line].length > 40 ? [...line].slice(0, 40).join('') + '…' : line;
}

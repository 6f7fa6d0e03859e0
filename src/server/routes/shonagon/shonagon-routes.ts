import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { CorpusQueryError, searchLimits, type SearchParams } from '../../corpus/corpus';
import { ImportError, isSupported, extensionOf, supportedExtensions } from '../../corpus/extract';
import type { ImportMeta } from '../../corpus/import-job';
import { ReadError } from '../../corpus/search-pool';
import type { CorpusService } from '../../corpus/service';
import { relayBodyLimit } from '../../relay';

const metaSchema = z.object({
  title: z.string().trim().max(500).optional(),
  media: z.string().trim().max(100).optional(),
  pubYear: z.union([z.number().int().min(0).max(9999), z.null()]).optional(),
  author: z.string().trim().max(500).optional(),
});

const textSchema = metaSchema.extend({ text: z.string() });

const importIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

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

function formatBytes(bytes: number) {
  return `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;
}

/** `/shonagon_api/*`: the corpus search API (CONTRACT "Shonagon", docs/shonagon-api.md). */
export function shonagonRoutes({ corpus, maxBytes }: { corpus: CorpusService; maxBytes: number }) {
  const app = new Hono();

  app.onError((error, c) => {
    if (error instanceof BadParameter || error instanceof CorpusQueryError) return c.json({ error: error.message }, 400);
    if (error instanceof ImportError) return c.json({ error: error.message }, error.status);
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return c.json({ error: 'The corpus is busy with an import; try again shortly.' }, 503);
    if (error instanceof ReadError && error.kind === 'cancelled') return c.json({ error: 'The search was cancelled (the client left, or it ran over a minute).' }, 503);
    throw error;
  });

  app.get('/search', async (c) => {
    const q = c.req.query('q');
    if (q === undefined || q.trim() === '') return c.json({ error: 'Missing query: add ?q= with the text to search for.' }, 400);
    const mode = c.req.query('mode') ?? 'string';
    if (mode !== 'string' && mode !== 'lemma') return c.json({ error: `Bad mode "${mode.slice(0, 20)}": use string or lemma.` }, 400);
    const sort = c.req.query('sort') ?? 'order';
    if (sort !== 'order' && sort !== 'year' && sort !== 'random') return c.json({ error: `Bad sort "${sort.slice(0, 20)}": use order, year or random.` }, 400);
    const params: SearchParams = {
      q,
      mode,
      sort,
      seed: c.req.query('seed') ?? '',
      media: list(c, 'media'),
      doc: list(c, 'doc'),
      from: integer(c, 'from', { min: -9999 }),
      to: integer(c, 'to', { min: -9999 }),
      offset: integer(c, 'offset', { min: 0 }) ?? 0,
      limit: integer(c, 'limit', { min: 0, max: searchLimits.maxLimit }) ?? searchLimits.defaultLimit,
      width: integer(c, 'width', { min: 0, max: searchLimits.maxWidth }) ?? searchLimits.defaultWidth,
    };
    // The reader's JSON goes out as it is: the main thread neither builds nor parses the answer.
    return c.body(await corpus.searchJson(params, c.req.raw.signal), 200, { 'content-type': 'application/json' });
  });

  app.post('/documents', relayBodyLimit(maxBytes + 1024 * 1024), async (c) => {
    const type = c.req.header('content-type') ?? '';
    const headerImportId = c.req.header('x-import-id');
    if (type.startsWith('application/json')) {
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        return c.json({ error: 'The body is not valid JSON.' }, 400);
      }
      const parsed = textSchema.safeParse(body);
      if (!parsed.success) return c.json({ error: `Bad document: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ')}` }, 400);
      const { text, ...meta } = parsed.data;
      const bytes = Buffer.byteLength(text);
      if (bytes > maxBytes) return c.json({ error: `${meta.title || 'text'}: ${formatBytes(bytes)} is over the ${formatBytes(maxBytes)} limit (SHONAGON_MAX_BYTES).` }, 413);
      if (text.trim() === '') return c.json({ error: `${meta.title || 'text'}: the text is empty.` }, 400);
      const stats = await corpus.importDocument({ kind: 'text', text }, { ...meta, title: meta.title || firstLine(text) }, importId(headerImportId));
      return c.json(stats, 201);
    }
    if (!type.startsWith('multipart/form-data')) {
      return c.json({ error: 'Send multipart/form-data with a file field, or JSON {"title","text"}.' }, 415);
    }
    const form = await c.req.parseBody();
    const file = Array.isArray(form.file) ? form.file[0] : form.file;
    if (!(file instanceof File)) return c.json({ error: 'Missing file: send the document in a multipart field named file.' }, 400);
    const name = baseName(file.name || 'file');
    if (!isSupported(name)) {
      const extension = extensionOf(name);
      return c.json({ error: `${name}: unsupported file type${extension ? ` ${extension}` : ''}; use ${supportedExtensions.join(' ')}` }, 415);
    }
    if (file.size > maxBytes) return c.json({ error: `${name}: ${formatBytes(file.size)} is over the ${formatBytes(maxBytes)} limit (SHONAGON_MAX_BYTES).` }, 413);
    if (file.size === 0) return c.json({ error: `${name}: the file is empty (0 bytes).` }, 400);
    const field = (key: string) => (typeof form[key] === 'string' ? (form[key] as string) : undefined);
    const rawYear = field('pubYear')?.trim();
    if (rawYear && !/^\d{1,4}$/.test(rawYear)) return c.json({ error: `${name}: bad pubYear "${rawYear.slice(0, 20)}": give a year such as 2004.` }, 400);
    const meta = metaSchema.safeParse({ title: field('title') || undefined, media: field('media'), author: field('author'), pubYear: rawYear ? Number(rawYear) : undefined });
    if (!meta.success) return c.json({ error: `${name}: bad metadata: ${meta.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}` }, 400);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const stats = await corpus.importDocument({ kind: 'file', name, bytes }, meta.data as ImportMeta, importId(field('importId') ?? headerImportId));
    return c.json(stats, 201);
  });

  app.get('/documents', async (c) => c.json({ documents: await corpus.listDocuments() }));

  app.get('/documents/:id', async (c) => {
    const doc = await corpus.getDocument(c.req.param('id'));
    return doc ? c.json(doc) : c.json({ error: `No document ${c.req.param('id')}.` }, 404);
  });

  app.patch('/documents/:id', async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ error: 'The body is not valid JSON.' }, 400);
    }
    const parsed = metaSchema.safeParse(body);
    if (!parsed.success) return c.json({ error: `Bad metadata: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}` }, 400);
    if (parsed.data.title === '') return c.json({ error: 'Bad metadata: title: a title cannot be empty.' }, 400);
    const doc = await corpus.updateDocument(c.req.param('id'), parsed.data);
    return doc ? c.json(doc) : c.json({ error: `No document ${c.req.param('id')}.` }, 404);
  });

  app.delete('/documents/:id', async (c) => {
    if (!(await corpus.deleteDocument(c.req.param('id')))) return c.json({ error: `No document ${c.req.param('id')}.` }, 404);
    return c.body(null, 204);
  });

  app.get('/documents/:id/sentences', async (c) => {
    const from = integer(c, 'from', { min: 0 }) ?? 0;
    const limit = integer(c, 'limit', { min: 1, max: 500 }) ?? 100;
    const result = await corpus.getSentences(c.req.param('id'), from, limit);
    return result ? c.json({ total: result.total, from, sentences: result.sentences }) : c.json({ error: `No document ${c.req.param('id')}.` }, 404);
  });

  app.get('/imports', (c) => c.json({ imports: corpus.listImports() }));

  app.get('/imports/:id', (c) => {
    const status = corpus.importStatus(c.req.param('id'));
    return status ? c.json(status) : c.json({ error: `No import ${c.req.param('id')}.` }, 404);
  });

  app.all('*', (c) => c.json({ error: `No Shonagon API route ${c.req.method} ${c.req.path}` }, 404));

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

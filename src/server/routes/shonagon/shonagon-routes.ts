import zlib from 'node:zlib';
import { Hono, type Context } from 'hono';
import { formatBytes } from '../../../common/bytes';
import { coded } from '../../../common/server-errors';
import { documentMetaSchema, extensionOf, importIdPattern, isLibraryFile, libraryExtensions, searchLimits, searchQuerySchema, sentencesQuerySchema, textDocumentSchema } from '../../../common/shonagon';
import { CorpusQueryError } from '../../corpus/corpus';
import { ImportError } from '../../corpus/extract';
import type { ImportMeta } from '../../corpus/import-job';
import { ReadError } from '../../corpus/search-pool';
import type { CorpusService } from '../../corpus/service';
import { relayBodyLimit } from '../../relay';
import { jsonError } from '../../json-error';
import { checkInput, describeIssues, refuse, validInput, type Failure, type Refusal } from '../../valid-input';

/** A query parameter refused: today's words for each (docs/errors.md). */
function refuseParameter({ field, issue, input }: Failure): Refusal {
  const first = input[field];
  const raw = String((Array.isArray(first) ? first[0] : first) ?? '');
  if (field === 'q') {
    if (raw.trim() === '') return { message: 'Missing query: add ?q= with the text to search for.', ...coded('query-missing') };
    const length = [...raw].length;
    return { message: `Query too long: ${length} characters; the limit is ${searchLimits.maxQuery}.`, ...coded('query-too-long', { length, max: searchLimits.maxQuery }) };
  }
  if (field === 'mode') return { message: `Bad mode "${raw.slice(0, 20)}": use string or lemma.`, ...coded('bad-parameter', { name: field, value: raw.slice(0, 20) }) };
  if (field === 'sort') return { message: `Bad sort "${raw.slice(0, 20)}": use order, year or random.`, ...coded('bad-parameter', { name: field, value: raw.slice(0, 20) }) };
  if (issue.code === 'too_small') {
    const min = Number(issue.minimum);
    return { message: `Bad ${field}: it must be at least ${min}.`, ...coded('parameter-too-small', { name: field, min }) };
  }
  return { message: `Bad ${field}: "${raw.slice(0, 40)}" is not a whole number.`, ...coded('bad-parameter', { name: field, value: raw.slice(0, 40) }) };
}

const noDocument = (c: Context) => jsonError(c, 404, `No document ${c.req.param('id')}.`, coded('no-document', { id: c.req.param('id') ?? '' }));

/** `/shonagon_api/*`: the corpus search API (docs/shonagon-api.md). */
export function shonagonRoutes({ corpus, maxBytes }: { corpus: CorpusService; maxBytes: number }) {
  const app = new Hono();

  app.onError((error, c) => {
    if (error instanceof CorpusQueryError) return jsonError(c, 400, error.message, error.coded);
    if (error instanceof ImportError) return jsonError(c, error.status, error.message, error.coded);
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return jsonError(c, 503, 'The corpus is busy with an import; try again shortly.', coded('corpus-busy'));
    if (error instanceof ReadError && error.kind === 'cancelled') return jsonError(c, 503, 'The search was cancelled (the client left, or it ran over a minute).', coded('search-cancelled'));
    throw error;
  });

  app.get('/search', validInput('query', searchQuerySchema, { refuse: refuseParameter }), async (c) => {
    // The reader's bytes go out as they are: the main thread neither builds, parses nor compresses the answer.
    const answer = await corpus.searchAnswer(c.req.valid('query'), c.req.raw.signal);
    if (/\bgzip\b/i.test(c.req.header('accept-encoding') ?? '')) {
      return c.body(answer.gzip as Uint8Array<ArrayBuffer>, 200, { 'content-type': 'application/json', 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
    }
    return c.body(zlib.gunzipSync(answer.gzip) as Uint8Array<ArrayBuffer>, 200, { 'content-type': 'application/json', vary: 'Accept-Encoding' });
  });

  // JSON (one text) through the schema; a multipart upload (a file) is read by postFile.
  const isJson = (c: Context) => /^application\/json\b/i.test(c.req.header('content-type') ?? '');
  app.post(
    '/documents',
    relayBodyLimit(maxBytes + 1024 * 1024),
    async (c, next) => (isJson(c) ? next() : postFile(c)),
    validInput('json', textDocumentSchema, { refuse: documentRefusal('Bad document') }),
    async (c) => {
      const { text, ...meta } = c.req.valid('json');
      const bytes = Buffer.byteLength(text);
      const title = meta.title || 'text';
      if (bytes > maxBytes) return jsonError(c, 413, `${title}: ${formatBytes(bytes)} is over the ${formatBytes(maxBytes, 'limit')} limit (SHONAGON_MAX_BYTES).`, coded('file-too-large', { name: title, size: bytes, max: maxBytes }));
      if (text.trim() === '') return jsonError(c, 400, `${title}: the text is empty.`, coded('text-empty', { name: title }));
      const stats = await corpus.importDocument({ kind: 'text', text }, { ...meta, title: meta.title || firstLine(text) }, importId(c.req.header('x-import-id')));
      return c.json(stats, 201);
    },
  );

  async function postFile(c: Context): Promise<Response> {
    if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) {
      return jsonError(c, 415, 'Send multipart/form-data with a file field, or JSON {"title","text"}.', coded('document-media-type'));
    }
    const form = await c.req.parseBody().catch(() => null);
    if (!form) return jsonError(c, 400, 'The multipart body could not be read: send the document in a field named file.', coded('body-unreadable'));
    const file = Array.isArray(form.file) ? form.file[0] : form.file;
    if (!(file instanceof File)) return jsonError(c, 400, 'Missing file: send the document in a multipart field named file.', coded('missing-file'));
    const name = baseName(file.name || 'file');
    if (!isLibraryFile(name)) {
      const extension = extensionOf(name);
      return jsonError(c, 415, `${name}: unsupported file type${extension ? ` ${extension}` : ''}; use ${libraryExtensions.join(' ')}`, coded('file-type', { name, extension, allowed: libraryExtensions.join(' ') }));
    }
    if (file.size > maxBytes) return jsonError(c, 413, `${name}: ${formatBytes(file.size)} is over the ${formatBytes(maxBytes, 'limit')} limit (SHONAGON_MAX_BYTES).`, coded('file-too-large', { name, size: file.size, max: maxBytes }));
    if (file.size === 0) return jsonError(c, 400, `${name}: the file is empty (0 bytes).`, coded('file-empty', { name }));
    const field = (key: string) => (typeof form[key] === 'string' ? (form[key] as string) : undefined);
    const rawYear = field('pubYear')?.trim();
    if (rawYear && !/^\d{1,4}$/.test(rawYear)) return jsonError(c, 400, `${name}: bad pubYear "${rawYear.slice(0, 20)}": give a year such as 2004.`, coded('bad-year', { name, value: rawYear.slice(0, 20) }));
    const meta = checkInput(documentMetaSchema, { title: field('title') || undefined, media: field('media'), author: field('author'), pubYear: rawYear ? Number(rawYear) : undefined }, { refuse: documentRefusal(`${name}: bad metadata`) });
    if ('refusal' in meta) return refuse(c, meta.refusal);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const stats = await corpus.importDocument({ kind: 'file', name, bytes }, meta.data as ImportMeta, importId(field('importId') ?? c.req.header('x-import-id')));
    return c.json(stats, 201);
  }

  app.get('/documents', async (c) => c.json({ documents: await corpus.listDocuments() }));

  app.get('/documents/:id', async (c) => {
    const doc = await corpus.getDocument(c.req.param('id'));
    return doc ? c.json(doc) : noDocument(c);
  });

  app.patch('/documents/:id', validInput('json', documentMetaSchema, { refuse: documentRefusal('Bad metadata') }), async (c) => {
    const patch = c.req.valid('json');
    if (patch.title === '') return jsonError(c, 400, 'Bad metadata: title: a title cannot be empty.', coded('empty-title'));
    const doc = await corpus.updateDocument(c.req.param('id'), patch);
    return doc ? c.json(doc) : noDocument(c);
  });

  app.delete('/documents/:id', async (c) => {
    if (!(await corpus.deleteDocument(c.req.param('id')))) return noDocument(c);
    return c.body(null, 204);
  });

  app.get('/documents/:id/sentences', validInput('query', sentencesQuerySchema, { refuse: refuseParameter }), async (c) => {
    const { from = 0, limit = 100 } = c.req.valid('query');
    const result = await corpus.getSentences(c.req.param('id'), from, limit);
    return result ? c.json({ total: result.total, from, sentences: result.sentences }) : noDocument(c);
  });

  app.get('/imports', async (c) => c.json({ imports: await corpus.listImports() }));

  app.get('/imports/:id', (c) => {
    const status = corpus.importStatus(c.req.param('id'));
    return status ? c.json(status) : jsonError(c, 404, `No import ${c.req.param('id')}.`, coded('no-import', { id: c.req.param('id') }));
  });

  app.all('*', (c) => jsonError(c, 404, `No Shonagon API route ${c.req.method} ${c.req.path}`, coded('no-route', { method: c.req.method, path: c.req.path })));

  return app;
}

/** A document or its metadata refused by the schema: every issue in the message, the first in the code. */
function documentRefusal(head: string) {
  return ({ issues }: Failure): Refusal => ({
    message: `${head}: ${describeIssues(issues, head.endsWith('document') ? 'body' : '')}`,
    ...coded('bad-document', { field: issues[0].path.join('.'), issue: issues[0].message }),
  });
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

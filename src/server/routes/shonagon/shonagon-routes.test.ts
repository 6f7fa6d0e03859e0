import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { createdDocumentSchema, documentListSchema, documentSchema, searchResultSchema, sentencesSchema, type SearchResult } from '../../../common/shonagon';
import { CorpusService } from '../../corpus/service';
import { parseEnv } from '../../env';
import { createLogger } from '../../log';

const prose = fs.readFileSync(path.join(import.meta.dirname, '../../../../test-support/fixtures/ja-manpages-prose.txt'), 'utf8');

let dataDir: string;
let corpus: CorpusService;
let app: ReturnType<typeof createApp>;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-shonagon-'));
  const env = parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SHONAGON_MAX_BYTES: '100000', KOTONOHA_DIST_DIR: path.join(os.tmpdir(), 'kotonoha-none') });
  corpus = new CorpusService(env.dataDir, createLogger('silent'));
  app = createApp({ env, corpus });
});

afterAll(async () => {
  await corpus.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function upload(name: string, content: BlobPart, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append('file', new File([content], name));
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return app.request('/shonagon_api/documents', { method: 'POST', body: form });
}

/** The search answer as the corpus defines it, or the route's JSON error. */
type Result = SearchResult & { error?: string };

async function search(query: Record<string, string>) {
  const response = await app.request(`/shonagon_api/search?${new URLSearchParams(query)}`);
  return { status: response.status, body: (await response.json()) as Result };
}

// The import worker takes seconds to start on a busy machine.
describe('/shonagon_api', { timeout: 60_000 }, () => {
  let manId = '';

  it('imports a file and finds a word with its context', async () => {
    const response = await upload('less.txt', prose, { media: 'manual', pubYear: '2022', author: 'JM Project' });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: string; title: string; sentences: number };
    expect(body.title).toBe('less');
    expect(body.sentences).toBeGreaterThan(50);
    manId = body.id;

    const { status, body: result } = await search({ q: 'ファイル', limit: '5' });
    expect(status).toBe(200);
    expect(result.total).toBeGreaterThan(5);
    expect(result.items).toHaveLength(5);
    const first = result.items[0];
    expect(first).toMatchObject({ index: 1, key: 'ファイル', title: 'less', media: 'manual', pubYear: 2022, docId: manId });
    expect(typeof first.sentenceId).toBe('string');
    expect(prose.replace(/\n/g, '')).toContain(first.left.slice(-5) + first.key + first.right.slice(0, 5));
    expect(result.counts.media).toEqual({ manual: result.total });
    expect(result.counts.year).toEqual({ '2022': result.total });
  });

  it('answers gzipped to a client that takes gzip, and the same JSON plain to one that does not', async () => {
    const url = `/shonagon_api/search?${new URLSearchParams({ q: 'ファイル', limit: '5' })}`;
    const zipped = await app.request(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toBe('Accept-Encoding');
    const fromZip = JSON.parse(zlib.gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString('utf8')) as SearchResult;
    const plain = await app.request(url);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.json()).toEqual(fromZip);
    expect(fromZip.items).toHaveLength(5);
  });

  it('serves 1–2 character queries and keeps every match counted', async () => {
    const one = await search({ q: '画', limit: '500' });
    expect(one.body.total).toBeGreaterThan(0);
    expect(one.body.items.every((item: { key: string }) => item.key === '画')).toBe(true);
    const expected = prose.split(/\n/).join('').length; // sanity: the text is there
    expect(expected).toBeGreaterThan(0);
    const two = await search({ q: '行数' });
    expect(two.body.items[0].key).toBe('行数');
  });

  it('takes queries literally', async () => {
    for (const q of ['"', '*', 'NEAR', 'AND', '%', '_', "' OR 1=1 --", 'ファイル*', '"ファイル" OR "行"']) {
      const { status, body } = await search({ q });
      expect(status, q).toBe(200);
      for (const item of body.items) expect(item.key.toLowerCase(), q).toBe(q.toLowerCase());
    }
    const near = await search({ q: 'NEAR(ファイル 行)' });
    expect(near.body.total).toBe(0);
  });

  it('refuses a missing or over-long query', async () => {
    expect((await search({})).status).toBe(400);
    expect((await search({ q: '  ' })).status).toBe(400);
    const long = await search({ q: 'あ'.repeat(201) });
    expect(long.status).toBe(400);
    expect(long.body.error).toMatch(/200/);
    expect((await search({ q: 'あ'.repeat(200) })).status).toBe(200);
    expect((await search({ q: 'x', mode: 'regex' })).status).toBe(400);
    expect((await search({ q: 'x', limit: 'ten' })).status).toBe(400);
  });

  it('words each refusal in English with its code and params (docs/errors.md)', async () => {
    expect((await search({})).body).toEqual({ error: 'Missing query: add ?q= with the text to search for.', code: 'query-missing' });
    expect((await search({ q: 'あ'.repeat(201) })).body).toEqual({ error: 'Query too long: 201 characters; the limit is 200.', code: 'query-too-long', params: { length: 201, max: 200 } });
    expect((await search({ q: 'x', mode: 'regex' })).body).toEqual({ error: 'Bad mode "regex": use string or lemma.', code: 'bad-parameter', params: { name: 'mode', value: 'regex' } });
    expect((await search({ q: 'x', sort: 'up' })).body).toEqual({ error: 'Bad sort "up": use order, year or random.', code: 'bad-parameter', params: { name: 'sort', value: 'up' } });
    expect((await search({ q: 'x', limit: 'ten' })).body).toEqual({ error: 'Bad limit: "ten" is not a whole number.', code: 'bad-parameter', params: { name: 'limit', value: 'ten' } });
    expect((await search({ q: 'x', offset: '-1' })).body).toEqual({ error: 'Bad offset: it must be at least 0.', code: 'parameter-too-small', params: { name: 'offset', min: 0 } });
    const sentences = await app.request('/shonagon_api/documents/1/sentences?limit=0');
    expect(await sentences.json()).toEqual({ error: 'Bad limit: it must be at least 1.', code: 'parameter-too-small', params: { name: 'limit', min: 1 } });
    const patch = (body: string, type = 'application/json') => app.request('/shonagon_api/documents/1', { method: 'PATCH', headers: { 'content-type': type }, body });
    expect(await (await patch('{')).json()).toEqual({ error: 'The body is not valid JSON.', code: 'body-not-json' });
    expect(await (await patch('{"pubYear":"x"}', 'text/plain')).json()).toMatchObject({ error: expect.stringMatching(/^Bad metadata: pubYear: /), code: 'bad-document', params: { field: 'pubYear' } });
    expect(await (await patch('{"title":""}')).json()).toEqual({ error: 'Bad metadata: title: a title cannot be empty.', code: 'empty-title' });
    expect(await (await app.request('/shonagon_api/documents/999999')).json()).toEqual({ error: 'No document 999999.', code: 'no-document', params: { id: '999999' } });
    const post = (body: string, type = 'application/json') => app.request('/shonagon_api/documents', { method: 'POST', headers: { 'content-type': type }, body });
    const refusedPost = async (body: string, type?: string) => {
      const response = await post(body, type);
      return { status: response.status, body: await response.json() };
    };
    expect(await refusedPost('{"title":')).toEqual({ status: 400, body: { error: 'The body is not valid JSON.', code: 'body-not-json' } });
    expect(await refusedPost('{"title":"猫"}')).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^Bad document: text: /), code: 'bad-document', params: { field: 'text' } } });
    expect(await refusedPost('[]')).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^Bad document: body: /), code: 'bad-document', params: { field: '' } } });
    expect(await refusedPost('{"title":"猫","text":"  "}')).toEqual({ status: 400, body: { error: '猫: the text is empty.', code: 'text-empty', params: { name: '猫' } } });
    expect(await refusedPost('吾輩は猫である。', 'text/plain')).toMatchObject({ status: 415, body: { code: 'document-media-type' } });
    expect(await refusedPost('--x\r\nbroken', 'multipart/form-data; boundary=x')).toMatchObject({ status: 400, body: { code: 'body-unreadable' } });
  });

  it('imports JSON text and filters by media, year and document', async () => {
    const response = await app.request('/shonagon_api/documents', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: '吾輩は猫である', text: '吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。', media: 'novel', pubYear: 1905, author: '夏目漱石' }),
    });
    expect(response.status).toBe(201);
    const novel = (await response.json()) as { id: string; sentences: number };
    expect(novel.sentences).toBe(3);

    const all = await search({ q: 'は' });
    expect(all.body.counts.media.novel).toBe(2);
    expect(all.body.counts.year['1905']).toBe(2);
    const onlyNovel = await search({ q: 'は', media: 'novel' });
    expect(onlyNovel.body.total).toBe(2);
    expect(onlyNovel.body.items[0]).toMatchObject({ key: 'は', left: '吾輩', title: '吾輩は猫である', pubYear: 1905 });
    expect((await search({ q: 'は', to: '1950' })).body.total).toBe(2);
    expect((await search({ q: 'は', from: '2000' })).body.total).toBe(all.body.total - 2);
    expect((await search({ q: 'は', doc: novel.id })).body.total).toBe(2);

    const byYear = await search({ q: 'は', sort: 'year', limit: '1' });
    expect(byYear.body.items[0].pubYear).toBe(1905);
    const a = await search({ q: 'は', sort: 'random', seed: 'x', limit: '20' });
    const b = await search({ q: 'は', sort: 'random', seed: 'x', limit: '20' });
    expect(a.body.items.map((item: { sentenceId: string }) => item.sentenceId)).toEqual(b.body.items.map((item: { sentenceId: string }) => item.sentenceId));
    const page2 = await search({ q: 'は', offset: '3', limit: '2' });
    expect(page2.body.offset).toBe(3);
    expect(page2.body.items.map((item: { index: number }) => item.index)).toEqual([4, 5]);

    const narrow = await search({ q: '名前', width: '3', media: 'novel' });
    expect(narrow.body.items[0]).toMatchObject({ left: 'ある。', key: '名前', right: 'はまだ' });
  });

  it('lists, edits, reads and deletes documents', async () => {
    const list = (await (await app.request('/shonagon_api/documents')).json()) as { documents: Array<Record<string, unknown>> };
    const doc = list.documents.find((entry) => entry.id === manId);
    expect(doc).toMatchObject({ title: 'less', media: 'manual', pubYear: 2022, author: 'JM Project', bytes: Buffer.byteLength(prose) });
    expect(doc?.sentences).toBeGreaterThan(50);
    expect(Date.parse(String(doc?.addedAt))).not.toBeNaN();

    const patched = await app.request(`/shonagon_api/documents/${manId}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'less(1)', pubYear: 2021 }) });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ id: manId, title: 'less(1)', pubYear: 2021, media: 'manual' });
    expect((await search({ q: 'ファイル', limit: '1' })).body.items[0].title).toBe('less(1)');

    const page = await app.request(`/shonagon_api/documents/${manId}/sentences?from=2&limit=3`);
    const sentences = (await page.json()) as { sentences: Array<{ sentenceId: string; text: string; position: number }> };
    expect(sentences.sentences).toHaveLength(3);
    expect(sentences.sentences[0].position).toBe(2);

    const before = (await search({ q: 'ファイル' })).body.total;
    expect(before).toBeGreaterThan(0);
    const deleted = await app.request(`/shonagon_api/documents/${manId}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect((await search({ q: 'ファイル' })).body.total).toBe(0);
    expect((await app.request(`/shonagon_api/documents/${manId}`, { method: 'DELETE' })).status).toBe(404);
    expect((await app.request(`/shonagon_api/documents/${manId}/sentences`)).status).toBe(404);
  });

  it('answers exactly what the common wire schemas describe, subtitle cue times included', async () => {
    // A field the server sends but the schema does not know would be dropped by the parse.
    const same = (schema: { parse(value: unknown): unknown }, body: unknown) => expect(schema.parse(body)).toEqual(body);
    const created = await upload('cues.srt', '1\n00:00:01,000 --> 00:00:02,500\n字幕の一行目です。\n\n2\n00:00:03,000 --> 00:00:04,000\n二行目です。\n');
    expect(created.status).toBe(201);
    const document = await created.json();
    same(createdDocumentSchema, document);
    const { id } = createdDocumentSchema.parse(document);

    const found = await search({ q: '一行目', doc: id });
    same(searchResultSchema, found.body);
    expect(found.body.items[0]).toMatchObject({ position: 0, start: 1, end: 2.5 });
    same(documentListSchema, await (await app.request('/shonagon_api/documents')).json());
    same(documentSchema, await (await app.request(`/shonagon_api/documents/${id}`)).json());
    const sentences = await (await app.request(`/shonagon_api/documents/${id}/sentences`)).json();
    same(sentencesSchema, sentences);
    expect(sentencesSchema.parse(sentences).sentences[1]).toMatchObject({ position: 1, text: '二行目です。', start: 3, end: 4 });
  });

  it('refuses bad files by name and adds nothing', async () => {
    const before = ((await (await app.request('/shonagon_api/documents')).json()) as { documents: unknown[] }).documents.length;
    const pdf = await upload('paper.pdf', '%PDF-1.4');
    expect(pdf.status).toBe(415);
    expect(await pdf.json()).toEqual({
      error: 'paper.pdf: unsupported file type .pdf; use .txt .md .html .htm .xhtml .epub .srt .vtt .ass .ssa',
      code: 'file-type',
      params: { name: 'paper.pdf', extension: '.pdf', allowed: '.txt .md .html .htm .xhtml .epub .srt .vtt .ass .ssa' },
    });
    const empty = await upload('empty.txt', '');
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: string }).error).toContain('empty.txt');
    const big = await upload('big.txt', 'あ'.repeat(40_000));
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ error: expect.stringContaining('big.txt'), code: 'file-too-large', params: { name: 'big.txt', size: 120_000 } });
    const cut = await upload('book.epub', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]));
    expect(cut.status).toBe(400);
    expect(await cut.json()).toMatchObject({ error: expect.stringContaining('book.epub'), code: 'epub-damaged', params: { name: 'book.epub' } });
    const after = ((await (await app.request('/shonagon_api/documents')).json()) as { documents: unknown[] }).documents.length;
    expect(after).toBe(before);
  });

  it('is not swallowed by the /api catch-all and answers unknown routes with JSON 404', async () => {
    const response = await app.request('/shonagon_api/nothing');
    expect(response.status).toBe(404);
    expect(await response.json()).toHaveProperty('error');
  });
});

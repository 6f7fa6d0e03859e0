import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dictImportAnswerSchema, dictImportsListSchema, dictionariesListSchema, type DictImport } from '../../../common/dictionaries';
import { dictLookupSchema } from '../../../common/dict';
import { createApp } from '../../app';
import { parseEnv } from '../../env';
import type { Logger } from '../../log';
import { writeSampleEdict } from '../../../../test-support/edict-sample';
import { everyFormZip, sampleIndex } from '../../../../test-support/dictionaries/sample-zips';
import { zipBytes } from '../../../../test-support/dictionaries/zip-writer';
import { DictService } from '../../dict/service';

let dataDir: string;
let dict: DictService;
const log: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-dictionaries-'));
  dict = new DictService(dataDir, log);
});
afterEach(async () => {
  await dict.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const makeApp = () => createApp({ env: parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), log, dict });

async function upload(app: ReturnType<typeof makeApp>, zip: Uint8Array, name = 'dictionary.zip'): Promise<DictImport> {
  const form = new FormData();
  form.append('note', 'ignored');
  form.append('file', new Blob([new Uint8Array(zip)]), name);
  const response = await app.request('/api/dict/dictionaries', { method: 'POST', body: form });
  expect(response.status).toBe(202);
  return dictImportAnswerSchema.parse(await response.json()).import;
}

async function install(app: ReturnType<typeof makeApp>, zip: Uint8Array): Promise<DictImport> {
  const queued = await upload(app, zip);
  return dict.library.waitFor(queued.id);
}

const list = async (app: ReturnType<typeof makeApp>) => dictionariesListSchema.parse(await (await app.request('/api/dict/dictionaries')).json());
const lookup = async (app: ReturnType<typeof makeApp>, q: string) => dictLookupSchema.parse(await (await app.request(`/api/dict/lookup?q=${encodeURIComponent(q)}`)).json());
const json = (body: unknown) => ({ method: 'PUT', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

const zhZip = () =>
  zipBytes({
    'index.json': sampleIndex('日中辞典', { sourceLanguage: 'ja', targetLanguage: 'zh' }),
    'term_bank_1.json': [
      ['食べる', 'たべる', 'v1', 'v1', 0, ['吃'], 1, ''],
      ['書く', 'かく', 'v5', 'v5', 0, ['写'], 2, ''],
    ],
  });
const frequencyZip = (mode: 'rank-based' | 'occurrence-based') =>
  zipBytes({
    'index.json': sampleIndex(`Freq ${mode}`, { frequencyMode: mode }),
    'term_meta_bank_1.json': [
      ['核', 'freq', { reading: 'かく', frequency: { value: 10, displayValue: '10' } }],
      ['核', 'freq', { reading: 'さね', frequency: 100_000 }],
      ['書く', 'freq', 500],
    ],
  });

describe('/api/dict/dictionaries', () => {
  it('imports a zip in the background, lists it with its counts and index fields, and its import is done', async () => {
    const app = makeApp();
    const queued = await upload(app, everyFormZip(), 'every.zip');
    expect(queued).toMatchObject({ state: 'queued', step: 'queued', progress: 0, fileName: 'every.zip' });
    const done = await dict.library.waitFor(queued.id);
    expect(done).toMatchObject({ state: 'done', step: 'done', progress: 1, title: 'Every Form', dictionaryId: expect.any(String) });

    const { dictionaries, frequencyDictionary } = await list(app);
    expect(frequencyDictionary).toBeNull();
    expect(dictionaries).toEqual([
      {
        id: done.dictionaryId,
        title: 'Every Form',
        revision: '2026.01',
        enabled: true,
        builtIn: false,
        counts: { terms: 2, termMeta: 4, kanji: 1, kanjiMeta: 1, tags: 4, media: 1 },
        bytes: expect.any(Number),
        author: 'Tester',
        attribution: 'CC0',
        sourceLanguage: 'ja',
        targetLanguage: 'zh',
        frequencyMode: 'rank-based',
        hasStyles: true,
      },
    ]);
    expect(dictionaries[0].bytes).toBeGreaterThan(10_000);
    const imports = dictImportsListSchema.parse(await (await app.request('/api/dict/imports')).json()).imports;
    expect(imports.map((entry) => entry.id)).toEqual([queued.id]);
    expect(dictImportAnswerSchema.parse(await (await app.request(`/api/dict/imports/${queued.id}`)).json()).import.state).toBe('done');
    // No upload is left behind.
    expect(fs.readdirSync(path.join(dataDir, 'dict', 'staging'))).toEqual([]);
  });

  it('answers a word with every dictionary grouped under one card, with frequencies, pitch and ipa; a kanji with its card', async () => {
    const app = makeApp();
    await dict.importFile(writeSampleEdict('utf-8', dataDir));
    const every = await install(app, everyFormZip());
    const zh = await install(app, zhZip());

    const answer = await lookup(app, '食べた');
    // The word, and the dictionary's own form-of entry for 食べた.
    expect(answer.results.map((item) => [item.term, item.reading])).toEqual([
      ['食べる', 'たべる'],
      ['食べた', '食べた'],
    ]);
    expect(answer.results[1].definitions![0].definitions[0].glossary).toEqual([['食べる', ['past']]]);
    const [result] = answer.results;
    // The EDICT fields stay as they were.
    expect(result).toMatchObject({ headwords: [{ text: '食べる' }], match: 'deinflected', deinflection: { rules: ['past'] }, term: '食べる', reading: 'たべる' });
    expect(result.definitions!.map((group) => group.title)).toEqual(['EDICT', 'Every Form', '日中辞典']);
    expect(result.definitions![1].definitions[0]).toMatchObject({ rules: ['v1'], score: 100, termTags: [{ name: '★', category: 'popular' }], tags: [{ name: 'v1', notes: 'Ichidan verb' }] });
    expect(result.definitions![1].definitions[0].glossary[0]).toBe('吃');
    expect(result.definitions![2]).toEqual({ dictionary: zh.dictionaryId, title: '日中辞典', definitions: [{ tags: [{ name: 'v1', category: '', notes: '', order: 0, score: 0 }], termTags: [], rules: ['v1'], score: 0, sequence: 1, glossary: ['吃'] }] });
    expect(result.frequencies).toEqual([
      { dictionary: every.dictionaryId, title: 'Every Form', value: 120, displayValue: '120㋕', reading: 'たべる', mode: 'rank-based' },
      { dictionary: every.dictionaryId, title: 'Every Form', value: 5000, displayValue: '5000', mode: 'rank-based' },
    ]);
    expect(result.pitches).toEqual([
      { dictionary: every.dictionaryId, title: 'Every Form', reading: 'たべる', pitches: [{ position: 2, nasal: [1], devoice: [3], tags: [{ name: 'hei', category: 'pitch', notes: 'heiban', order: 0, score: 0 }] }] },
    ]);
    expect(result.ipa).toEqual([{ dictionary: every.dictionaryId, title: 'Every Form', reading: 'たべる', transcriptions: [{ ipa: '[ta̠be̞ɾɯ̟]', tags: [expect.objectContaining({ name: 'hei' })] }] }]);

    const kanji = await lookup(app, '食');
    expect(kanji.kanji).toEqual({
      character: '食',
      entries: [
        {
          dictionary: every.dictionaryId,
          title: 'Every Form',
          onyomi: ['ショク', 'ジキ'],
          kunyomi: ['く.う', 'た.べる'],
          tags: [{ name: 'jouyou', category: '', notes: '', order: 0, score: 0 }],
          meanings: ['eat', 'food'],
          stats: { misc: [{ name: 'strokes', label: 'Stroke count', value: '9', order: 0 }, { name: 'grade', label: 'grade', value: '2', order: 0 }] },
        },
      ],
      frequencies: [{ dictionary: every.dictionaryId, title: 'Every Form', value: 328, displayValue: '328', mode: 'rank-based' }],
    });
  });

  it('reorders, disables, chooses the frequency dictionary and deletes, changing the next lookup at once', async () => {
    const app = makeApp();
    await dict.importFile(writeSampleEdict('utf-8', dataDir));
    const zh = await install(app, zhZip());
    const rank = await install(app, frequencyZip('rank-based'));
    const occurrence = await install(app, frequencyZip('occurrence-based'));
    const ids = (await list(app)).dictionaries.map((item) => item.id);
    expect(ids).toEqual(['edict', zh.dictionaryId, rank.dictionaryId, occurrence.dictionaryId]);

    const titles = async () => (await lookup(app, '書く')).results[0].definitions!.map((group) => group.title);
    expect(await titles()).toEqual(['EDICT', '日中辞典']);
    expect((await app.request('/api/dict/order', json({ ids: [zh.dictionaryId, rank.dictionaryId, occurrence.dictionaryId, 'edict'] }))).status).toBe(204);
    expect(await titles()).toEqual(['日中辞典', 'EDICT']);
    expect((await list(app)).dictionaries[0].id).toBe(zh.dictionaryId);
    const badOrder = await app.request('/api/dict/order', json({ ids: ['edict'] }));
    expect(badOrder.status).toBe(400);

    const patch = await app.request(`/api/dict/dictionaries/${zh.dictionaryId}`, { method: 'PATCH', body: JSON.stringify({ enabled: false }), headers: { 'content-type': 'application/json' } });
    expect(await patch.json()).toMatchObject({ id: zh.dictionaryId, enabled: false });
    expect(await titles()).toEqual(['EDICT']);

    // かく: without a frequency dictionary EDICT's own order; rank-based puts 10 (核 read かく) first, occurrence-based 500 (書く).
    const kaku = async () => (await lookup(app, 'かく')).results.map((result) => result.term);
    const before = await kaku();
    expect(before).toEqual(['書く', '核']);
    expect((await app.request('/api/dict/frequency', json({ id: rank.dictionaryId }))).status).toBe(204);
    expect((await list(app)).frequencyDictionary).toBe(rank.dictionaryId);
    expect(await kaku()).toEqual(['核', '書く']);
    expect((await app.request('/api/dict/frequency', json({ id: occurrence.dictionaryId }))).status).toBe(204);
    expect(await kaku()).toEqual(['書く', '核']);
    expect((await app.request('/api/dict/frequency', json({ id: null }))).status).toBe(204);
    expect(await kaku()).toEqual(before);
    expect((await app.request('/api/dict/frequency', json({ id: 'nope' }))).status).toBe(404);

    // Deleting: gone from the list and the next lookup; a deleted built-in is not imported again.
    expect((await app.request(`/api/dict/dictionaries/${rank.dictionaryId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await app.request('/api/dict/dictionaries/edict', { method: 'DELETE' })).status).toBe(204);
    expect((await list(app)).dictionaries.map((item) => item.id)).toEqual([zh.dictionaryId, occurrence.dictionaryId]);
    expect(fs.existsSync(path.join(dataDir, 'dict', 'dictionaries', `${rank.dictionaryId}.sqlite`))).toBe(false);
    expect((await app.request('/api/dict/lookup?q=kaku')).status).toBe(503);
    await app.request(`/api/dict/dictionaries/${zh.dictionaryId}`, { method: 'PATCH', body: JSON.stringify({ enabled: true }), headers: { 'content-type': 'application/json' } });
    expect((await lookup(app, '書く')).results[0].definitions!.map((group) => group.title)).toEqual(['日中辞典']);
    dict.autoImport(writeSampleEdict('utf-8', dataDir));
    expect(dict.status().state).not.toBe('importing');
    expect((await app.request('/api/dict/dictionaries/nope', { method: 'DELETE' })).status).toBe(404);
  });

  it('refuses a bad upload with its code and keeps nothing', async () => {
    const app = makeApp();
    await install(app, zhZip());
    const again = await install(app, zhZip());
    expect(again).toMatchObject({ state: 'failed', code: 'dict-title-taken', params: { title: '日中辞典' }, error: expect.stringContaining('already installed') });
    const bad = await install(app, zipBytes({ 'index.json': sampleIndex('Bad'), 'term_bank_1.json': [], 'term_bank_2.json': [['a', 'b', '', '', 0, [{ type: 'structured-content', content: { tag: 'script' } }], 0, '']] }));
    expect(bad).toMatchObject({ state: 'failed', code: 'dict-bad-row', params: { file: 'term_bank_2.json', row: 0 }, error: expect.stringContaining('term_bank_2.json, row 0') });
    expect((await list(app)).dictionaries.map((item) => item.title)).toEqual(['日中辞典']);
    expect(fs.readdirSync(path.join(dataDir, 'dict', 'staging'))).toEqual([]);
    expect(fs.readdirSync(path.join(dataDir, 'dict', 'dictionaries'))).toHaveLength(1);

    expect((await app.request('/api/dict/dictionaries', { method: 'POST', body: 'x', headers: { 'content-type': 'text/plain' } })).status).toBe(415);
    const noFile = new FormData();
    noFile.append('other', 'x');
    const response = await app.request('/api/dict/dictionaries', { method: 'POST', body: noFile });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'missing-file' });
    const huge = await app.request('/api/dict/dictionaries', { method: 'POST', body: 'x', headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(2 * 1024 ** 3) } });
    expect(huge.status).toBe(413);
  });

  it('queues a second import behind the first, and cancels a queued or running one leaving nothing', async () => {
    const app = makeApp();
    const first = await upload(app, zhZip());
    const second = await upload(app, everyFormZip());
    const third = await upload(app, frequencyZip('rank-based'));
    expect((await app.request(`/api/dict/imports/${third.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(dict.library.getImport(second.id)!.state).toBe('queued');
    expect(dict.library.getImport(first.id)!.state).toBe('running');
    expect((await app.request(`/api/dict/imports/${first.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(dict.library.getImport(first.id)).toMatchObject({ state: 'cancelled', code: 'dict-cancelled' });
    expect(await dict.library.waitFor(second.id)).toMatchObject({ state: 'done' });
    expect(dict.library.getImport(third.id)!.state).toBe('cancelled');
    expect((await list(app)).dictionaries.map((item) => item.title)).toEqual(['Every Form']);
    expect((await app.request(`/api/dict/imports/${second.id}`, { method: 'DELETE' })).status).toBe(409);
    expect((await app.request('/api/dict/imports/nope', { method: 'DELETE' })).status).toBe(404);
    expect(fs.readdirSync(path.join(dataDir, 'dict', 'staging'))).toEqual([]);
  });

  it('serves its images with their type and never a path outside it; its styles scoped to its entries', async () => {
    const app = makeApp();
    const { dictionaryId } = await install(app, everyFormZip());
    const image = await app.request(`/api/dict/dictionaries/${dictionaryId}/media/img/pixel.png`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    // An SVG opened on its own runs no script of its own: the app's policy allows none inline.
    expect(image.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(60);
    for (const bad of ['img/../index.json', 'img/%2e%2e/index.json', '..%2Findex.json', 'index.json', 'img/missing.png']) {
      expect((await app.request(`/api/dict/dictionaries/${dictionaryId}/media/${bad}`)).status, bad).toBe(404);
    }
    expect((await app.request('/api/dict/dictionaries/nope/media/img/pixel.png')).status).toBe(404);

    const css = await app.request(`/api/dict/dictionaries/${dictionaryId}/styles.css`);
    expect(css.headers.get('content-type')).toContain('text/css');
    const text = await css.text();
    expect(text).toBe(`[data-dictionary="${dictionaryId}"] .gloss {\n  color: red;\n}\n[data-dictionary="${dictionaryId}"] {\n  margin: 0;\n}\n`);
  });

  it('a deletion while lookups run never breaks them', async () => {
    const app = makeApp();
    await dict.importFile(writeSampleEdict('utf-8', dataDir));
    const zh = await install(app, zhZip());
    const lookups = Array.from({ length: 40 }, (_, index) => app.request(`/api/dict/lookup?q=${encodeURIComponent(index % 2 ? '食べる' : '書いた')}`));
    const deletion = app.request(`/api/dict/dictionaries/${zh.dictionaryId}`, { method: 'DELETE' });
    const statuses = await Promise.all(lookups.map(async (response) => (await response).status));
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect((await deletion).status).toBe(204);
  });
});

describe('after a restart', () => {
  it('an import cut short is listed as interrupted with its reason; its staging file is gone', async () => {
    const app = makeApp();
    await install(app, zhZip());
    const running = await upload(app, everyFormZip());
    // What a SIGKILL leaves: the registry says running, a half-written staging file.
    await dict.close();
    fs.writeFileSync(path.join(dataDir, 'dict', 'staging', `${running.id}.sqlite`), 'half');
    fs.writeFileSync(path.join(dataDir, 'dict', 'dictionaries', 'orphan.sqlite'), 'half');
    dict = new DictService(dataDir, log);
    const entry = dict.library.getImport(running.id)!;
    expect(entry).toMatchObject({ state: 'interrupted', code: 'dict-interrupted', error: expect.stringContaining('server stopped') });
    expect(fs.readdirSync(path.join(dataDir, 'dict', 'staging'))).toEqual([]);
    expect(fs.readdirSync(path.join(dataDir, 'dict', 'dictionaries'))).toHaveLength(1);
    expect(dict.library.list().dictionaries.map((item) => item.title)).toEqual(['日中辞典']);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dictLookupSchema, dictStatusSchema } from '../../../common/dict';
import { createApp } from '../../app';
import { parseEnv } from '../../env';
import type { Logger } from '../../log';
import { sampleEntryCount, writeSampleEdict } from '../../../../test-support/edict-sample';
import { DictService } from '../../dict/service';

let dataDir: string;
let lines: Array<{ level: string; message: string; fields?: Record<string, unknown> }>;
let dict: DictService;

const log: Logger = {
  debug: (message, fields) => lines.push({ level: 'debug', message, fields }),
  info: (message, fields) => lines.push({ level: 'info', message, fields }),
  warn: (message, fields) => lines.push({ level: 'warn', message, fields }),
  error: (message, fields) => lines.push({ level: 'error', message, fields }),
};

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-dict-routes-'));
  lines = [];
  dict = new DictService(dataDir, log);
});
afterEach(() => {
  dict.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const makeApp = () => createApp({ env: parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), log, dict });

describe('/api/dict without a dictionary', () => {
  it('status says empty; lookups answer 503 with the state and how to import', async () => {
    const app = makeApp();
    const status = await app.request('/api/dict/status');
    expect(status.status).toBe(200);
    expect(dictStatusSchema.parse(await status.json())).toEqual({ state: 'empty', progress: 0, entries: 0 });

    const lookup = await app.request('/api/dict/lookup?q=食べる');
    expect(lookup.status).toBe(503);
    const body = await lookup.json();
    expect(body).toEqual({ state: 'empty', error: expect.stringContaining('npm run dict:import -- /usr/share/edict/edict'), code: 'dict-empty' });
  });

  it('rejects a missing, blank or too long query with 400 and a clear message', async () => {
    const app = makeApp();
    for (const url of ['/api/dict/lookup', '/api/dict/lookup?q=', '/api/dict/lookup?q=%20%20']) {
      const response = await app.request(url);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'Missing query: add ?q= with a word in kanji, kana or romaji.', code: 'query-missing' });
    }
    const long = await app.request(`/api/dict/lookup?q=${encodeURIComponent('あ'.repeat(65))}`);
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({ error: 'Query too long: 65 characters; the limit is 64.', code: 'query-too-long', params: { length: 65, max: 64 } });
    // 64 characters is allowed (then 503: there is no dictionary).
    expect((await app.request(`/api/dict/lookup?q=${encodeURIComponent('𠮷'.repeat(64))}`)).status).toBe(503);
  });

  it('other paths under /api/dict are JSON 404s', async () => {
    const response = await makeApp().request('/api/dict/nope');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: expect.any(String) });
  });
});

describe('importing in the background', () => {
  it('auto-imports when empty, reports progress in the log and status, then answers lookups', async () => {
    const app = makeApp();
    const source = writeSampleEdict('euc-jp', dataDir);
    dict.autoImport(source);
    const during = dictStatusSchema.parse(await (await app.request('/api/dict/status')).json());
    expect(during.state).toBe('importing');
    const busy = await app.request('/api/dict/lookup?q=kaku');
    expect(busy.status).toBe(503);
    expect(await busy.json()).toMatchObject({ state: 'importing', error: expect.stringContaining('being imported') });

    await dict.importFile(source);
    expect(dictStatusSchema.parse(await (await app.request('/api/dict/status')).json())).toEqual({ state: 'ready', progress: 1, entries: sampleEntryCount });
    const response = await app.request('/api/dict/lookup?q=kaita');
    expect(response.status).toBe(200);
    const body = dictLookupSchema.parse(await response.json());
    expect(body).toMatchObject({ query: 'kaita', searched: 'かいた', results: [{ headwords: [{ text: '書く' }], deinflection: { rules: ['past'] } }] });

    // A phrase: the word at its start, and its words to step through.
    const phrase = dictLookupSchema.parse(await (await app.request(`/api/dict/lookup?q=${encodeURIComponent('テスト勉強した')}`)).json());
    expect(phrase).toMatchObject({ searched: 'テスト勉強した', matched: 'テスト', results: [{ readings: [{ text: 'テスト' }], match: 'exact' }] });
    expect(phrase.segments).toEqual([
      { text: 'テスト', start: 0, end: 3, matched: 'テスト' },
      { text: '勉強', start: 3, end: 5, matched: '勉強' },
      { text: 'した', start: 5, end: 7, matched: 'する' },
    ]);

    expect(lines.map((line) => line.message)).toEqual(expect.arrayContaining(['dictionary import started', 'dictionary imported']));
    expect(lines.find((line) => line.message === 'dictionary imported')?.fields).toMatchObject({ entries: sampleEntryCount, encoding: 'euc-jp' });

    // Start-up with a dictionary present does not import again.
    lines = [];
    dict.autoImport(source);
    expect(lines.map((line) => line.message)).toEqual(['dictionary ready']);
  });

  it('logs a missing EDICT file and stays empty', () => {
    dict.autoImport(path.join(dataDir, 'no-edict'));
    expect(dict.status().state).toBe('empty');
    expect(lines).toEqual([{ level: 'info', message: 'no dictionary', fields: expect.objectContaining({ hint: expect.stringContaining('dict:import') }) }]);
  });

  it('a failed import is logged and shown in the status; the old dictionary keeps answering', async () => {
    await dict.importFile(writeSampleEdict('utf-8', dataDir));
    const bad = path.join(dataDir, 'bad.txt');
    fs.writeFileSync(bad, 'not a dictionary\n');
    await expect(dict.importFile(bad)).rejects.toThrow(/No EDICT entries/);
    expect(dict.status()).toEqual({ state: 'ready', progress: 1, entries: sampleEntryCount });
    expect(lines.find((line) => line.level === 'error')).toMatchObject({ message: 'dictionary import failed' });
    const response = await makeApp().request('/api/dict/lookup?q=たべる');
    expect(response.status).toBe(200);
  });
});

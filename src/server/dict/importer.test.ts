import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeEucJp, sampleEntryCount, writeSampleEdict } from '../../../test-support/edict-sample';
import { DictImportError, detectEncoding, importEdict } from './importer';
import { lookup } from './lookup';
import { DictStore } from './store';

let dir: string;
let dbPath: string;
let store: DictStore | null = null;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-dict-'));
  dbPath = path.join(dir, 'dict', 'edict.sqlite');
});
afterEach(() => {
  store?.close();
  store = null;
  fs.rmSync(dir, { recursive: true, force: true });
});

const open = () => {
  store = new DictStore(dbPath);
  expect(store.available()).toBe(true);
  return store;
};

describe('detectEncoding', () => {
  it('tells EUC-JP from UTF-8, also with a multi-byte character cut at the end', () => {
    expect(detectEncoding(encodeEucJp('食べる [たべる] /(v1) to eat/'))).toBe('euc-jp');
    const utf8 = new TextEncoder().encode('食べる [たべる] /(v1) to eat/');
    expect(detectEncoding(utf8)).toBe('utf-8');
    expect(detectEncoding(utf8.subarray(0, 4))).toBe('utf-8');
    expect(detectEncoding(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))).toBe('utf-8');
  });
});

describe('importEdict', () => {
  it.each(['euc-jp', 'utf-8'] as const)('imports a %s file: entries, keys, progress', async (encoding) => {
    const source = writeSampleEdict(encoding, dir);
    const progress: number[] = [];
    const result = await importEdict(source, dbPath, { onProgress: (value) => progress.push(value) });
    expect(result).toMatchObject({ entries: sampleEntryCount, encoding, skippedLines: 2 });
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const dict = open();
    expect(dict.entries()).toBe(sampleEntryCount);
    const eat = lookup(dict, '食べる').results[0];
    expect(eat).toMatchObject({ headwords: [{ text: '食べる', common: true }], readings: [{ text: 'たべる' }], common: true, match: 'exact' });
    expect(eat.senses[0]).toEqual({ pos: ['v1', 'vt'], misc: [], glosses: ['to eat'] });
    // EDICT2 line: both spellings and both readings are keys.
    expect(lookup(dict, '阿').results[0].senses[1].glosses).toEqual(['Asia']);
    expect(lookup(dict, 'あい').results[0].headwords.map((form) => form.text)).toEqual(['亜', '阿']);
    // Katakana keys are stored as hiragana.
    expect(lookup(dict, 'てすと').results[0].readings[0].text).toBe('テスト');
    expect(fs.readdirSync(path.dirname(dbPath))).toEqual(['edict.sqlite']);
  });

  it('replaces the dictionary, and a failed import leaves the old one intact', async () => {
    await importEdict(writeSampleEdict('euc-jp', dir), dbPath);
    const empty = path.join(dir, 'empty.txt');
    fs.writeFileSync(empty, 'nothing here\nat all\n');
    await expect(importEdict(empty, dbPath)).rejects.toThrow(DictImportError);
    await expect(importEdict(empty, dbPath)).rejects.toThrow(/No EDICT entries/);
    await expect(importEdict(path.join(dir, 'missing'), dbPath)).rejects.toThrow(/Cannot read the EDICT file .*ENOENT/);

    const aborted = new AbortController();
    aborted.abort();
    await expect(importEdict(writeSampleEdict('utf-8', dir), dbPath, { signal: aborted.signal })).rejects.toThrow('Import aborted');

    expect(fs.readdirSync(path.dirname(dbPath))).toEqual(['edict.sqlite']);
    expect(open().entries()).toBe(sampleEntryCount);

    const smaller = path.join(dir, 'smaller.txt');
    fs.writeFileSync(smaller, '猫 [ねこ] /(n) cat/(P)/\n');
    await importEdict(smaller, dbPath);
    // The store notices the replaced file.
    expect(store!.reload()).toBe(true);
    expect(store!.entries()).toBe(1);
    expect(lookup(store!, 'neko').results[0].senses[0].glosses).toEqual(['cat']);
  });

  it('removes temp files left by an import whose process died', async () => {
    fs.mkdirSync(path.dirname(dbPath), { recursive: true });
    const stale = `${dbPath}.import-999999999-1`;
    fs.writeFileSync(stale, 'half a database');
    await importEdict(writeSampleEdict('utf-8', dir), dbPath);
    expect(fs.existsSync(stale)).toBe(false);
  });
});

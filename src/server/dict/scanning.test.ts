// Scanning what a learner selects: every form family and phrase of test-support/dict-scanning-cases.ts,
// on a small EDICT (edict-full.test.ts runs the same cases on Debian's full file when installed).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDeinflection, type DictLookup } from '../../common/dict';
import { phraseCases, wordCases, writeScanningEdict } from '../../../test-support/dict-scanning-cases';
import { importEdict } from './importer';
import { lookup } from './lookup';
import { KeyFilter, encodeKeyFilter, keyHash } from './schema';
import { DictStore } from './store';

let dir: string;
let store: DictStore;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-scanning-'));
  const dbPath = path.join(dir, 'edict.sqlite');
  await importEdict(writeScanningEdict(dir), dbPath);
  store = new DictStore(dbPath);
  store.available();
});
afterAll(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const headword = (entry: DictLookup['results'][number]) => entry.headwords[0]?.text ?? entry.readings[0].text;
/** Segments as the cases write them: text, and (dictionary form) when it differs. */
const words = (answer: DictLookup) => answer.segments?.map((segment) => (segment.matched && segment.matched !== segment.text ? `${segment.text}(${segment.matched})` : segment.text));

describe('a selected word, conjugated', () => {
  it.each(wordCases)('%s: %s → %s', (_family, query, word, description) => {
    const answer = lookup(store, query);
    expect(answer.matched).toBe(query);
    expect(answer.segments).toBeUndefined();
    const entry = answer.results.find((candidate) => headword(candidate) === word && candidate.deinflection);
    expect(entry, `${query} → ${word}`).toBeDefined();
    expect(describeDeinflection(entry!.deinflection!)).toBe(description);
  });
});

describe('a selected phrase', () => {
  it.each(phraseCases)('%s: first %s, then its words', (query, first, segments) => {
    const answer = lookup(store, query);
    expect(answer.matched).toBe(first);
    expect(answer.results.length).toBeGreaterThan(0);
    expect(words(answer)).toEqual(segments);
    for (const segment of answer.segments!) expect(answer.searched.slice(segment.start, segment.end)).toBe(segment.text);
  });
});

describe('ranking and what counts as a phrase', () => {
  it('among entries matching the same text: common first, then exact before de-inflected', () => {
    const answer = lookup(store, 'した');
    expect(answer.results.slice(0, 2).map((entry) => [headword(entry), entry.match])).toEqual([
      ['下', 'exact'],
      ['為る', 'deinflected'],
    ]);
  });

  it('a query that common words start with is a word being typed, not a phrase', () => {
    const answer = lookup(store, 'べんきょ');
    expect(answer).toMatchObject({ matched: 'べんきょ', results: [{ headwords: [{ text: '勉強' }], match: 'prefix' }] });
    expect(answer.segments).toBeUndefined();
  });

  it('a phrase that only rare expressions start with: its first word, then those expressions', () => {
    const answer = lookup(store, '雨が');
    expect(answer.results.map((entry) => [headword(entry), entry.match])).toEqual([
      ['雨', 'exact'],
      ['雨が上がる', 'prefix'],
    ]);
  });

  it('scans romaji phrases in kana, and says so in the offsets', () => {
    const answer = lookup(store, 'toukyouniikitai');
    expect(answer.searched).toBe('とうきょうにいきたい');
    expect(answer.matched).toBe('とうきょう');
    expect(words(answer)).toEqual(['とうきょう', 'に', 'いきたい(いく)']);
  });

  it('keeps characters that start no word as one segment without a dictionary form', () => {
    const answer = lookup(store, '東京ゑゑに');
    expect(answer.segments).toEqual([
      { text: '東京', start: 0, end: 2, matched: '東京' },
      { text: 'ゑゑ', start: 2, end: 4 },
      { text: 'に', start: 4, end: 5, matched: 'に' },
    ]);
  });

  it('a query of nothing but unknown characters has no results and no segments', () => {
    expect(lookup(store, 'ゑゑゑ')).toEqual({ query: 'ゑゑゑ', searched: 'ゑゑゑ', results: [] });
  });
});

describe('the key filter', () => {
  it('knows every key, and few absent ones', () => {
    const keys = Array.from({ length: 5000 }, (_, index) => `かぎ${index}`);
    const filter = new KeyFilter(encodeKeyFilter([...keys, ...keys].map(keyHash)));
    expect(keys.every((key) => filter.mayHave(key))).toBe(true);
    const absent = Array.from({ length: 5000 }, (_, index) => `ない${index}`).filter((key) => filter.mayHave(key));
    expect(absent.length).toBeLessThan(3);
  });

  it('a dictionary imported before it existed still answers words and phrases', async () => {
    const oldDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-scanning-old-'));
    try {
      const dbPath = path.join(oldDir, 'edict.sqlite');
      await importEdict(writeScanningEdict(oldDir), dbPath);
      const db = new Database(dbPath);
      db.exec('DROP TABLE key_filter');
      db.close();
      const old = new DictStore(dbPath);
      expect(old.available()).toBe(true);
      expect(words(lookup(old, '日本語を勉強しています'))).toEqual(['日本語', 'を', '勉強', 'して(する)', 'います(いる)']);
      expect(lookup(old, '見せてもらいました').results[0].headwords[0].text).toBe('見せる');
      old.close();
    } finally {
      fs.rmSync(oldDir, { recursive: true, force: true });
    }
  });
});

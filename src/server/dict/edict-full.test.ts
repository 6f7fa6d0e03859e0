// Integration: the whole of Debian's EDICT file (apt install edict), imported and searched.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDeinflection, type DictEntry, type DictLookup } from '../../common/dict';
import { phraseCases, wordCases } from '../../../test-support/dict-scanning-cases';
import { importEdict, type ImportResult } from './importer';
import { lookup } from './lookup';
import { DictStore } from './store';

const edictPath = process.env.KOTONOHA_EDICT_PATH || '/usr/share/edict/edict';
const present = fs.existsSync(edictPath);
const title = present
  ? `the full EDICT file ${edictPath}`
  : `the full EDICT file — SKIPPED: ${edictPath} is absent (Debian/Ubuntu: apt install edict)`;

describe.skipIf(!present)(title, () => {
  let dir: string;
  let store: DictStore;
  let result: ImportResult;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-edict-full-'));
    const dbPath = path.join(dir, 'edict.sqlite');
    result = await importEdict(edictPath, dbPath);
    store = new DictStore(dbPath);
    store.available();
  }, 60_000);
  afterAll(() => {
    store?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const first = (query: string): DictEntry => {
    const [entry] = lookup(store, query).results;
    expect(entry, `no result for ${query}`).toBeDefined();
    return entry;
  };
  const headword = (entry: DictEntry) => entry.headwords[0]?.text ?? entry.readings[0].text;

  // The 20 s import budget is a bench figure (bench/dict.bench.ts): a wall clock here flakes on a busy machine.
  it('imports every entry', () => {
    expect(result.entries).toBeGreaterThan(150_000);
    expect(result.skippedLines).toBeLessThan(10);
  });

  it('finds real words by kanji, kana and romaji, common ones first', () => {
    expect(first('日本語')).toMatchObject({ match: 'exact', common: true, readings: [{ text: 'にほんご' }] });
    expect(first('日本語').senses[0].glosses).toContain('Japanese (language)');
    expect(headword(first('ねこ'))).toBe('猫');
    expect(headword(first('neko'))).toBe('猫');
    expect(first('taberu')).toMatchObject({ headwords: [{ text: '食べる' }], match: 'exact' });
    expect(first('コンピュータ').senses[0].glosses.join(' ')).toMatch(/computer/);
    expect(first('konpyuuta').readings[0].text).toBe('コンピュータ');
    expect(headword(first('辞書'))).toBe('辞書');
  });

  it('de-inflects real conjugations to their entries', () => {
    const cases: Array<[string, string, string]> = [
      ['食べた', '食べる', '食べた ← past of 食べる'],
      ['書かれている', '書く', '書かれている ← passive + progressive (-te iru) of 書く'],
      ['高くない', '高い', '高くない ← negative of 高い'],
      ['行きました', '行く', '行きました ← polite past of 行く'],
      ['勉強した', '勉強', '勉強した ← past of 勉強する'],
      ['来なかった', '来る', '来なかった ← negative + past of 来る'],
      ['読んでいる', '読む', '読んでいる ← progressive (-te iru) of 読む'],
      ['見られる', '見る', '見られる ← potential or passive of 見る'],
      ['飲みたい', '飲む', '飲みたい ← desire (-tai) of 飲む'],
      ['nomitakatta', '飲む', 'のみたかった ← desire (-tai) + past of のむ'],
    ];
    for (const [query, word, description] of cases) {
      const entry = lookup(store, query).results.find((candidate) => candidate.deinflection && headword(candidate) === word);
      expect(entry, `${query} → ${word}`).toBeDefined();
      expect(describeDeinflection(entry!.deinflection!)).toBe(description);
      expect(entry!.common).toBe(true);
    }
  });

  it.each(wordCases)('finds a selected %s: %s → %s', (_family, query, word, description) => {
    const answer = lookup(store, query);
    expect(answer.matched).toBe(query);
    const entry = answer.results.find((candidate) => headword(candidate) === word && candidate.deinflection);
    expect(entry, `${query} → ${word}`).toBeDefined();
    expect(describeDeinflection(entry!.deinflection!)).toBe(description);
    // Common words first: the word meant is among the first few answers.
    expect(answer.results.indexOf(entry!)).toBeLessThan(4);
  });

  it.each(phraseCases)('scans the phrase %s: first %s, then its words', (query, first, segments) => {
    const answer = lookup(store, query);
    expect(answer.matched).toBe(first);
    expect(answer.results[0].common).toBe(true);
    const words = (lookup: DictLookup) => lookup.segments?.map((segment) => (segment.matched && segment.matched !== segment.text ? `${segment.text}(${segment.matched})` : segment.text));
    expect(words(answer)).toEqual(segments);
  });

  it('offers prefix matches for a short query after the exact ones', () => {
    const results = lookup(store, 'たべ').results;
    expect(results.length).toBeGreaterThan(3);
    expect(results.some((entry) => entry.match === 'prefix' && headword(entry) === '食べ物')).toBe(true);
  });
});

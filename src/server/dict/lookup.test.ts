import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDeinflection } from '../../common/dict';
import { writeSampleEdict } from '../../../test-support/edict-sample';
import { importEdict } from './importer';
import { lookup, toSearchForm } from './lookup';
import { normalizeKey } from './schema';
import { DictStore } from './store';

let dir: string;
let store: DictStore;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-lookup-'));
  const dbPath = path.join(dir, 'edict.sqlite');
  await importEdict(writeSampleEdict('euc-jp', dir), dbPath);
  store = new DictStore(dbPath);
  store.available();
});
afterAll(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const words = (query: string) => lookup(store, query).results.map((entry) => entry.headwords[0]?.text ?? entry.readings[0].text);

describe('toSearchForm', () => {
  it('turns romaji into hiragana and folds full-width Latin; leaves Japanese alone', () => {
    expect(toSearchForm('taberu')).toBe('たべる');
    expect(toSearchForm(' Benkyou ')).toBe('べんきょう');
    expect(toSearchForm('ｋａｋｕ')).toBe('かく');
    expect(toSearchForm('食べた')).toBe('食べた');
    expect(toSearchForm('ﾃｽﾄ')).toBe('テスト');
  });
});

describe('normalizeKey', () => {
  it('folds katakana to hiragana and a long-vowel mark to its vowel', () => {
    expect(normalizeKey('テスト')).toBe('てすと');
    expect(normalizeKey('コーヒー')).toBe('こおひい');
    expect(normalizeKey('コンピューター')).toBe('こんぴゅうたあ');
    expect(normalizeKey('回帰テスト')).toBe('回帰てすと');
    expect(normalizeKey('ー')).toBe('ー');
  });
});

describe('lookup', () => {
  it('finds by kanji, kana, katakana-as-hiragana and romaji', () => {
    expect(words('書く')).toEqual(['書く']);
    expect(lookup(store, 'かく').results.map((entry) => entry.match)).toEqual(['exact', 'exact']);
    expect(words('テスト')[0]).toBe('テスト');
    expect(lookup(store, 'tesuto').results[0]).toMatchObject({ match: 'exact', matched: 'テスト' });
    expect(lookup(store, 'taberu')).toMatchObject({ query: 'taberu', searched: 'たべる' });
    // Romaji spells long vowels with doubled letters; katakana with ー.
    expect(lookup(store, 'tesutokeesu').results[0]).toMatchObject({ match: 'exact', matched: 'テストケース' });
  });

  it('ranks common entries first', () => {
    // 食べる (P) and 喰べる share the reading; 下, 舌 (P) come before 簧.
    expect(words('たべる')).toEqual(['食べる', '喰べる']);
    const shita = lookup(store, 'した').results.filter((entry) => entry.match === 'exact');
    expect(shita.map((entry) => entry.headwords[0].text)).toEqual(['下', '舌', '簧']);
  });

  it('de-inflects and says how, keeping only entries whose part of speech fits', () => {
    const [eat] = lookup(store, '食べた').results;
    expect(eat).toMatchObject({ match: 'deinflected', matched: '食べる', deinflection: { from: '食べた', to: '食べる', rules: ['past'] } });
    expect(describeDeinflection(eat.deinflection!)).toBe('食べた ← past of 食べる');

    const [write] = lookup(store, '書かれている').results;
    expect(write.deinflection).toEqual({ from: '書かれている', to: '書く', rules: ['passive', 'progressive (-te iru)'] });
    expect(lookup(store, '高くない').results[0].deinflection).toEqual({ from: '高くない', to: '高い', rules: ['negative'] });
    // かいた could be 書く (v5k) or the noun 核 + something; only the verb fits.
    expect(words('かいた')).toEqual(['書く']);
    // 見た: v1 past of 見る; 見る is not a godan verb, so 見つ/見う are never suggested.
    expect(lookup(store, 'mita').results.map((entry) => entry.deinflection?.to)).toEqual(['みる']);
  });

  it('finds suru-nouns behind a conjugated する, and the irregular verbs', () => {
    expect(lookup(store, '勉強した').results[0]).toMatchObject({ headwords: [{ text: '勉強' }], deinflection: { to: '勉強する', rules: ['past'] } });
    expect(lookup(store, '勉強する').results[0]).toMatchObject({ headwords: [{ text: '勉強' }], deinflection: { rules: ['suru verb'] } });
    expect(lookup(store, 'テストした').results[0].deinflection).toEqual({ from: 'テストした', to: 'テストする', rules: ['past'] });
    expect(lookup(store, 'した').results.find((entry) => entry.match === 'deinflected')).toMatchObject({ headwords: [{ text: '為る' }] });
    expect(lookup(store, '来なかった').results[0].deinflection).toEqual({ from: '来なかった', to: '来る', rules: ['negative', 'past'] });
    expect(lookup(store, '行った').results[0].deinflection?.to).toBe('行く');
  });

  it('adds prefix matches after exact ones for short queries only', () => {
    const test = lookup(store, 'テスト').results;
    expect(test.map((entry) => [entry.readings[0].text, entry.match])).toEqual([
      ['テスト', 'exact'],
      ['テストケース', 'prefix'],
    ]);
    expect(lookup(store, 'べん').results).toMatchObject([{ headwords: [{ text: '勉強' }], match: 'prefix' }]);
    expect(lookup(store, 'べん', { prefixMaxChars: 1 }).results).toEqual([]);
  });

  it('answers an empty list for unknown words and unconvertible romaji', () => {
    expect(lookup(store, '猫').results).toEqual([]);
    expect(lookup(store, 'xyzzy').results).toEqual([]);
  });

  it('caps the number of results', () => {
    expect(lookup(store, 'した', { limit: 2 }).results).toHaveLength(2);
  });
});

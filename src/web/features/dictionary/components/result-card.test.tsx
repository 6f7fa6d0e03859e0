import { describe, expect, it } from 'vitest';
import type { DictEntry } from '../../../../common/dict';
import { externalDictionaries } from './external-links';
import { entryAsText, primaryForm } from './result-card';

const entry = (over: Partial<DictEntry>): DictEntry => ({
  id: 1,
  headwords: [{ text: '食べる', common: true, tags: [] }],
  readings: [{ text: 'たべる', common: true, tags: [] }],
  senses: [
    { pos: ['v1', 'vt'], misc: [], glosses: ['to eat'] },
    { pos: ['v1', 'vt'], misc: [], glosses: ['to live on (e.g. a salary)', 'to live off'] },
  ],
  common: true,
  match: 'exact',
  matched: '食べる',
  ...over,
});

describe('dictionary result text', () => {
  it('copies headword, readings and glosses on one line', () => {
    expect(entryAsText(entry({}))).toBe('食べる【たべる】 to eat; to live on (e.g. a salary), to live off');
  });

  it('uses the reading as the headword of kana-only entries', () => {
    const kana = entry({ headwords: [], readings: [{ text: 'テスト', common: true, tags: [] }], senses: [{ pos: ['n'], misc: [], glosses: ['test'] }] });
    expect(primaryForm(kana)).toBe('テスト');
    expect(entryAsText(kana)).toBe('テスト test');
  });
});

describe('external dictionaries', () => {
  it('put the query in the path of Jisho, Weblio and MOJi', () => {
    expect(externalDictionaries.map((dictionary) => [dictionary.name, dictionary.url('食べた 物')])).toEqual([
      ['Jisho', 'https://jisho.org/search/%E9%A3%9F%E3%81%B9%E3%81%9F%20%E7%89%A9'],
      ['Weblio', 'https://www.weblio.jp/content/%E9%A3%9F%E3%81%B9%E3%81%9F%20%E7%89%A9'],
      ['MOJi', 'https://www.mojidict.com/searchText/%E9%A3%9F%E3%81%B9%E3%81%9F%20%E7%89%A9'],
    ]);
  });
});

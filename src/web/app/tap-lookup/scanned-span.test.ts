import { describe, expect, it } from 'vitest';
import type { DictLookup } from '../../../common/dict';
import { scannedSpan } from './scanned-span';

const answer = (fields: Partial<DictLookup>): DictLookup => ({ query: '', searched: '', results: [], ...fields });

describe('scannedSpan', () => {
  it('is the whole text when all of it is a word', () => {
    expect(scannedSpan(answer({ query: '食べた', searched: '食べた', matched: '食べた' }), '食べた')).toBe(3);
  });

  it('is the longest word at the tap when the text runs on', () => {
    const text = '見せてもらいましたか';
    const found = answer({
      query: text,
      searched: text,
      matched: '見せてもらいました',
      segments: [
        { text: '見せて', start: 0, end: 3, matched: '見せる' },
        { text: 'もらいました', start: 3, end: 9, matched: 'もらう' },
        { text: 'か', start: 9, end: 10, matched: 'か' },
      ],
    });
    expect(scannedSpan(found, text)).toBe(9);
  });

  it('is 0 when no word starts at the tap, or nothing was found', () => {
    const text = 'ゞ雨が';
    const later = answer({ query: text, searched: text, matched: '雨', segments: [{ text: 'ゞ', start: 0, end: 1 }, { text: '雨', start: 1, end: 2, matched: '雨' }] });
    expect(scannedSpan(later, text)).toBe(0);
    expect(scannedSpan(answer({ query: 'ゞ', searched: 'ゞ' }), 'ゞ')).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { downstepNumber, morae, nasalised, pitchPattern } from './pitch';

describe('morae', () => {
  it('joins small kana to the mora before them and keeps っ, ー and ん apart', () => {
    expect(morae('たべる')).toEqual(['た', 'べ', 'る']);
    expect(morae('きょう')).toEqual(['きょ', 'う']);
    expect(morae('ちょっと')).toEqual(['ちょ', 'っ', 'と']);
    expect(morae('ティーシャツ')).toEqual(['ティ', 'ー', 'シャ', 'ツ']);
    expect(morae('しんぶん')).toEqual(['し', 'ん', 'ぶ', 'ん']);
    expect(morae('ぁ')).toEqual(['ぁ']);
  });
});

describe('pitchPattern', () => {
  it('draws heiban, atamadaka, nakadaka and odaka from the downstep position', () => {
    const high = (position: number | string, count: number) => pitchPattern(position, count).map((h) => (h ? 'H' : 'L')).join('');
    expect(high(0, 3)).toBe('LHH');
    expect(high(1, 3)).toBe('HLL');
    expect(high(2, 3)).toBe('LHL');
    expect(high(3, 3)).toBe('LHH');
    expect(high('LHLL', 4)).toBe('LHLL');
  });

  it('reads the downstep number of a pattern', () => {
    expect(downstepNumber(2)).toBe(2);
    expect(downstepNumber('LHLL')).toBe(2);
    expect(downstepNumber('HLL')).toBe(1);
    expect(downstepNumber('LHH')).toBe(0);
  });
});

describe('nasalised', () => {
  it('writes the semi-voiced mark on a nasal mora', () => {
    expect(nasalised('が')).toBe('か\u309A');
    expect(nasalised('ぎょ')).toBe('き\u309Aょ');
  });
});

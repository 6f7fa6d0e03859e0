import { describe, expect, it } from 'vitest';
import { parseEdictLine } from './edict-parse';

describe('parseEdictLine', () => {
  it('reads a one-spelling line with numbered senses, their parts of speech and (P)', () => {
    expect(parseEdictLine('書く [かく] /(v5k,vt) (1) to write/to compose/(v5k,vt) (2) to draw/to paint/(P)/')).toEqual({
      headwords: [{ text: '書く', common: true, tags: [] }],
      readings: [{ text: 'かく', common: true, tags: [] }],
      senses: [
        { pos: ['v5k', 'vt'], misc: [], glosses: ['to write', 'to compose'] },
        { pos: ['v5k', 'vt'], misc: [], glosses: ['to draw', 'to paint'] },
      ],
      common: true,
    });
  });

  it('reads a kana-only line', () => {
    const entry = parseEdictLine('テスト /(n,vs) test/examination/(P)/')!;
    expect(entry.headwords).toEqual([]);
    expect(entry.readings).toEqual([{ text: 'テスト', common: true, tags: [] }]);
    expect(entry.senses).toEqual([{ pos: ['n', 'vs'], misc: [], glosses: ['test', 'examination'] }]);
  });

  it('moves spelling tags written before the first gloss onto the spelling; keeps usage tags on the sense', () => {
    const entry = parseEdictLine('為る [する] /(oK) (vs-i) (1) (uk) to do/to carry out/(P)/')!;
    expect(entry.headwords).toEqual([{ text: '為る', common: true, tags: ['oK'] }]);
    expect(entry.senses[0]).toEqual({ pos: ['vs-i'], misc: ['uk'], glosses: ['to do', 'to carry out'] });
  });

  it('reads EDICT2: several spellings, per-spelling (P), reading restrictions and the sequence number', () => {
    expect(parseEdictLine('亜;阿(iK) [あ(亜);あい(P)] /(pref) (1) sub-/(2) (abbr) Asia/(P)/EntL1000010X/')).toEqual({
      headwords: [
        { text: '亜', common: false, tags: [] },
        { text: '阿', common: false, tags: ['iK'] },
      ],
      readings: [
        { text: 'あ', common: false, tags: [], restrictedTo: ['亜'] },
        { text: 'あい', common: true, tags: [] },
      ],
      senses: [
        { pos: ['pref'], misc: [], glosses: ['sub-'] },
        { pos: ['pref'], misc: ['abbr'], glosses: ['Asia'] },
      ],
      common: true,
      seq: 1000010,
    });
  });

  it('keeps parentheses that are part of a gloss', () => {
    const entry = parseEdictLine('仝 [どうじょう] /(n) "as above" mark/(not) used (as such)/')!;
    expect(entry.senses[0].glosses).toEqual(['"as above" mark', '(not) used (as such)']);
  });

  it('skips the header, blank and broken lines and lines without glosses', () => {
    expect(parseEdictLine('　？？？ /EDICT, EDICT_SUB(P), EDICT2 Japanese-English Electronic Dictionary Files/')).toBeNull();
    expect(parseEdictLine('')).toBeNull();
    expect(parseEdictLine('no slash here')).toBeNull();
    expect(parseEdictLine('４° [しど] /')).toBeNull();
  });
});

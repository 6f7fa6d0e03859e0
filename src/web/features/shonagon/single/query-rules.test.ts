import { describe, expect, it } from 'vitest';
import { parseQueryLines, prepareQuery, sortedCounts, visibleColumns } from './query-rules';

describe('prepareQuery', () => {
  const sentence = '吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。';
  it('keeps a short query and folds whitespace', () => {
    expect(prepareQuery('  食べ\nる ', true)).toEqual({ ok: true, query: '食べ る' });
  });
  it('refuses an empty query', () => {
    expect(prepareQuery('   ', true).ok).toBe(false);
  });
  it('cuts an over-long query to 50 characters when autoSubstrQuery is on', () => {
    const result = prepareQuery(sentence, true);
    expect(result).toEqual({ ok: true, query: Array.from(sentence).slice(0, 50).join(''), truncatedFrom: Array.from(sentence).length });
  });
  it('refuses an over-long query when it is off', () => {
    const result = prepareQuery(sentence, false);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain('limit is 50');
  });
  it('never splits a surrogate pair', () => {
    const result = prepareQuery('𠮷'.repeat(60), true);
    expect(result.ok && Array.from(result.query)).toHaveLength(50);
  });
});

describe('visibleColumns', () => {
  it('hides named columns and the mobile ones', () => {
    expect(visibleColumns('title, media,bogus', false)).toEqual(['index', 'left', 'key', 'right', 'pubYear']);
    expect(visibleColumns(null, true)).toEqual(['left', 'key', 'right', 'title']);
  });
});

describe('sortedCounts', () => {
  it('orders media by count and years numerically', () => {
    expect(sortedCounts({ a: 1, b: 3 }, 'count')).toEqual([['b', 3], ['a', 1]]);
    expect(sortedCounts({ '2004': 1, '1999': 2 }, 'key')).toEqual([['1999', 2], ['2004', 1]]);
  });
});

describe('parseQueryLines', () => {
  it('drops blanks and repeats', () => {
    expect(parseQueryLines('猫\n\n 犬 \r\n猫\n')).toEqual(['猫', '犬']);
  });
});

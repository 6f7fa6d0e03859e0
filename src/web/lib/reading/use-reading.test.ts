import { describe, expect, it } from 'vitest';
import { sliceTokens } from './use-reading';

const line = [{ surface: '昨日', reading: 'きのう' }, { surface: 'は' }, { surface: '図書館', reading: 'としょかん' }, { surface: 'へ' }, { surface: '行', reading: 'い' }, { surface: 'った' }];

describe('sliceTokens', () => {
  it('gives the tokens of a span of the line, a word cut by its edge without its reading', () => {
    expect(sliceTokens(line, 0, 3)).toEqual([{ surface: '昨日', reading: 'きのう' }, { surface: 'は' }]);
    expect(sliceTokens(line, 3, 6)).toEqual([{ surface: '図書館', reading: 'としょかん' }]);
    expect(sliceTokens(line, 4, 8)).toEqual([{ surface: '書館' }, { surface: 'へ' }, { surface: '行', reading: 'い' }]);
    expect(sliceTokens(line, 0, 10).map((token) => token.surface).join('')).toBe('昨日は図書館へ行った');
    expect(sliceTokens(line, 10, 10)).toEqual([]);
  });
});

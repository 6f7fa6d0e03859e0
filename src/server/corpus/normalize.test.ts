import { describe, expect, it } from 'vitest';
import { normalize, normalizeWithMap, originalSpan } from './normalize';

describe('normalize', () => {
  it('folds width and compatibility forms (NFKC) and case', () => {
    expect(normalize('ＡＢＣ１２３')).toBe('abc123');
    expect(normalize('ｶﾀｶﾅﾃﾞｽ')).toBe('カタカナデス');
    expect(normalize('㈱')).toBe('(株)');
    expect(normalize('ﾊﾟｿｺﾝ')).toBe('パソコン');
  });

  it('maps normalised offsets back to the original text', () => {
    const original = 'これはﾊﾟｿｺﾝです';
    const map = normalizeWithMap(original);
    expect(map.text).toBe('これはパソコンです');
    const at = map.text.indexOf('パソコン');
    const [from, to] = originalSpan(map, at, at + 'パソコン'.length);
    expect(original.slice(from, to)).toBe('ﾊﾟｿｺﾝ');
  });

  it('maps through expansions and combining marks', () => {
    const original = '会社は㈱です。か\u3099ある';
    const map = normalizeWithMap(original);
    expect(map.text).toBe(normalize(original));
    const at = map.text.indexOf('株');
    const [from, to] = originalSpan(map, at, at + 1);
    expect(original.slice(from, to)).toBe('㈱');
    const ga = map.text.indexOf('が');
    expect(original.slice(...originalSpan(map, ga, ga + 1))).toBe('か\u3099');
  });
});

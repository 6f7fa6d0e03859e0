import { describe, expect, it } from 'vitest';
import { permutation } from './shuffle';

describe('shuffle', () => {
  it('shuffles with a bijection that depends on the seed', () => {
    for (const size of [1, 2, 7, 1000, 4097]) {
      const perm = permutation(size, 42);
      const seen = new Set(Array.from({ length: size }, (_, i) => perm(i)));
      expect(seen.size).toBe(size);
      expect(Math.max(...seen)).toBe(size - 1);
    }
    const a = Array.from({ length: 20 }, (_, i) => permutation(1000, 1)(i));
    const b = Array.from({ length: 20 }, (_, i) => permutation(1000, 2)(i));
    expect(a).not.toEqual(b);
  });
});

/** The seeded order of `sort=random` (search.ts), and the PRNG the tests and the bench generate with. */

/** Deterministic PRNG (mulberry32): the same seed gives the same sequence. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit number from a string, for `sort=random&seed=`. */
export function hashSeed(seed: string): number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  return mulberry32(h)() * 4294967296;
}

/** A seeded bijection of [0, size): a Feistel network over the next power of four, walked back into range. */
export function permutation(size: number, seed: number): (index: number) => number {
  let bits = 2;
  while (2 ** bits < size) bits += 2;
  const half = bits / 2;
  const mask = 2 ** half - 1;
  const keys = [0, 1, 2, 3].map((round) => mix(seed ^ Math.imul(round + 1, 0x9e3779b9)));
  const once = (value: number) => {
    let left = Math.floor(value / 2 ** half);
    let right = value & mask;
    for (const key of keys) {
      const next = left ^ (mix(right ^ key) & mask);
      left = right;
      right = next;
    }
    return left * 2 ** half + right;
  };
  return (index: number) => {
    let value = once(index);
    while (value >= size) value = once(value);
    return value;
  };
}

function mix(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  return (x ^ (x >>> 16)) >>> 0;
}

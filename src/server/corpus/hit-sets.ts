/**
 * Hit sets, the reading side of the segment postings (decision 0016): the sentences of one
 * segment that hold a term, stored as sorted 16-bit offsets or a bitmap of the segment's span
 * (whichever is smaller), and the positional entries of trigrams and lemmas lined up into phrases.
 */
/** Sentences of one segment that hold a term: sorted offsets, or a bitmap of the segment's span. */
export type HitSet = { sparse: Uint16Array; bitmap?: undefined; n: number } | { bitmap: Uint32Array; sparse?: undefined; n: number };

export const emptySet: HitSet = { sparse: new Uint16Array(0), n: 0 };

export function bitmapBytes(span: number): number {
  return Math.ceil(span / 32) * 4;
}

/** A set as stored: 16-bit offsets while that is no bigger than the bitmap (so the length tells which). */
export function encodeSet(offsets: Uint16Array, span: number): Uint8Array {
  const size = bitmapBytes(span);
  if (offsets.length * 2 <= size) return new Uint8Array(offsets.buffer, offsets.byteOffset, offsets.byteLength);
  const words = new Uint32Array(size / 4);
  for (let i = 0; i < offsets.length; i++) words[offsets[i] >>> 5] |= 1 << (offsets[i] & 31);
  return new Uint8Array(words.buffer);
}

function aligned(data: Uint8Array, unit: number): ArrayBuffer {
  if (data.byteOffset % unit === 0 && data.buffer instanceof ArrayBuffer) return data.buffer;
  return new Uint8Array(data).buffer;
}

export function decodeSet(data: Uint8Array, n: number): HitSet {
  const buffer = aligned(data, 4);
  const offset = data.buffer === buffer ? data.byteOffset : 0;
  if (data.byteLength === n * 2) return { sparse: new Uint16Array(buffer, offset, n), n };
  return { bitmap: new Uint32Array(buffer, offset, data.byteLength / 4), n };
}

export function decodePositions(data: Uint8Array): Uint32Array {
  const buffer = aligned(data, 4);
  return new Uint32Array(buffer, data.buffer === buffer ? data.byteOffset : 0, data.byteLength / 4);
}

export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

export function lowerBound(list: ArrayLike<number>, value: number, from = 0, to = list.length): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Members of `set` in the offsets [from, to]. */
export function countInRange(set: HitSet, from: number, to: number): number {
  if (to < from || set.n === 0) return 0;
  if (set.sparse) return lowerBound(set.sparse, to + 1) - lowerBound(set.sparse, from);
  const words = set.bitmap;
  const last = Math.min(to, words.length * 32 - 1);
  if (last < from) return 0;
  const first = from >>> 5;
  const end = last >>> 5;
  const lowMask = ~0 << (from & 31);
  const highMask = (last & 31) === 31 ? ~0 : (1 << ((last & 31) + 1)) - 1;
  if (first === end) return popcount(words[first] & lowMask & highMask);
  let count = popcount(words[first] & lowMask) + popcount(words[end] & highMask);
  for (let w = first + 1; w < end; w++) count += popcount(words[w]);
  return count;
}

/** Up to `take` members of `set` in [from, to] after skipping `skip` of them, ascending. */
export function membersInRange(set: HitSet, from: number, to: number, skip: number, take: number): number[] {
  const out: number[] = [];
  if (to < from || take <= 0 || set.n === 0) return out;
  if (set.sparse) {
    const end = lowerBound(set.sparse, to + 1);
    for (let i = lowerBound(set.sparse, from) + skip; i < end && out.length < take; i++) out.push(set.sparse[i]);
    return out;
  }
  const words = set.bitmap;
  const last = Math.min(to, words.length * 32 - 1);
  let w = from >>> 5;
  let word = words[w] & (~0 << (from & 31));
  // Whole words are skipped by their popcount, so a deep `skip` costs a word per 32 sentences.
  while (skip > 0 && w <= last >>> 5) {
    const bits = popcount(word);
    if (bits > skip) break;
    skip -= bits;
    word = ++w <= last >>> 5 ? words[w] : 0;
  }
  for (; w <= last >>> 5; word = ++w <= last >>> 5 ? words[w] : 0) {
    while (word !== 0) {
      const bit = 31 - Math.clz32(word & -word);
      word &= word - 1;
      const offset = w * 32 + bit;
      if (offset > last) return out;
      if (skip > 0) {
        skip--;
        continue;
      }
      out.push(offset);
      if (out.length >= take) return out;
    }
  }
  return out;
}

/** The distinct sentence offsets of sorted positional entries, as a set. */
export function sentencesOf(positions: Uint32Array): HitSet {
  const out = new Uint16Array(positions.length);
  let n = 0;
  let previous = -1;
  for (let i = 0; i < positions.length; i++) {
    const offset = positions[i] >>> 16;
    if (offset !== previous) out[n++] = previous = offset;
  }
  // A copy of its own size: readers keep sets in a cache counted by their length, and a view would keep the whole buffer.
  return { sparse: n === out.length ? out : out.slice(0, n), n };
}

/**
 * Entries where every list has its term `shift` places after the first one's: the lists are
 * sorted `offset * 65536 + position`, so shifting a list back by its place lines them up and the
 * answer is a sorted intersection. Each list is `[positions, shift]`.
 */
export function alignPositions(lists: Array<[Uint32Array, number]>): Uint32Array {
  if (lists.length === 0) return new Uint32Array(0);
  const sorted = [...lists].sort((a, b) => a[0].length - b[0].length);
  const [firstList, firstShift] = sorted[0];
  const current = new Uint32Array(firstList.length);
  let size = 0;
  for (let i = 0; i < firstList.length; i++) {
    const value = firstList[i];
    if ((value & 0xffff) >= firstShift) current[size++] = value - firstShift;
  }
  for (let l = 1; l < sorted.length && size > 0; l++) {
    const [list, shift] = sorted[l];
    let kept = 0;
    let j = 0;
    for (let i = 0; i < size; i++) {
      const want = current[i] + shift;
      // The want values only grow; gallop when the other list is much longer.
      if (j < list.length && list[j] < want) {
        let step = 1;
        while (j + step < list.length && list[j + step] < want) step *= 2;
        j = lowerBound(list, want, j + (step >> 1), Math.min(list.length, j + step + 1));
      }
      if (j >= list.length) break;
      if (list[j] === want && (want & 0xffff) === (current[i] & 0xffff) + shift) current[kept++] = current[i];
    }
    size = kept;
  }
  return current.subarray(0, size);
}

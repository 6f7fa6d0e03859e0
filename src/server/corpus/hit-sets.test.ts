import { describe, expect, it } from 'vitest';
import { alignPositions, countInRange, decodeSet, encodeSet, membersInRange, sentencesOf } from './hit-sets';
import { mulberry32 } from './shuffle';

const random = mulberry32(7);

function randomOffsets(count: number, span: number): Uint16Array {
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(Math.floor(random() * span));
  return Uint16Array.from([...chosen].sort((a, b) => a - b));
}

describe('hit sets', () => {
  it('counts and lists the members of a range the same in sparse and bitmap form', () => {
    for (const [count, span] of [
      [5, 100],
      [3000, 65_536],
      [40_000, 65_536],
      [70, 70],
    ]) {
      const offsets = randomOffsets(count, span);
      const stored = encodeSet(offsets, span);
      const set = decodeSet(new Uint8Array(stored), offsets.length);
      expect(Boolean(set.bitmap)).toBe(count * 2 > Math.ceil(span / 32) * 4);
      for (let trial = 0; trial < 50; trial++) {
        const from = Math.floor(random() * span);
        const to = from + Math.floor(random() * (span - from));
        const expected = [...offsets].filter((offset) => offset >= from && offset <= to);
        expect(countInRange(set, from, to)).toBe(expected.length);
        const skip = Math.floor(random() * (expected.length + 2));
        expect(membersInRange(set, from, to, skip, 7)).toEqual(expected.slice(skip, skip + 7));
      }
    }
  });


  it('reads postings from an unaligned buffer (SQLite hands blobs at any offset)', () => {
    const offsets = randomOffsets(10, 1000);
    const bytes = new Uint8Array(offsets.byteLength + 1);
    bytes.set(new Uint8Array(offsets.buffer), 1);
    expect([...decodeSet(bytes.subarray(1), 10).sparse!]).toEqual([...offsets]);
  });


  it('lines up positions exactly: a word split across a sentence is no match', () => {
    // Sentence 0: ABC at 0 and CDE at 2 (ABCDE); sentence 1: ABC at 0, CDE at 5 (apart).
    const abc = Uint32Array.from([0 * 65_536 + 0, 1 * 65_536 + 0]);
    const cde = Uint32Array.from([0 * 65_536 + 2, 1 * 65_536 + 5]);
    const matches = alignPositions([
      [abc, 0],
      [cde, 2],
    ]);
    expect([...sentencesOf(matches).sparse!]).toEqual([0]);
  });

});

import { describe, expect, it } from 'vitest';
import { mulberry32 } from './corpus';
import {
  alignPositions,
  buildStringPostings,
  countInRange,
  decodePositions,
  decodeSet,
  encodeSet,
  membersInRange,
  mergeRows,
  permutation,
  sentencesOf,
  termKind,
  triTerm,
  uniTerm,
  biTerm,
} from './postings';

const random = mulberry32(7);

function randomOffsets(count: number, span: number): Uint16Array {
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(Math.floor(random() * span));
  return Uint16Array.from([...chosen].sort((a, b) => a - b));
}

describe('postings', () => {
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

  it('indexes every unit, pair and positioned trigram of each sentence', () => {
    const texts = ['ねこがねこを見た', 'いぬ', 'ねこ'];
    const rows = buildStringPostings([0, 2, 5], texts, 6);
    const byTerm = new Map(rows.map((row) => [row.term, row]));
    expect(rows.map((row) => row.term)).toEqual([...rows.map((row) => row.term)].sort((a, b) => a - b));
    const set = (term: number) => [...membersInRange(decodeSet(byTerm.get(term)!.data, byTerm.get(term)!.n), 0, 5, 0, 99)];
    expect(set(uniTerm('ね'.charCodeAt(0)))).toEqual([0, 5]);
    expect(set(biTerm('ね'.charCodeAt(0), 'こ'.charCodeAt(0)))).toEqual([0, 5]);
    expect(set(uniTerm('い'.charCodeAt(0)))).toEqual([2]);
    const triple = byTerm.get(triTerm(...(['ね', 'こ', 'が'].map((c) => c.charCodeAt(0)) as [number, number, number])))!;
    expect([...decodePositions(triple.data)]).toEqual([0 * 65_536 + 0]);
    const neko = byTerm.get(triTerm(...(['ね', 'こ', 'を'].map((c) => c.charCodeAt(0)) as [number, number, number])))!;
    expect([...decodePositions(neko.data)]).toEqual([3]);
    expect(rows.every((row) => row.term % 8 >= termKind.uni && row.term % 8 <= termKind.tri)).toBe(true);
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

  it('merges segments, rebasing offsets and dropping sentences of deleted documents', () => {
    const first = buildStringPostings([0, 1], ['ねこ', 'いぬ'], 2);
    const second = buildStringPostings([0], ['ねこだ'], 1);
    const term = uniTerm('ね'.charCodeAt(0));
    const part = (rows: typeof first, start: number): [number, Uint8Array, number] => {
      const row = rows.find((r) => r.term === term)!;
      return [start, row.data, row.n];
    };
    const merged = mergeRows(term, [part(first, 100), part(second, 110)], 100, 11, [[100, 110]])!;
    expect([...membersInRange(decodeSet(merged.data, merged.n), 0, 10, 0, 9)]).toEqual([0, 10]);
    const kept = mergeRows(term, [part(first, 100), part(second, 110)], 100, 11, [[101, 110]])!;
    expect(kept.n).toBe(1);
    const trigram = triTerm(...(['ね', 'こ', 'だ'].map((c) => c.charCodeAt(0)) as [number, number, number]));
    const row = second.find((r) => r.term === trigram)!;
    const rebased = mergeRows(trigram, [[110, row.data, row.n]], 100, 11, [[100, 110]])!;
    expect([...decodePositions(rebased.data)]).toEqual([10 * 65_536]);
  });
});

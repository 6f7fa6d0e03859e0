import { describe, expect, it } from 'vitest';
import { decodePositions, decodeSet, membersInRange } from './hit-sets';
import { biTerm, buildStringPostings, mergeRows, termKind, triTerm, uniTerm } from './postings';

describe('postings', () => {
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

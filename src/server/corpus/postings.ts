/**
 * The corpus index (decision 0016): postings per segment, a run of at most 65,536 consecutive
 * sentence ids. A segment's row for a term holds the sentences (as offsets from the segment's
 * first id) where the term occurs:
 * - a UTF-16 unit (1-character queries) or a pair of units (2 characters): a set, stored as
 *   sorted 16-bit offsets or, when denser, as a bitmap;
 * - three units (queries of 3 or more) and lemmas: positions, `offset * 65536 + position`
 *   (position in UTF-16 units, or the morpheme's index), so a longer query is matched exactly
 *   by lining up its trigrams (or lemmas) without reading any sentence.
 * Counting a frequent term is a popcount over a few KB per segment, not a walk over its hits.
 */

import { bitmapBytes, decodePositions, decodeSet, encodeSet } from './hit-sets';

export const segmentSpan = 65_536;

export const termKind = { uni: 1, bi: 2, tri: 3, lemma: 4 } as const;

export const uniTerm = (a: number) => a * 8 + termKind.uni;
export const biTerm = (a: number, b: number) => (a * 65_536 + b) * 8 + termKind.bi;
export const triTerm = (a: number, b: number, c: number) => ((a * 65_536 + b) * 65_536 + c) * 8 + termKind.tri;
export const lemmaTerm = (id: number) => id * 8 + termKind.lemma;
export const isPositional = (term: number) => term % 8 >= termKind.tri;

const pairHome = (key: number, shift: number) => (Math.imul(key, 0x9e3779b1) >>> shift) << 2;
const tripleHome = (high: number, c: number, shift: number) => (Math.imul(Math.imul(high, 0x85ebca6b) ^ c, 0x9e3779b1) >>> shift) << 2;

/** A table of 16-byte slots (`slot + 1` is -1 when empty) at twice the size, with `shift` one less. */
function rehash(table: Int32Array<ArrayBuffer>, shift: number, triple: boolean): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(table.length * 2).fill(-1);
  const wrap = bigger.length - 4;
  for (let slot = 0; slot < table.length; slot += 4) {
    if (table[slot + 1] === -1) continue;
    let to = triple ? tripleHome(table[slot], table[slot + 1], shift) : pairHome(table[slot], shift);
    while (bigger[to + 1] !== -1) to = (to + 4) & wrap;
    bigger[to] = table[slot];
    bigger[to + 1] = table[slot + 1];
    bigger[to + 2] = table[slot + 2];
    bigger[to + 3] = table[slot + 3];
  }
  return bigger;
}

/** A pair's or trigram's slot (the key is there: it was counted). */
function slotOf(table: Int32Array, shift: number, key: number, triple: boolean): number {
  const wrap = table.length - 4;
  if (!triple) {
    const packed = key | 0;
    let slot = pairHome(packed, shift);
    while (table[slot] !== packed || table[slot + 1] === -1) slot = (slot + 4) & wrap;
    return slot;
  }
  const high = Math.floor(key / 65_536) | 0;
  const c = key % 65_536;
  let slot = tripleHome(high, c, shift);
  while (table[slot + 1] !== c || table[slot] !== high) slot = (slot + 4) & wrap;
  return slot;
}

/** One term's postings, ready to store. */
export interface PostingRow {
  term: number;
  n: number;
  data: Uint8Array;
}

/**
 * A segment's rows packed in a few typed arrays, in term order: row `i` is `terms[i]`, `ns[i]`
 * and the bytes of `data` from `ends[i - 1]` (0 for the first) to `ends[i]`. Built, sent to the
 * writer (transferred, not copied) and stored without an object or a view per row: half a million
 * rows a segment made those a fifth of an import's CPU.
 */
export interface PackedPostings {
  terms: Float64Array<ArrayBuffer>;
  ns: Int32Array<ArrayBuffer>;
  ends: Int32Array<ArrayBuffer>;
  data: Uint8Array<ArrayBuffer>;
}

export function packRows(rows: PostingRow[]): PackedPostings {
  const terms = new Float64Array(rows.length);
  const ns = new Int32Array(rows.length);
  const ends = new Int32Array(rows.length);
  let size = 0;
  for (const row of rows) size += row.data.byteLength;
  const data = new Uint8Array(size);
  let at = 0;
  for (let i = 0; i < rows.length; i++) {
    terms[i] = rows[i].term;
    ns[i] = rows[i].n;
    data.set(rows[i].data, at);
    at += rows[i].data.byteLength;
    ends[i] = at;
  }
  return { terms, ns, ends, data };
}

export function unpackRows({ terms, ns, ends, data }: PackedPostings): PostingRow[] {
  const rows: PostingRow[] = new Array(terms.length);
  for (let i = 0, at = 0; i < terms.length; at = ends[i], i++) rows[i] = { term: terms[i], n: ns[i], data: data.subarray(at, ends[i]) };
  return rows;
}

/**
 * The string postings of one segment: every UTF-16 unit and pair of units as a set, every
 * trigram with its positions. `texts[i]` is the normalised sentence at `offsets[i]`
 * (ascending; gaps are deleted sentences).
 */
export function buildStringPostings(offsets: ArrayLike<number>, texts: string[], span: number): PostingRow[] {
  return unpackRows(buildPackedStringPostings(offsets, texts, span));
}

/**
 * `buildStringPostings`, packed. Two passes over the text with typed arrays: the first counts,
 * the second fills; Map-based building ran five times slower.
 */
export function buildPackedStringPostings(offsets: ArrayLike<number>, texts: string[], span: number): PackedPostings {
  const builder = new StringPostingsBuilder();
  builder.add(offsets, texts);
  return builder.finish(span);
}

/**
 * A segment's string postings built as its sentences come (`add`: the counting pass, so a helper
 * thread counts while the writer reads and stores the segment's sentences), then `finish`: the
 * filling pass and the packed rows.
 */
export class StringPostingsBuilder {
  private readonly texts: string[] = [];
  private readonly offsets: number[] = [];
  private readonly uniCount = new Int32Array(65_536);
  private readonly uniLast = new Int32Array(65_536).fill(-1);
  // Pairs and trigrams in open-addressing tables of 16-byte slots that start small and double with
  // their keys: a pair's slot is [b << 16 | c, index (-1: empty), last sentence, sentences], a
  // trigram's [a << 16 | b, c (-1: empty), index, occurrences]; one cache line a lookup, where
  // keys, indexes and counts in arrays of their own missed it three times.
  private pairTable = new Int32Array(4 * 1024).fill(-1);
  private pairShift = 22;
  private pairs = 0;
  private tripleTable = new Int32Array(4 * 1024).fill(-1);
  private tripleShift = 22;
  private triples = 0;
  // Per character: the pair and trigram counted there (-1: none, or the pair already counted in the sentence).
  private pairAt = new Int32Array(4096);
  private tripleAt = new Int32Array(4096);
  private chars = 0;

  /** The next sentences, ascending offsets from the segment's first id. */
  add(offsets: ArrayLike<number>, texts: string[]): void {
    let chars = this.chars;
    for (let s = 0; s < texts.length; s++) {
      chars += texts[s].length;
      this.texts.push(texts[s]);
      this.offsets.push(offsets[s]);
    }
    if (chars > this.pairAt.length) {
      const size = Math.max(chars, this.pairAt.length * 2);
      const pairAt = new Int32Array(size);
      pairAt.set(this.pairAt.subarray(0, this.chars));
      this.pairAt = pairAt;
      const tripleAt = new Int32Array(size);
      tripleAt.set(this.tripleAt.subarray(0, this.chars));
      this.tripleAt = tripleAt;
    }
    const { uniCount, uniLast, pairAt, tripleAt } = this;
    let { pairTable, pairShift, pairs, tripleTable, tripleShift, triples } = this;
    let at = this.chars;
    for (let s = 0; s < texts.length; s++) {
      const text = texts[s];
      const offset = offsets[s];
      let a = 0;
      let b = 0;
      for (let p = 0; p < text.length; p++, at++) {
        const c = text.charCodeAt(p);
        if (uniLast[c] !== offset) {
          uniLast[c] = offset;
          uniCount[c]++;
        }
        pairAt[at] = -1;
        tripleAt[at] = -1;
        if (p >= 1) {
          const key = (b << 16) | c;
          let wrap = pairTable.length - 4;
          let slot = pairHome(key, pairShift);
          for (;;) {
            if (pairTable[slot + 1] === -1) {
              if (pairs * 2 >= pairTable.length >>> 2) {
                pairTable = rehash(pairTable, --pairShift, false);
                wrap = pairTable.length - 4;
                slot = pairHome(key, pairShift);
                continue;
              }
              pairTable[slot] = key;
              pairTable[slot + 1] = pairs++;
              pairTable[slot + 3] = 0;
              break;
            }
            if (pairTable[slot] === key) break;
            slot = (slot + 4) & wrap;
          }
          if (pairTable[slot + 2] !== offset) {
            pairTable[slot + 2] = offset;
            pairTable[slot + 3]++;
            pairAt[at] = pairTable[slot + 1];
          }
        }
        if (p >= 2) {
          const high = (a << 16) | b;
          let wrap = tripleTable.length - 4;
          let slot = tripleHome(high, c, tripleShift);
          for (;;) {
            const found = tripleTable[slot + 1];
            if (found === -1) {
              if (triples * 2 >= tripleTable.length >>> 2) {
                tripleTable = rehash(tripleTable, --tripleShift, true);
                wrap = tripleTable.length - 4;
                slot = tripleHome(high, c, tripleShift);
                continue;
              }
              tripleTable[slot] = high;
              tripleTable[slot + 1] = c;
              tripleTable[slot + 2] = triples++;
              tripleTable[slot + 3] = 0;
              break;
            }
            if (found === c && tripleTable[slot] === high) break;
            slot = (slot + 4) & wrap;
          }
          tripleTable[slot + 3]++;
          tripleAt[at] = tripleTable[slot + 2];
        }
        a = b;
        b = c;
      }
    }
    this.chars = at;
    this.pairTable = pairTable;
    this.pairShift = pairShift;
    this.pairs = pairs;
    this.tripleTable = tripleTable;
    this.tripleShift = tripleShift;
    this.triples = triples;
  }

  /** The rows of every sentence added; `span` is the segment's (its last offset + 1). */
  finish(span: number): PackedPostings {
    const { texts, offsets, uniCount, uniLast, pairAt, tripleAt, pairTable, pairShift, pairs, tripleTable, tripleShift, triples } = this;
    let at = 0;
    // Counts dense by index; keys in term order with their indexes.
    const pairCount = new Int32Array(pairs);
    const pairKeys = new Float64Array(pairs);
    for (let slot = 0, n = 0; slot < pairTable.length; slot += 4) {
      if (pairTable[slot + 1] === -1) continue;
      pairCount[pairTable[slot + 1]] = pairTable[slot + 3];
      pairKeys[n++] = pairTable[slot] >>> 0;
    }
    pairKeys.sort();
    const pairOrder = new Int32Array(pairs);
    for (let i = 0; i < pairs; i++) pairOrder[i] = pairTable[slotOf(pairTable, pairShift, pairKeys[i], false) + 1];
    const tripleCount = new Int32Array(triples);
    const tripleKeys = new Float64Array(triples);
    for (let slot = 0, n = 0; slot < tripleTable.length; slot += 4) {
      if (tripleTable[slot + 1] === -1) continue;
      tripleCount[tripleTable[slot + 2]] = tripleTable[slot + 3];
      tripleKeys[n++] = (tripleTable[slot] >>> 0) * 65_536 + tripleTable[slot + 1];
    }
    tripleKeys.sort();
    const tripleOrder = new Int32Array(triples);
    for (let i = 0; i < triples; i++) tripleOrder[i] = tripleTable[slotOf(tripleTable, tripleShift, tripleKeys[i], true) + 2];

    const uniStart = new Int32Array(65_537);
    for (let c = 0; c < 65_536; c++) uniStart[c + 1] = uniStart[c] + uniCount[c];
    const pairStart = new Int32Array(pairs + 1);
    for (let k = 0; k < pairs; k++) pairStart[k + 1] = pairStart[k] + pairCount[k];
    const tripleStart = new Int32Array(triples + 1);
    for (let k = 0; k < triples; k++) tripleStart[k + 1] = tripleStart[k] + tripleCount[k];
    const uniData = new Uint16Array(uniStart[65_536]);
    const pairData = new Uint16Array(pairStart[pairs]);
    const tripleData = new Uint32Array(tripleStart[triples]);
    const uniFill = uniStart.slice(0, 65_536);
    const pairFill = pairStart.slice(0, pairs);
    const tripleFill = tripleStart.slice(0, triples);
    uniLast.fill(-1);
    at = 0;
    for (let s = 0; s < texts.length; s++) {
      const text = texts[s];
      const offset = offsets[s];
      for (let p = 0; p < text.length; p++, at++) {
        const c = text.charCodeAt(p);
        if (uniLast[c] !== offset) {
          uniLast[c] = offset;
          uniData[uniFill[c]++] = offset;
        }
        const pair = pairAt[at];
        if (pair >= 0) pairData[pairFill[pair]++] = offset;
        const triple = tripleAt[at];
        if (triple >= 0) tripleData[tripleFill[triple]++] = offset * 65_536 + p - 2;
      }
    }

    // The rows in term order: units, pairs and trigrams merged (a term is its value × 8 + kind).
    let uniRows = 0;
    for (let c = 0; c < 65_536; c++) if (uniCount[c] > 0) uniRows++;
    const rowCount = uniRows + pairs + triples;
    const terms = new Float64Array(rowCount);
    const ns = new Int32Array(rowCount);
    const ends = new Int32Array(rowCount);
    // A set's bytes: 16-bit offsets while no bigger than the bitmap (encodeSet's rule).
    const setBytes = bitmapBytes(span);
    const setSize = (n: number) => (n * 2 <= setBytes ? n * 2 : setBytes);
    let size = 0;
    for (let c = 0; c < 65_536; c++) if (uniCount[c] > 0) size += setSize(uniCount[c]);
    for (let k = 0; k < pairs; k++) size += setSize(pairCount[k]);
    size += tripleData.length * 4;
    const data = new Uint8Array(size);
    // Bytes are copied from byte views of the whole arrays (the same bytes a typed array view of the row gives).
    const uniBytes = new Uint8Array(uniData.buffer);
    const pairBytes = new Uint8Array(pairData.buffer);
    const tripleBytes = new Uint8Array(tripleData.buffer);
    const bitmap = new Uint32Array(setBytes / 4);
    const bitmapView = new Uint8Array(bitmap.buffer);
    let written = 0;
    const putSet = (source: Uint16Array, bytes: Uint8Array, from: number, to: number) => {
      const n = to - from;
      if (n * 2 <= setBytes) {
        for (let i = from * 2; i < to * 2; i++) data[written++] = bytes[i];
        return;
      }
      bitmap.fill(0);
      for (let i = from; i < to; i++) bitmap[source[i] >>> 5] |= 1 << (source[i] & 31);
      data.set(bitmapView, written);
      written += setBytes;
    };
    let c = 0;
    let pi = 0;
    let ti = 0;
    const noTerm = Number.MAX_VALUE;
    while (c < 65_536 && uniCount[c] === 0) c++;
    for (let row = 0; row < rowCount; row++) {
      const uni = c < 65_536 ? c * 8 + termKind.uni : noTerm;
      const pair = pi < pairs ? pairKeys[pi] * 8 + termKind.bi : noTerm;
      const triple = ti < triples ? tripleKeys[ti] * 8 + termKind.tri : noTerm;
      if (uni < pair && uni < triple) {
        terms[row] = uni;
        ns[row] = uniCount[c];
        putSet(uniData, uniBytes, uniStart[c], uniStart[c + 1]);
        c++;
        while (c < 65_536 && uniCount[c] === 0) c++;
      } else if (pair < triple) {
        const k = pairOrder[pi++];
        terms[row] = pair;
        ns[row] = pairCount[k];
        putSet(pairData, pairBytes, pairStart[k], pairStart[k + 1]);
      } else {
        const k = tripleOrder[ti++];
        terms[row] = triple;
        const from = tripleStart[k];
        const to = tripleStart[k + 1];
        let n = 0;
        let previous = -1;
        for (let i = from; i < to; i++) {
          const sentence = tripleData[i] >>> 16;
          if (sentence !== previous) {
            n++;
            previous = sentence;
          }
        }
        ns[row] = n;
        for (let i = from * 4; i < to * 4; i++) data[written++] = tripleBytes[i];
      }
      ends[row] = written;
    }
    return { terms, ns, ends, data };
  }
}

function distinctSentences(positions: Uint32Array): number {
  let n = 0;
  let previous = -1;
  for (let i = 0; i < positions.length; i++) {
    const offset = positions[i] >>> 16;
    if (offset !== previous) {
      n++;
      previous = offset;
    }
  }
  return n;
}

/**
 * The lemma postings of one segment: `lemmaIds[i]` are the lemma ids of the morphemes of the
 * sentence at `offsets[i]`, in order.
 */
export function buildLemmaPostings(offsets: ArrayLike<number>, lemmaIds: Int32Array[]): PostingRow[] {
  const lists = new Map<number, number[]>();
  for (let s = 0; s < lemmaIds.length; s++) {
    const ids = lemmaIds[s];
    const base = offsets[s] * 65_536;
    for (let m = 0; m < ids.length && m < 65_536; m++) {
      let list = lists.get(ids[m]);
      if (!list) lists.set(ids[m], (list = []));
      list.push(base + m);
    }
  }
  return [...lists.keys()]
    .sort((a, b) => a - b)
    .map((id) => {
      const positions = Uint32Array.from(lists.get(id)!);
      return { term: lemmaTerm(id), n: distinctSentences(positions), data: new Uint8Array(positions.buffer) };
    });
}

/**
 * Merges one term's rows from adjacent segments into a new segment starting at `base`, keeping
 * only sentences inside `live` (sorted, disjoint `[first, last]` id ranges: the documents that
 * still exist). `parts` are `[segment first id, data, n]`, in sentence order.
 */
export function mergeRows(term: number, parts: Array<[number, Uint8Array, number]>, base: number, span: number, live: Array<[number, number]>): PostingRow | null {
  const positional = isPositional(term);
  let capacity = 0;
  for (const [, data, n] of parts) capacity += positional ? data.byteLength / 4 : n;
  const out = positional ? new Uint32Array(capacity) : new Uint16Array(capacity);
  let size = 0;
  let range = 0;
  const keep = (sid: number) => {
    while (range < live.length && live[range][1] < sid) range++;
    return range < live.length && live[range][0] <= sid;
  };
  for (const [first, data, n] of parts) {
    if (positional) {
      const positions = decodePositions(data);
      const shift = (first - base) * 65_536;
      for (let i = 0; i < positions.length; i++) if (keep(first + (positions[i] >>> 16))) out[size++] = positions[i] + shift;
      continue;
    }
    const set = decodeSet(data, n);
    if (set.sparse) {
      for (let i = 0; i < set.sparse.length; i++) if (keep(first + set.sparse[i])) out[size++] = first + set.sparse[i] - base;
      continue;
    }
    for (let w = 0; w < set.bitmap.length; w++) {
      let word = set.bitmap[w];
      while (word !== 0) {
        const offset = w * 32 + 31 - Math.clz32(word & -word);
        word &= word - 1;
        if (keep(first + offset)) out[size++] = first + offset - base;
      }
    }
  }
  if (size === 0) return null;
  if (out instanceof Uint32Array) {
    const positions = out.subarray(0, size);
    return { term, n: distinctSentences(positions), data: new Uint8Array(positions.buffer, 0, size * 4) };
  }
  return { term, n: size, data: encodeSet(out.subarray(0, size), span) };
}

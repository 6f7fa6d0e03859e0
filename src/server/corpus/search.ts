import type { SearchItem, SearchParams, SearchResult } from '../../common/shonagon';
import { CorpusQueryError, searchLimits, segmentKind, type Corpus, type DocRow, type LemmaQuery, type SegmentKind, type SegmentRow } from './corpus';
import { LruCache } from '../lru-cache';
import { normalize, normalizeWithMap, originalSpan } from './normalize';
import { alignPositions, countInRange, decodePositions, decodeSet, emptySet, membersInRange, sentencesOf, type HitSet } from './hit-sets';
import { biTerm, lemmaTerm, triTerm, uniTerm } from './postings';
import { hashSeed, permutation } from './shuffle';
import { coded } from '../../common/server-errors';

/** Thrown when the caller gave up on a search (its client went away) part-way. */
export class SearchCancelled extends Error {
  constructor() {
    super('The search was cancelled.');
  }
}

export interface SearchOptions {
  /** Needed for mode `lemma`. */
  lemmaQuery?: LemmaQuery;
  /** Polled between segments and between rows of the page; true stops the search. */
  cancelled?: () => boolean;
}

/**
 * How many sentences of each document hold the query, and the segments where it occurs. After a
 * page, only the sets that page used stay (`sets`, up to `keptSetBytes`); others are read again
 * when a page needs them (`setOf`), so a query costs a few KB to remember and pages 2, 3 … of
 * hundreds of queries stay cheap.
 */
interface QueryHits {
  generation: number;
  docs: DocRow[];
  segments: SegmentRow[];
  sets: Array<HitSet | null>;
  setOf: (segment: SegmentRow) => HitSet;
  perDoc: Int32Array;
  bytes: number;
}

/** What a remembered query costs beyond the sets it keeps. */
const queryBytes = (hits: QueryHits) => hits.perDoc.byteLength + hits.segments.length * 16 + 256;
const setBytes = (set: HitSet) => (set.sparse ?? set.bitmap).byteLength + 64;
/**
 * The sets a remembered query keeps after a page. Small, so that the counts of hundreds of queries
 * fit the cache: 16–64 KB cost pages 2–10 of 700 queries taken in turns 2.2 ms each, 256 KB 2.7 ms.
 */
const keptSetBytes = 32 * 1024;

/** Trigram starts that cover a query of `length` units (0, 3, 6, … and the last), so lining them up is an exact match. */
function coveringTrigrams(length: number): number[] {
  const starts: number[] = [];
  for (let at = 0; at + 3 <= length; at += 3) starts.push(at);
  if (starts[starts.length - 1] !== length - 3) starts.push(length - 3);
  return starts;
}

function codePointSlice(text: string, from: number, to?: number): string {
  return Array.from(text).slice(from, to).join('');
}

function joinContext(a: string, b: string): string {
  if (!a || !b) return a + b;
  // Japanese sentences follow each other without a space; Latin ones need one.
  return /[\x21-\x7e]$/.test(a) && /^[\x21-\x7e]/.test(b) ? `${a} ${b}` : a + b;
}

type ContextRow = { id: number; pos: number; text: string; start: number | null; end: number | null };

const contextReach = 2;

/**
 * Keyword in context over the segment postings (decision 0016). The total and the per-media /
 * per-year counts come from per-document counts (popcounts over each segment's postings, never a
 * walk over the hits); a page is read from the documents it falls in, whatever the sort.
 */
export class CorpusSearch {
  /** Each query's hit sets and per-document counts, remembered once a page is read, until the corpus changes. */
  private readonly cache: LruCache<string, QueryHits>;

  constructor(
    private readonly corpus: Corpus,
    maxCacheBytes = 32 * 1024 * 1024,
  ) {
    this.cache = new LruCache(maxCacheBytes, (_key, hits) => hits.bytes);
  }

  search(params: SearchParams, options: SearchOptions = {}): SearchResult {
    // One snapshot for the whole answer: an import committing meanwhile is seen entirely or not at all.
    return this.corpus.db.transaction(() => this.searchInSnapshot(params, options))();
  }

  private searchInSnapshot(params: SearchParams, { lemmaQuery, cancelled = () => false }: SearchOptions): SearchResult {
    const q = params.q;
    if (!q || q.trim() === '') throw new CorpusQueryError('Missing query: add ?q= with the text to search for.', coded('query-missing'));
    if ([...q].length > searchLimits.maxQuery) throw new CorpusQueryError(`Query too long: ${[...q].length} characters; the limit is ${searchLimits.maxQuery}.`, coded('query-too-long', { length: [...q].length, max: searchLimits.maxQuery }));
    const normalized = normalize(q.trim());
    const check = () => {
      if (cancelled()) throw new SearchCancelled();
    };
    let hitsKey: string;
    let hits: QueryHits;
    let keySpan: (normalizedSentence: string) => [number, number] | null;
    if ((params.mode ?? 'string') === 'lemma') {
      if (!lemmaQuery) throw new CorpusQueryError('Lemma search is not available.', coded('lemma-unavailable'));
      const query = lemmaQuery(normalized);
      if (query.lemmas.length === 0) throw new CorpusQueryError('The query has no words to search for.', coded('query-no-words'));
      const ids = this.corpus.findLemmaIds(query.lemmas);
      hitsKey = `lemma\0${ids?.join(',') ?? 'none'}`;
      hits = this.hits(hitsKey, segmentKind.lemma, (doc) => doc.lemma_upto, check, (segment) => (ids ? this.lemmaSet(segment, ids) : emptySet));
      keySpan = query.keySpan;
    } else {
      hitsKey = `string\0${normalized}`;
      hits = this.hits(hitsKey, segmentKind.string, (doc) => doc.str_upto, check, (segment) => this.stringSet(segment, normalized));
      keySpan = (sentence) => {
        const at = sentence.indexOf(normalized);
        return at < 0 ? null : [at, at + normalized.length];
      };
    }

    const { docs, perDoc } = hits;
    const media = params.media?.length ? new Set(params.media) : null;
    const only = params.doc?.length ? new Set(params.doc) : null;
    const groups: number[] = [];
    const mediaCounts: Record<string, number> = {};
    const yearCounts: Record<string, number> = {};
    let total = 0;
    for (let d = 0; d < docs.length; d++) {
      if (perDoc[d] === 0) continue;
      const doc = docs[d];
      if (media && !media.has(doc.media)) continue;
      if (only && !only.has(String(doc.id))) continue;
      if (params.from !== undefined && (doc.pub_year === null || doc.pub_year < params.from)) continue;
      if (params.to !== undefined && (doc.pub_year === null || doc.pub_year > params.to)) continue;
      groups.push(d);
      total += perDoc[d];
      mediaCounts[doc.media] = (mediaCounts[doc.media] ?? 0) + perDoc[d];
      const year = doc.pub_year === null ? '' : String(doc.pub_year);
      yearCounts[year] = (yearCounts[year] ?? 0) + perDoc[d];
    }

    const offset = Math.max(0, params.offset ?? 0);
    const limit = Math.min(searchLimits.maxLimit, Math.max(0, params.limit ?? searchLimits.defaultLimit));
    const width = Math.min(searchLimits.maxWidth, Math.max(0, params.width ?? searchLimits.defaultWidth));
    const end = Math.min(total, offset + limit);
    const page: Array<[sid: number, doc: number]> = [];
    const used = new Set<number>();
    const sort = params.sort ?? 'order';
    if (sort === 'random') {
      // Rank n of the shuffle is hit number perm(n) in document order: found through the
      // per-document counts, so a page costs its own rows whatever the total.
      const starts = new Float64Array(groups.length + 1);
      for (let g = 0; g < groups.length; g++) starts[g + 1] = starts[g] + perDoc[groups[g]];
      const perm = permutation(total, hashSeed(params.seed ?? ''));
      for (let n = offset; n < end; n++) {
        check();
        const rank = perm(n);
        let lo = 0;
        let hi = groups.length - 1;
        while (lo < hi) {
          const mid = (lo + hi + 1) >>> 1;
          if (starts[mid] <= rank) lo = mid;
          else hi = mid - 1;
        }
        const [sid] = this.docHits(hits, groups[lo], rank - starts[lo], 1, used);
        page.push([sid, groups[lo]]);
      }
    } else {
      // Year order is document order re-ranked by year: whole documents move, no per-hit sort.
      if (sort === 'year') groups.sort((x, y) => (docs[x].pub_year ?? Infinity) - (docs[y].pub_year ?? Infinity) || x - y);
      let seen = 0;
      for (const d of groups) {
        if (seen >= end) break;
        if (seen + perDoc[d] > offset) {
          const skip = Math.max(0, offset - seen);
          for (const sid of this.docHits(hits, d, skip, end - Math.max(offset, seen), used)) page.push([sid, d]);
        }
        seen += perDoc[d];
      }
    }

    this.keepOnly(hitsKey, hits, used);

    const rows = this.contextRows(page.map(([sid, d]) => [sid, docs[d]]));
    const items: SearchItem[] = [];
    for (const [n, [sid, d]] of page.entries()) {
      check();
      const item = this.kwic(sid, docs[d], keySpan, width, rows);
      if (item) items.push({ ...item, index: offset + n + 1 });
    }
    return { total, offset, items, counts: { media: mediaCounts, year: yearCounts } };
  }

  /** The query's hit sets and per-document counts: remembered, or read from the segments. */
  private hits(key: string, kind: SegmentKind, upto: (doc: DocRow) => number, check: () => void, setOf: (segment: SegmentRow) => HitSet): QueryHits {
    const generation = this.corpus.generation();
    const cached = this.cache.get(key);
    if (cached?.generation === generation) return cached;
    if (cached) this.cache.delete(key);
    const docs = this.corpus.docRows();
    const segments: SegmentRow[] = [];
    const sets: HitSet[] = [];
    for (const segment of this.corpus.segments(kind)) {
      check();
      const set = setOf(segment);
      if (set.n === 0) continue;
      segments.push(segment);
      sets.push(set);
    }
    const perDoc = new Int32Array(docs.length);
    let p = 0;
    for (let d = 0; d < docs.length; d++) {
      const doc = docs[d];
      if (doc.first_sid === null) continue;
      const last = Math.min(doc.last_sid!, upto(doc));
      if (last < doc.first_sid) continue;
      while (p < segments.length && segments[p].last_sid < doc.first_sid) p++;
      let count = 0;
      for (let s = p; s < segments.length && segments[s].first_sid <= last; s++) {
        const segment = segments[s];
        count += countInRange(sets[s], Math.max(doc.first_sid, segment.first_sid) - segment.first_sid, Math.min(last, segment.last_sid) - segment.first_sid);
      }
      perDoc[d] = count;
    }
    const result: QueryHits = { generation, docs, segments, sets, setOf, perDoc, bytes: 0 };
    result.bytes = queryBytes(result) + sets.reduce((sum, set) => sum + setBytes(set), 0);
    return result;
  }

  /** After a page: the query keeps the sets that page used (up to `keptSetBytes`) and is remembered, weighed as it is now. */
  private keepOnly(key: string, hits: QueryHits, used: Set<number>) {
    let bytes = queryBytes(hits);
    for (let s = 0; s < hits.sets.length; s++) {
      const set = hits.sets[s];
      if (!set) continue;
      if (used.has(s) && bytes + setBytes(set) <= keptSetBytes) bytes += setBytes(set);
      else hits.sets[s] = null;
    }
    hits.bytes = bytes;
    this.cache.set(key, hits);
  }

  /** Segment `s` of the query's hits, read again if a page before let it go. */
  private segmentSet(hits: QueryHits, s: number, used: Set<number>): HitSet {
    used.add(s);
    let set = hits.sets[s];
    if (!set) {
      set = hits.setOf(hits.segments[s]);
      hits.sets[s] = set;
    }
    return set;
  }

  /** `take` hit sentence ids of document `d` after skipping `skip` of them. */
  private docHits(hits: QueryHits, d: number, skip: number, take: number, used: Set<number>): number[] {
    const doc = hits.docs[d];
    const first = doc.first_sid!;
    const last = doc.last_sid!;
    const { segments } = hits;
    let lo = 0;
    let hi = segments.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (segments[mid].last_sid < first) lo = mid + 1;
      else hi = mid;
    }
    const out: number[] = [];
    for (let s = lo; s < segments.length && segments[s].first_sid <= last && out.length < take; s++) {
      const segment = segments[s];
      const from = Math.max(first, segment.first_sid) - segment.first_sid;
      const to = Math.min(last, segment.last_sid) - segment.first_sid;
      const set = this.segmentSet(hits, s, used);
      const count = countInRange(set, from, to);
      if (skip >= count) {
        skip -= count;
        continue;
      }
      for (const offset of membersInRange(set, from, to, skip, take - out.length)) out.push(segment.first_sid + offset);
      skip = 0;
    }
    return out;
  }

  private row(seg: number, term: number): { n: number; data: Uint8Array } | undefined {
    return this.corpus.posting(seg, term);
  }

  private stringSet(segment: SegmentRow, query: string): HitSet {
    const length = query.length;
    if (length <= 2) {
      const row = this.row(segment.id, length === 1 ? uniTerm(query.charCodeAt(0)) : biTerm(query.charCodeAt(0), query.charCodeAt(1)));
      return row ? decodeSet(row.data, row.n) : emptySet;
    }
    const lists: Array<[Uint32Array, number]> = [];
    for (const at of coveringTrigrams(length)) {
      const row = this.row(segment.id, triTerm(query.charCodeAt(at), query.charCodeAt(at + 1), query.charCodeAt(at + 2)));
      if (!row) return emptySet;
      lists.push([decodePositions(row.data), at]);
    }
    return sentencesOf(lists.length === 1 ? lists[0][0] : alignPositions(lists));
  }

  private lemmaSet(segment: SegmentRow, ids: number[]): HitSet {
    const lists: Array<[Uint32Array, number]> = [];
    for (const [at, id] of ids.entries()) {
      const row = this.row(segment.id, lemmaTerm(id));
      if (!row) return emptySet;
      lists.push([decodePositions(row.data), at]);
    }
    return sentencesOf(lists.length === 1 ? lists[0][0] : alignPositions(lists));
  }

  /**
   * The page's sentences and two on each side (what a 40-character context mostly needs), read
   * as few id ranges as the page allows (neighbouring hits share one), in one statement.
   */
  private contextRows(page: Array<[number, DocRow]>): Map<number, ContextRow> {
    const ranges = page.map(([sid, doc]): [number, number] => [Math.max(sid - contextReach, doc.first_sid!), Math.min(sid + contextReach, doc.last_sid!)]).sort((a, b) => a[0] - b[0]);
    const merged: Array<[number, number]> = [];
    for (let i = 0; i < ranges.length; ) {
      const [from] = ranges[i];
      let to = ranges[i][1];
      // Ranges closer than a few rows are read as one.
      while (++i < ranges.length && ranges[i][0] <= to + 8) to = Math.max(to, ranges[i][1]);
      merged.push([from, to]);
    }
    const rows = new Map<number, ContextRow>();
    for (const row of this.rowsIn(merged)) rows.set(row.id, row);
    return rows;
  }

  /**
   * The sentences of id ranges, as one statement over a JSON list of them: a statement per range
   * (a page's 50) cost ~1.5× as much, and rows read as objects by the driver ~1.2× as many arrays.
   */
  private rowsIn(ranges: Array<[number, number]>): ContextRow[] {
    if (ranges.length === 0) return [];
    const statement = this.corpus.sql<[string], [number, number, string, number | null, number | null]>('SELECT s.id, s.pos, s.text, s.start, s.end FROM json_each(?) AS r JOIN sentences AS s ON s.id BETWEEN r.value ->> 0 AND r.value ->> 1');
    return statement
      .raw()
      .all(JSON.stringify(ranges))
      .map(([id, pos, text, start, end]) => ({ id, pos, text, start, end }));
  }

  private kwic(sid: number, doc: DocRow, keySpan: (normalizedSentence: string) => [number, number] | null, width: number, rows: Map<number, ContextRow>): Omit<SearchItem, 'index'> | null {
    const row = rows.get(sid);
    if (!row) return null;
    const neighbour = (id: number) => {
      if (id < doc.first_sid! || id > doc.last_sid!) return undefined;
      if (!rows.has(id)) for (const extra of this.rowsIn([[Math.max(doc.first_sid!, id - 8), Math.min(doc.last_sid!, id + 8)]])) rows.set(extra.id, extra);
      return rows.get(id);
    };
    const map = normalizeWithMap(row.text);
    const span = keySpan(map.text);
    if (!span) return null;
    const [from, to] = originalSpan(map, span[0], span[1]);
    let left = row.text.slice(0, from);
    let right = row.text.slice(to);
    for (let id = sid - 1, other = neighbour(id); other && [...left].length < width; other = neighbour(--id)) left = joinContext(other.text, left);
    for (let id = sid + 1, other = neighbour(id); other && [...right].length < width; other = neighbour(++id)) right = joinContext(right, other.text);
    const leftChars = [...left].length;
    const item: Omit<SearchItem, 'index'> = {
      left: leftChars > width ? codePointSlice(left, leftChars - width) : left,
      key: row.text.slice(from, to),
      right: codePointSlice(right, 0, width),
      title: doc.title,
      media: doc.media,
      pubYear: doc.pub_year,
      docId: String(doc.id),
      sentenceId: String(sid),
      position: row.pos,
    };
    if (row.start !== null) item.start = row.start;
    if (row.end !== null) item.end = row.end;
    return item;
  }
}

import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { CorpusDocument, CreatedDocument, SearchItem, SearchParams, SearchResult, Sentence } from '../../common/shonagon';
import type { Block } from './extract';
import { charPhrase, charTokens, ftsString, normalize, normalizeWithMap, originalSpan } from './normalize';
import { splitSentences } from './split';

/**
 * The corpus: documents split into sentences, with three FTS5 indexes over the normalised text,
 * all keyed by sentence id:
 * - `tri`  trigram, for queries of 3 or more characters;
 * - `uni`  one token per character (see charTokens), for 1–2 character queries as phrases;
 * - `lem`  the sentence's lemmas (filled in the background by the lemma worker).
 * The indexes are contentless (the text lives once, in `sentences`); sentence ids of a document
 * are consecutive, so a hit is mapped to its document by range, without a join.
 */

export interface DocumentMeta {
  title: string;
  media?: string;
  pubYear?: number | null;
  author?: string;
  /** A caller's own key, e.g. the video search's media id; not shown to people. */
  ref?: string | null;
}


export const searchLimits = { maxQuery: 200, maxLimit: 500, defaultLimit: 50, defaultWidth: 40, maxWidth: 200 } as const;

/** Turns a query into lemma tokens for the lemma index; given by whoever has an analyser loaded. */
export type LemmaQuery = (normalizedQuery: string) => { lemmas: string[]; keySpan: (normalizedSentence: string) => [number, number] | null };

export class CorpusQueryError extends Error {}

interface DocRow {
  id: number;
  title: string;
  media: string;
  pub_year: number | null;
  author: string;
  sentences: number;
  bytes: number;
  added_at: string;
  kind: string;
  encoding: string | null;
  ref: string | null;
  first_sid: number | null;
  last_sid: number | null;
  lemma_upto: number;
  tri_upto: number;
}

/** The indexes the background worker fills after an import: column in `documents` → FTS table. */
export type BackgroundIndex = 'tri' | 'lem';
const uptoColumn = { tri: 'tri_upto', lem: 'lemma_upto' } as const;

export function corpusDbPath(dataDir: string): string {
  return path.join(dataDir, 'shonagon', 'corpus.db');
}

const schema = `
CREATE TABLE IF NOT EXISTS documents (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  title TEXT NOT NULL,
  media TEXT NOT NULL DEFAULT '',
  pub_year INTEGER,
  author TEXT NOT NULL DEFAULT '',
  sentences INTEGER NOT NULL,
  bytes INTEGER NOT NULL,
  added_at TEXT NOT NULL,
  kind TEXT NOT NULL,
  encoding TEXT,
  ref TEXT,
  first_sid INTEGER,
  last_sid INTEGER,
  lemma_upto INTEGER NOT NULL DEFAULT 0,
  tri_upto INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS sentences (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  doc INTEGER NOT NULL,
  pos INTEGER NOT NULL,
  text TEXT NOT NULL,
  start REAL,
  end REAL
);
CREATE INDEX IF NOT EXISTS sentences_doc ON sentences (doc, pos);
CREATE VIRTUAL TABLE IF NOT EXISTS tri USING fts5 (t, content = '', contentless_delete = 1, tokenize = 'trigram');
CREATE VIRTUAL TABLE IF NOT EXISTS uni USING fts5 (t, content = '', contentless_delete = 1, tokenize = 'ascii');
CREATE VIRTUAL TABLE IF NOT EXISTS lem USING fts5 (t, content = '', contentless_delete = 1, tokenize = 'ascii');
`;

function coverage(row: DocRow, upto: number): number {
  if (row.first_sid === null || row.last_sid === null || upto >= row.last_sid) return 1;
  return Math.min(1, Math.max(0, upto - row.first_sid + 1) / (row.last_sid - row.first_sid + 1));
}

function toDocument(row: DocRow): CorpusDocument {
  return {
    id: String(row.id),
    title: row.title,
    media: row.media,
    pubYear: row.pub_year,
    author: row.author,
    sentences: row.sentences,
    bytes: row.bytes,
    addedAt: row.added_at,
    kind: row.kind,
    encoding: row.encoding,
    ref: row.ref,
    trigramProgress: coverage(row, row.tri_upto),
    lemmaProgress: coverage(row, row.lemma_upto),
  };
}

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

/** mulberry32 seeded by a string, for `sort=random&seed=`. */
function seededRandom(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  return mulberry32(h);
}

function codePointSlice(text: string, from: number, to?: number): string {
  return Array.from(text).slice(from, to).join('');
}

function joinContext(a: string, b: string): string {
  if (!a || !b) return a + b;
  // Japanese sentences follow each other without a space; Latin ones need one.
  return /[\x21-\x7e]$/.test(a) && /^[\x21-\x7e]/.test(b) ? `${a} ${b}` : a + b;
}

export class Corpus {
  readonly db: Database.Database;
  private docCache: { generation: number; docs: DocRow[] } | null = null;
  private hitCache = new Map<string, { generation: number; ids: number[] }>();

  constructor(
    readonly path: string,
    options: { busyTimeoutMs?: number } = {},
  ) {
    fs.mkdirSync(pathDir(path), { recursive: true });
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 5000}`);
    this.db.exec(schema);
  }

  close() {
    this.db.close();
  }

  private readonly statements = new Map<string, Database.Statement>();

  /** Prepared once per connection: preparing costs more than running most of these queries. */
  private sql<P extends unknown[] = unknown[], R = unknown>(source: string): Database.Statement<P, R> {
    let statement = this.statements.get(source);
    if (!statement) {
      statement = this.db.prepare(source);
      this.statements.set(source, statement);
    }
    return statement as unknown as Database.Statement<P, R>;
  }

  /** Bumped by every write in any connection: caches compare it (PRAGMA data_version is per connection). */
  private generation(): number {
    return (this.db.pragma('data_version', { simple: true }) as number) * 1_000_000 + this.localWrites;
  }
  private localWrites = 0;

  /**
   * Splits `blocks` into sentences and adds them as one document in one transaction: an error
   * part-way (or a process killed mid-import) adds nothing.
   */
  insertDocument(
    meta: DocumentMeta & { bytes: number; kind: string; encoding?: string | null },
    blocks: Block[],
    onProgress?: (fraction: number) => void,
  ): CreatedDocument {
    const insertDoc = this.sql(
      `INSERT INTO documents (title, media, pub_year, author, sentences, bytes, added_at, kind, encoding, ref) VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?, ?)`,
    );
    const insertSentence = this.sql('INSERT INTO sentences (doc, pos, text, start, end) VALUES (?, ?, ?, ?, ?)');
    const insertUni = this.sql('INSERT INTO uni (rowid, t) VALUES (?, ?)');
    const finish = this.sql('UPDATE documents SET sentences = ?, first_sid = ?, last_sid = ?, lemma_upto = ?, tri_upto = ? WHERE id = ?');
    const run = this.db.transaction(() => {
      const docId = Number(
        insertDoc.run(meta.title, meta.media ?? '', meta.pubYear ?? null, meta.author ?? '', meta.bytes, new Date().toISOString(), meta.kind, meta.encoding ?? null, meta.ref ?? null)
          .lastInsertRowid,
      );
      let position = 0;
      let first: number | null = null;
      let last: number | null = null;
      let reported = 0;
      for (let b = 0; b < blocks.length; b++) {
        const block = blocks[b];
        for (const span of splitSentences(block.text)) {
          const text = span.text.replace(/\s*\n\s*/g, ' ');
          const sid = Number(insertSentence.run(docId, position++, text, block.start ?? null, block.end ?? null).lastInsertRowid);
          insertUni.run(sid, charTokens(normalize(text)));
          first ??= sid;
          last = sid;
        }
        if (onProgress && b - reported >= 200) {
          reported = b;
          onProgress(b / blocks.length);
        }
      }
      // The trigram and lemma indexes follow in the background; an empty document needs neither.
      const upto = first === null ? 0 : first - 1;
      finish.run(position, first, last, upto, upto, docId);
      return { id: String(docId), title: meta.title, sentences: position };
    });
    const stats = run();
    this.localWrites++;
    onProgress?.(1);
    return stats;
  }

  listDocuments(): CorpusDocument[] {
    return this.docs().map(toDocument);
  }

  getDocument(id: string): CorpusDocument | null {
    const row = this.sql<[string], DocRow>('SELECT * FROM documents WHERE id = ?').get(id);
    return row ? toDocument(row) : null;
  }

  updateDocument(id: string, patch: Partial<DocumentMeta>): CorpusDocument | null {
    const current = this.sql<[string], DocRow>('SELECT * FROM documents WHERE id = ?').get(id);
    if (!current) return null;
    this.sql('UPDATE documents SET title = ?, media = ?, pub_year = ?, author = ?, ref = ? WHERE id = ?')
      .run(
        patch.title ?? current.title,
        patch.media ?? current.media,
        patch.pubYear === undefined ? current.pub_year : patch.pubYear,
        patch.author ?? current.author,
        patch.ref === undefined ? current.ref : patch.ref,
        id,
      );
    this.localWrites++;
    return this.getDocument(id);
  }

  /** Removes a document, its sentences and their index entries, in one transaction. */
  deleteDocument(id: string): boolean {
    const row = this.sql<[string], DocRow>('SELECT * FROM documents WHERE id = ?').get(id);
    if (!row) return false;
    this.db.transaction(() => {
      if (row.first_sid !== null && row.last_sid !== null) {
        for (const table of ['tri', 'uni', 'lem']) {
          this.sql(`DELETE FROM ${table} WHERE rowid BETWEEN ? AND ?`).run(row.first_sid, row.last_sid);
        }
      }
      this.sql('DELETE FROM sentences WHERE doc = ?').run(row.id);
      this.sql('DELETE FROM documents WHERE id = ?').run(row.id);
    })();
    this.localWrites++;
    return true;
  }

  /** A document's sentences in order, for the reader; `from` is a position (0-based). */
  getSentences(docId: string, from = 0, limit = 100): { total: number; sentences: Sentence[] } | null {
    const doc = this.sql<[string], DocRow>('SELECT * FROM documents WHERE id = ?').get(docId);
    if (!doc) return null;
    const rows = this.sql<[number, number, number], { id: number; pos: number; text: string; start: number | null; end: number | null }>(
        'SELECT id, pos, text, start, end FROM sentences WHERE doc = ? AND pos >= ? ORDER BY pos LIMIT ?',
      )
      .all(doc.id, from, limit);
    return { total: doc.sentences, sentences: rows.map((row) => this.toSentence(doc.id, row)) };
  }

  getSentence(sentenceId: string): Sentence | null {
    const row = this.sql<[string], { id: number; doc: number; pos: number; text: string; start: number | null; end: number | null }>(
        'SELECT id, doc, pos, text, start, end FROM sentences WHERE id = ?',
      )
      .get(sentenceId);
    return row ? this.toSentence(row.doc, row) : null;
  }

  private toSentence(doc: number, row: { id: number; pos: number; text: string; start: number | null; end: number | null }): Sentence {
    const sentence: Sentence = { sentenceId: String(row.id), docId: String(doc), position: row.pos, text: row.text };
    if (row.start !== null) sentence.start = row.start;
    if (row.end !== null) sentence.end = row.end;
    return sentence;
  }

  private docs(): DocRow[] {
    const generation = this.generation();
    if (this.docCache?.generation !== generation) {
      this.docCache = { generation, docs: this.sql<[], DocRow>('SELECT * FROM documents ORDER BY first_sid').all() };
    }
    return this.docCache.docs;
  }

  /** Sentence ids matching the query, ascending; remembered until the corpus changes. */
  private hits(cacheKey: string, table: 'tri' | 'uni' | 'lem', match: string): number[] {
    const generation = this.generation();
    const cached = this.hitCache.get(cacheKey);
    if (cached && cached.generation === generation) {
      this.hitCache.delete(cacheKey);
      this.hitCache.set(cacheKey, cached);
      return cached.ids;
    }
    const ids = this.sql<[string], number>(`SELECT rowid FROM ${table} WHERE ${table} MATCH ? ORDER BY rowid`).pluck().all(match);
    this.hitCache.set(cacheKey, { generation, ids });
    if (this.hitCache.size > 16) this.hitCache.delete(this.hitCache.keys().next().value!);
    return ids;
  }

  /**
   * A query of 3 or more characters: the trigram index for the sentences it covers, the
   * per-character index (as a phrase) for those the background worker has not reached yet.
   */
  private longHits(normalized: string): number[] {
    const generation = this.generation();
    const cacheKey = `long\0${normalized}`;
    const cached = this.hitCache.get(cacheKey);
    if (cached && cached.generation === generation) return cached.ids;
    const ids = this.sql<[string], number>('SELECT rowid FROM tri WHERE tri MATCH ? ORDER BY rowid').pluck().all(ftsString(normalized));
    const behind = this.docs().filter((doc) => doc.last_sid !== null && doc.tri_upto < doc.last_sid);
    if (behind.length) {
      const inRange = this.sql<[string, number, number], number>('SELECT rowid FROM uni WHERE uni MATCH ? AND rowid > ? AND rowid <= ? ORDER BY rowid').pluck();
      const phrase = charPhrase(normalized);
      for (const doc of behind) ids.push(...inRange.all(phrase, Math.max(doc.tri_upto, doc.first_sid! - 1), doc.last_sid!));
      ids.sort((a, b) => a - b);
    }
    this.hitCache.set(cacheKey, { generation, ids });
    if (this.hitCache.size > 16) this.hitCache.delete(this.hitCache.keys().next().value!);
    return ids;
  }

  /**
   * Keyword in context. One row per matching sentence (the first occurrence is the key); totals
   * and per-media / per-year counts cover every match after the filters. `lemmaQuery` is needed
   * for mode `lemma`.
   */
  search(params: SearchParams, lemmaQuery?: LemmaQuery): SearchResult {
    const q = params.q;
    if (!q || q.trim() === '') throw new CorpusQueryError('Missing query: add ?q= with the text to search for.');
    if ([...q].length > searchLimits.maxQuery) throw new CorpusQueryError(`Query too long: ${[...q].length} characters; the limit is ${searchLimits.maxQuery}.`);
    const normalized = normalize(q.trim());
    const mode = params.mode ?? 'string';
    let ids: number[];
    let keySpan: (normalizedSentence: string) => [number, number] | null;
    if (mode === 'lemma') {
      if (!lemmaQuery) throw new CorpusQueryError('Lemma search is not available.');
      const query = lemmaQuery(normalized);
      if (query.lemmas.length === 0) throw new CorpusQueryError('The query has no words to search for.');
      ids = this.hits(`lem\0${query.lemmas.join(' ')}`, 'lem', ftsString(query.lemmas.join(' ')));
      keySpan = query.keySpan;
    } else {
      const long = [...normalized].length >= 3;
      ids = long ? this.longHits(normalized) : this.hits(`uni\0${normalized}`, 'uni', charPhrase(normalized));
      keySpan = (sentence) => {
        const at = sentence.indexOf(normalized);
        return at < 0 ? null : [at, at + normalized.length];
      };
    }

    const docs = this.docs();
    const media = params.media?.length ? new Set(params.media) : null;
    const only = params.doc?.length ? new Set(params.doc) : null;
    const allowed = docs.map(
      (doc) =>
        (!media || media.has(doc.media)) &&
        (!only || only.has(String(doc.id))) &&
        (params.from === undefined || (doc.pub_year !== null && doc.pub_year >= params.from)) &&
        (params.to === undefined || (doc.pub_year !== null && doc.pub_year <= params.to)),
    );
    // One sweep: both lists ascend, so the hits come out grouped by document, in document order.
    const kept = new Float64Array(ids.length);
    const perDoc = new Int32Array(docs.length);
    let total = 0;
    let d = 0;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      while (d < docs.length && (docs[d].last_sid === null || docs[d].last_sid! < id)) d++;
      if (d >= docs.length) break;
      if (!allowed[d] || docs[d].first_sid === null || id < docs[d].first_sid!) continue;
      kept[total++] = id;
      perDoc[d]++;
    }
    const mediaCounts: Record<string, number> = {};
    const yearCounts: Record<string, number> = {};
    const groupStart = new Int32Array(docs.length);
    for (let k = 0, at = 0; k < docs.length; k++) {
      groupStart[k] = at;
      at += perDoc[k];
      if (perDoc[k] === 0) continue;
      const doc = docs[k];
      mediaCounts[doc.media] = (mediaCounts[doc.media] ?? 0) + perDoc[k];
      const year = doc.pub_year === null ? '' : String(doc.pub_year);
      yearCounts[year] = (yearCounts[year] ?? 0) + perDoc[k];
    }

    const offset = Math.max(0, params.offset ?? 0);
    const limit = Math.min(searchLimits.maxLimit, Math.max(0, params.limit ?? searchLimits.defaultLimit));
    const width = Math.min(searchLimits.maxWidth, Math.max(0, params.width ?? searchLimits.defaultWidth));
    const end = Math.min(total, offset + limit);
    // The page as [index into kept, document index] pairs.
    const page: Array<[number, number]> = [];
    const docOfKept = (position: number) => {
      let lo = 0;
      let hi = docs.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (groupStart[mid] <= position && perDoc[mid] >= 0) lo = mid;
        else hi = mid - 1;
      }
      while (lo > 0 && perDoc[lo] === 0) lo--;
      return lo;
    };
    const sort = params.sort ?? 'order';
    if (sort === 'random') {
      const order = new Uint32Array(total);
      for (let i = 0; i < total; i++) order[i] = i;
      const next = seededRandom(params.seed ?? '');
      for (let i = total - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        const swap = order[i];
        order[i] = order[j];
        order[j] = swap;
      }
      for (let n = offset; n < end; n++) page.push([order[n], docOfKept(order[n])]);
    } else {
      // Year order is document order re-ranked by year: whole groups move, no per-hit sort.
      const groups = docs.map((_, k) => k).filter((k) => perDoc[k] > 0);
      if (sort === 'year') groups.sort((x, y) => (docs[x].pub_year ?? Infinity) - (docs[y].pub_year ?? Infinity) || x - y);
      let seen = 0;
      for (const k of groups) {
        if (seen + perDoc[k] > offset && seen < end) {
          for (let n = Math.max(offset, seen); n < Math.min(end, seen + perDoc[k]); n++) page.push([groupStart[k] + (n - seen), k]);
        }
        seen += perDoc[k];
        if (seen >= end) break;
      }
    }

    const items: SearchItem[] = [];
    for (const [n, [at, k]] of page.entries()) {
      const item = this.kwic(kept[at], docs[k], keySpan, width);
      if (item) items.push({ ...item, index: offset + n + 1 });
    }
    return { total, offset, items, counts: { media: mediaCounts, year: yearCounts } };
  }

  private kwic(sid: number, doc: DocRow, keySpan: (normalizedSentence: string) => [number, number] | null, width: number): Omit<SearchItem, 'index'> | null {
    const reach = 4;
    // One rowid range: two BETWEENs on id made SQLite walk the whole document.
    const rows = this.sql<[number, number], { id: number; pos: number; text: string; start: number | null; end: number | null }>(
      'SELECT id, pos, text, start, end FROM sentences WHERE id BETWEEN ? AND ? ORDER BY id',
    ).all(Math.max(sid - reach, doc.first_sid!), Math.min(sid + reach, doc.last_sid!));
    const at = rows.findIndex((row) => row.id === sid);
    if (at < 0) return null;
    const row = rows[at];
    const map = normalizeWithMap(row.text);
    const span = keySpan(map.text);
    if (!span) return null;
    const [from, to] = originalSpan(map, span[0], span[1]);
    let left = row.text.slice(0, from);
    let right = row.text.slice(to);
    for (let k = at - 1; k >= 0 && [...left].length < width; k--) left = joinContext(rows[k].text, left);
    for (let k = at + 1; k < rows.length && [...right].length < width; k++) right = joinContext(right, rows[k].text);
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

  /** The next sentences a background index has not covered, oldest document first. */
  pendingWork(index: BackgroundIndex, batch: number): { doc: number; lastSid: number; rows: Array<{ id: number; text: string }> } | null {
    const column = uptoColumn[index];
    const doc = this.sql<[], DocRow>(`SELECT * FROM documents WHERE last_sid IS NOT NULL AND ${column} < last_sid ORDER BY id LIMIT 1`)
      .get();
    if (!doc) return null;
    const rows = this.sql<[number, number, number, number], { id: number; text: string }>('SELECT id, text FROM sentences WHERE id > ? AND id <= ? AND doc = ? ORDER BY id LIMIT ?')
      .all(doc[column], doc.last_sid!, doc.id, batch);
    return { doc: doc.id, lastSid: doc.last_sid!, rows };
  }

  /** Stores a batch of a background index in one short transaction; skipped if the document was deleted meanwhile. */
  storeIndex(index: BackgroundIndex, doc: number, entries: Array<{ id: number; text: string }>, upto: number): boolean {
    const insert = this.sql(`INSERT INTO ${index} (rowid, t) VALUES (?, ?)`);
    const stored = this.db.transaction(() => {
      const exists = this.sql('SELECT 1 FROM documents WHERE id = ?').get(doc);
      if (!exists) return false;
      for (const entry of entries) insert.run(entry.id, entry.text);
      this.sql(`UPDATE documents SET ${uptoColumn[index]} = ? WHERE id = ?`).run(upto, doc);
      return true;
    })();
    this.localWrites++;
    return stored;
  }

  /** Bytes of the database file and its WAL. */
  sizeOnDisk(): number {
    return [this.path, `${this.path}-wal`].reduce((sum, file) => sum + (fs.existsSync(file) ? fs.statSync(file).size : 0), 0);
  }
}

function pathDir(file: string) {
  return path.dirname(file);
}

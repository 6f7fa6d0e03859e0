import fs from 'node:fs';
import path, { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { interruptedReason, type CorpusDocument, type CreatedDocument, type Sentence } from '../../common/shonagon';
import type { Block } from './extract';
import { normalize } from './normalize';
import { buildLemmaPostings, buildPackedStringPostings, mergeRows, packRows, segmentSpan, type PackedPostings, type PostingRow } from './postings';
import { buildHere, type PostingsBuilder, type SegmentBuild } from './postings-builder';
import { splitSentences } from './split';
import type { Coded } from '../../common/server-errors';

/**
 * The corpus: documents split into sentences (the text stored once, in `sentences`), and the
 * index of decision 0016: `segments` (runs of at most 65,536 consecutive sentence ids, `kind` 0
 * for the string index, 1 for lemmas) and their `postings` (postings.ts). Sentence ids of a
 * document are consecutive (one transaction per import), so a hit is mapped to its document by
 * range, without a join. Searching is search.ts; this file owns the schema and every write.
 */

export interface DocumentMeta {
  title: string;
  media?: string;
  pubYear?: number | null;
  author?: string;
  /** A caller's own key, e.g. the video search's media id; not shown to people. */
  ref?: string | null;
}


export { searchLimits } from '../../common/shonagon';

/** Turns a query into lemma tokens for the lemma index; given by whoever has an analyser loaded. */
export type LemmaQuery = (normalizedQuery: string) => { lemmas: string[]; keySpan: (normalizedSentence: string) => [number, number] | null };

/** A query the corpus cannot answer (400); `coded` is its answer's code (docs/errors.md). */
export class CorpusQueryError extends Error {
  constructor(
    message: string,
    readonly coded: Coded,
  ) {
    super(message);
  }
}

export interface DocRow {
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
  /** The last sentence id the lemma index covers (first_sid - 1: none yet). */
  lemma_upto: number;
  /** The last sentence id the string index covers: last_sid once imported (only a migrated corpus lags). */
  str_upto: number;
}

/** `segments.kind`: which index a segment's postings belong to. */
export const segmentKind = { string: 0, lemma: 1 } as const;
export type SegmentKind = (typeof segmentKind)[keyof typeof segmentKind];

export interface SegmentRow {
  id: number;
  first_sid: number;
  last_sid: number;
}

export interface ImportJobRow {
  id: string;
  name: string;
  bytes: number;
  state: 'running' | 'done' | 'failed';
  document_id: string | null;
  sentences: number | null;
  error: string | null;
  started_at: string;
  finished_at: string | null;
}

/** Bytes of a posting row's data: with its key, within what a 4 KB page of the table holds whole. */
const postingPart = 900;

export { interruptedReason };

export function corpusDbPath(dataDir: string): string {
  return path.join(dataDir, 'shonagon', 'corpus.db');
}

// Version 2: segment postings instead of the FTS5 tables of version 1 (decision 0016).
const schemaVersion = 2;
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
  str_upto INTEGER NOT NULL DEFAULT 0
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
CREATE TABLE IF NOT EXISTS segments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind INTEGER NOT NULL,
  first_sid INTEGER NOT NULL,
  last_sid INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS segments_kind ON segments (kind, first_sid);
CREATE TABLE IF NOT EXISTS postings (
  seg INTEGER NOT NULL,
  term INTEGER NOT NULL,
  part INTEGER NOT NULL,
  n INTEGER NOT NULL,
  data BLOB NOT NULL,
  PRIMARY KEY (seg, term, part)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS lemmas (
  id INTEGER PRIMARY KEY,
  lemma TEXT NOT NULL UNIQUE
);
CREATE TABLE IF NOT EXISTS import_jobs (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  state TEXT NOT NULL,
  document_id TEXT,
  sentences INTEGER,
  error TEXT,
  started_at TEXT NOT NULL,
  finished_at TEXT
);
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
    trigramProgress: coverage(row, row.str_upto),
    lemmaProgress: coverage(row, row.lemma_upto),
  };
}

/** Sentence rows a statement of `insertDocument` writes at once. */
const sentenceBatch = 64;

/** A document's sentence rows, inserted `sentenceBatch` a statement; the last few one by one. */
class SentenceRows {
  private readonly pending: unknown[] = [];

  constructor(
    private readonly many: Database.Statement,
    private readonly one: Database.Statement,
  ) {}

  add(id: number, doc: number, pos: number, text: string, start: number | null, end: number | null) {
    this.pending.push(id, doc, pos, text, start, end);
    if (this.pending.length === sentenceBatch * 6) this.many.run(this.pending.splice(0));
  }

  flush() {
    for (let at = 0; at < this.pending.length; at += 6) this.one.run(this.pending.slice(at, at + 6));
    this.pending.length = 0;
  }
}

/**
 * A document's string segments as its sentences come: the segment being read has its postings
 * counted sentence by sentence; a full one's postings are stored once the next segment's sentences
 * are in, so with a helper thread building them the two overlap.
 */
class StringSegments {
  private segment: SegmentBuild | null = null;
  private first = 0;
  private lastOffset = 0;
  private built: { first: number; last: number; rows: () => PackedPostings } | null = null;

  constructor(
    private readonly build: PostingsBuilder,
    private readonly store: (first: number, last: number, rows: PackedPostings) => void,
  ) {}

  add(sid: number, text: string) {
    if (!this.segment) {
      this.segment = this.build();
      this.first = sid;
    }
    this.lastOffset = sid - this.first;
    this.segment.add(this.lastOffset, text);
    if (this.lastOffset + 1 >= segmentSpan) this.close();
  }

  /** The document's last segment is complete: it is stored too. */
  finish() {
    this.close();
    this.storeBuilt();
  }

  /** The segment being read is complete: its postings are finished (in the helper, if any), the previous one's stored. */
  private close() {
    if (!this.segment) return;
    const rows = this.segment.finish(this.lastOffset + 1);
    this.storeBuilt();
    this.built = { first: this.first, last: this.first + this.lastOffset, rows };
    this.segment = null;
  }

  private storeBuilt() {
    if (this.built) this.store(this.built.first, this.built.last, this.built.rows());
    this.built = null;
  }
}

type SentenceRow = { id: number; pos: number; text: string; start: number | null; end: number | null };

export class Corpus {
  readonly db: Database.Database;
  private docCache: { generation: number; docs: DocRow[] } | null = null;
  private segmentCache = new Map<SegmentKind, { generation: number; segments: SegmentRow[] }>();
  private lemmaIdCache = new Map<string, number>();

  constructor(
    readonly path: string,
    options: { busyTimeoutMs?: number; readOnly?: boolean; deferCheckpoints?: boolean } = {},
  ) {
    if (!options.readOnly) fs.mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path, { fileMustExist: options.readOnly === true });
    this.db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 5000}`);
    if (options.readOnly) {
      this.db.pragma('query_only = ON');
      // Postings of a common character are read from every segment: keep them in memory.
      this.db.pragma('cache_size = -16000');
      return;
    }
    // A new corpus gives pages freed by merges and deletes back to the disk (reclaimFreePages);
    // this has to be set before the file gets its first table (or its WAL).
    if (this.db.prepare('SELECT count(*) FROM sqlite_schema').pluck().get() === 0) this.db.pragma('auto_vacuum = INCREMENTAL');
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    // The writer thread checkpoints after answering (checkpoint()), not inside an import's
    // commit: copying an import's pages from the WAL into the database was a tenth of it.
    if (options.deferCheckpoints) this.db.pragma('wal_autocheckpoint = 0');
    this.migrate();
  }

  /** Copies what the WAL holds into the database, as far as readers allow (for `deferCheckpoints`). */
  checkpoint() {
    this.db.pragma('wal_checkpoint(PASSIVE)');
  }

  /** Creates the schema, or brings a version 1 corpus (FTS5 indexes) to version 2; its indexes are rebuilt in the background. */
  private migrate() {
    const version = this.db.pragma('user_version', { simple: true }) as number;
    if (version >= schemaVersion) return;
    this.db.transaction(() => {
      const columns = this.db.prepare("SELECT name FROM pragma_table_info('documents')").pluck().all() as string[];
      if (columns.includes('tri_upto')) {
        this.db.exec('ALTER TABLE documents RENAME COLUMN tri_upto TO str_upto');
        this.db.exec('UPDATE documents SET str_upto = coalesce(first_sid - 1, 0), lemma_upto = coalesce(first_sid - 1, 0)');
      }
      for (const table of ['uni', 'tri', 'lem']) this.db.exec(`DROP TABLE IF EXISTS ${table}`);
      this.db.exec(schema);
      this.db.pragma(`user_version = ${schemaVersion}`);
    })();
  }

  close() {
    this.db.close();
  }

  private readonly statements = new Map<string, Database.Statement>();

  /** Prepared once per connection: preparing costs more than running most of these queries. */
  sql<P extends unknown[] = unknown[], R = unknown>(source: string): Database.Statement<P, R> {
    let statement = this.statements.get(source);
    if (!statement) {
      statement = this.db.prepare(source);
      this.statements.set(source, statement);
    }
    return statement as unknown as Database.Statement<P, R>;
  }

  /** Bumped by every write in any connection: caches compare it (PRAGMA data_version is per connection). */
  generation(): number {
    // data_version is brought up to date when a read starts, not by the pragma itself.
    this.sql('SELECT 1 FROM sqlite_schema LIMIT 1').get();
    return (this.db.pragma('data_version', { simple: true }) as number) * 1_000_000 + this.localWrites;
  }
  private localWrites = 0;

  /**
   * Splits `blocks` into sentences and adds them as one document with its string index, in one
   * transaction: an error part-way (or a process killed mid-import) adds nothing. With `jobId`,
   * the import job is marked done in the same transaction.
   */
  insertDocument(
    meta: DocumentMeta & { bytes: number; kind: string; encoding?: string | null },
    blocks: Block[],
    onProgress?: (fraction: number) => void,
    jobId?: string,
    build: PostingsBuilder = buildHere,
  ): CreatedDocument {
    const insertDoc = this.sql(
      `INSERT INTO documents (title, media, pub_year, author, sentences, bytes, added_at, kind, encoding, ref) VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?, ?)`,
    );
    const finish = this.sql('UPDATE documents SET sentences = ?, first_sid = ?, last_sid = ?, lemma_upto = ?, str_upto = ? WHERE id = ?');
    const run = this.db.transaction(() => {
      const docId = Number(
        insertDoc.run(meta.title, meta.media ?? '', meta.pubYear ?? null, meta.author ?? '', meta.bytes, new Date().toISOString(), meta.kind, meta.encoding ?? null, meta.ref ?? null)
          .lastInsertRowid,
      );
      // Ids are given here, many rows a statement: AUTOINCREMENT's sequence is the largest id ever used.
      let nextId = ((this.sql("SELECT seq FROM sqlite_sequence WHERE name = 'sentences'").pluck().get() as number | undefined) ?? 0) + 1;
      const sentences = new SentenceRows(this.sql(`INSERT INTO sentences (id, doc, pos, text, start, end) VALUES ${Array(sentenceBatch).fill('(?, ?, ?, ?, ?, ?)').join(', ')}`), this.sql('INSERT INTO sentences (id, doc, pos, text, start, end) VALUES (?, ?, ?, ?, ?, ?)'));
      const segments = new StringSegments(build, (first, last, rows) => this.storeSegment(segmentKind.string, first, last, rows));
      // Progress by characters, so one long block (a text without blank lines) reports too.
      const totalChars = Math.max(1, blocks.reduce((sum, block) => sum + block.text.length, 0));
      let doneChars = 0;
      let position = 0;
      let first: number | null = null;
      let last: number | null = null;
      for (const block of blocks) {
        for (const span of splitSentences(block.text)) {
          const text = span.text.includes('\n') ? span.text.replace(/\s*\n\s*/g, ' ') : span.text;
          const sid = nextId++;
          sentences.add(sid, docId, position++, text, block.start ?? null, block.end ?? null);
          segments.add(sid, text);
          first ??= sid;
          last = sid;
          if (onProgress && position % 2048 === 0) onProgress((doneChars + span.end) / totalChars);
        }
        doneChars += block.text.length;
      }
      segments.finish();
      sentences.flush();
      // The lemma index follows in the background; an empty document needs none.
      finish.run(position, first, last, first === null ? 0 : first - 1, last ?? 0, docId);
      if (jobId) {
        this.sql("UPDATE import_jobs SET state = 'done', document_id = ?, sentences = ?, error = NULL, finished_at = ? WHERE id = ?").run(String(docId), position, new Date().toISOString(), jobId);
      }
      return { id: String(docId), title: meta.title, sentences: position };
    });
    const stats = run();
    this.localWrites++;
    onProgress?.(1);
    return stats;
  }

  /**
   * A segment's rows, each term's data in parts of at most `postingPart` bytes: a row that fits a
   * page of this WITHOUT ROWID table is stored whole, where a longer one would leave most of an
   * overflow page empty (a quarter of the index was such waste). Many rows per statement, their
   * parts cut by SQLite from one blob of the statement's bytes (a row's bytes follow the previous
   * row's in `data`): a view per part cost more than its insert.
   */
  private storeSegment(kind: SegmentKind, first: number, last: number, { terms, ns, ends, data }: PackedPostings): number {
    const seg = Number(this.sql('INSERT INTO segments (kind, first_sid, last_sid) VALUES (?, ?, ?)').run(kind, first, last).lastInsertRowid);
    const batch = 64;
    const values = `(@seg, ?, ?, ?, substr(@bytes, ?, ?))`;
    const many = this.sql(`INSERT INTO postings (seg, term, part, n, data) VALUES ${Array(batch).fill(values).join(', ')}`);
    const one = this.sql(`INSERT INTO postings (seg, term, part, n, data) VALUES ${values}`);
    const params: number[] = [];
    const named = { seg, bytes: data };
    let from = 0;
    const flush = (statement: Database.Statement, to: number) => {
      named.bytes = data.subarray(from, to);
      statement.run(params, named);
      params.length = 0;
      from = to;
    };
    for (let i = 0, start = 0; i < terms.length; start = ends[i], i++) {
      const end = ends[i];
      for (let part = 0, at = start; at < end || part === 0; part++, at += postingPart) {
        // substr counts from 1, in the statement's blob.
        params.push(terms[i], part, ns[i], at - from + 1, Math.min(postingPart, end - at));
        if (params.length === batch * 5) flush(many, Math.min(end, at + postingPart));
      }
    }
    // The rest one row a statement, each with its own bytes.
    const rest = params.splice(0);
    for (let r = 0; r < rest.length; r += 5) {
      const at = from + rest[r + 3] - 1;
      params.push(rest[r], rest[r + 1], rest[r + 2], 1, rest[r + 4]);
      named.bytes = data.subarray(at, at + rest[r + 4]);
      one.run(params, named);
      params.length = 0;
    }
    return seg;
  }

  listDocuments(): CorpusDocument[] {
    return this.docRows().map(toDocument);
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

  /**
   * Removes a document, its sentences and the segments that hold only its sentences, in one
   * transaction. Postings it shares with other documents (a merged segment) stay until the next
   * merge: searches count only sentences of documents that exist.
   */
  deleteDocument(id: string): boolean {
    const row = this.sql<[string], DocRow>('SELECT * FROM documents WHERE id = ?').get(id);
    if (!row) return false;
    this.db.transaction(() => {
      if (row.first_sid !== null && row.last_sid !== null) {
        const own = this.sql<[number, number], number>('SELECT id FROM segments WHERE first_sid >= ? AND last_sid <= ?').pluck().all(row.first_sid, row.last_sid);
        for (const seg of own) this.dropSegment(seg);
      }
      this.sql('DELETE FROM sentences WHERE doc = ?').run(row.id);
      this.sql('DELETE FROM documents WHERE id = ?').run(row.id);
    })();
    this.localWrites++;
    return true;
  }

  private dropSegment(seg: number) {
    this.sql('DELETE FROM postings WHERE seg = ?').run(seg);
    this.sql('DELETE FROM segments WHERE id = ?').run(seg);
  }

  /** A document's sentences in order, for the reader; `from` is a position (0-based). */
  getSentences(docId: string, from = 0, limit = 100): { total: number; sentences: Sentence[] } | null {
    const doc = this.sql<[string], DocRow>('SELECT * FROM documents WHERE id = ?').get(docId);
    if (!doc) return null;
    if (doc.first_sid === null) return { total: 0, sentences: [] };
    // Ids of a document are consecutive, so a page is a rowid range.
    const rows = this.sql<[number, number, number], SentenceRow>('SELECT id, pos, text, start, end FROM sentences WHERE id >= ? AND id <= ? ORDER BY id LIMIT ?').all(
      doc.first_sid + from,
      doc.last_sid!,
      limit,
    );
    return { total: doc.sentences, sentences: rows.map((row) => this.toSentence(doc.id, row)) };
  }

  getSentence(sentenceId: string): Sentence | null {
    const row = this.sql<[string], SentenceRow & { doc: number }>('SELECT id, doc, pos, text, start, end FROM sentences WHERE id = ?').get(sentenceId);
    return row ? this.toSentence(row.doc, row) : null;
  }

  private toSentence(doc: number, row: SentenceRow): Sentence {
    const sentence: Sentence = { sentenceId: String(row.id), docId: String(doc), position: row.pos, text: row.text };
    if (row.start !== null) sentence.start = row.start;
    if (row.end !== null) sentence.end = row.end;
    return sentence;
  }

  /** Documents in sentence order, remembered until the corpus changes. */
  docRows(): DocRow[] {
    const generation = this.generation();
    if (this.docCache?.generation !== generation) {
      this.docCache = { generation, docs: this.sql<[], DocRow>('SELECT * FROM documents ORDER BY first_sid').all() };
    }
    return this.docCache.docs;
  }

  /** An index's segments in sentence order, remembered until the corpus changes. */
  segments(kind: SegmentKind): SegmentRow[] {
    const generation = this.generation();
    const cached = this.segmentCache.get(kind);
    if (cached?.generation === generation) return cached.segments;
    const segments = this.sql<[number], SegmentRow>('SELECT id, first_sid, last_sid FROM segments WHERE kind = ? ORDER BY first_sid').all(kind);
    this.segmentCache.set(kind, { generation, segments });
    return segments;
  }

  /** The ids of these lemmas, or null for one the index has never seen. */
  findLemmaIds(lemmas: string[]): number[] | null {
    const ids: number[] = [];
    for (const lemma of lemmas) {
      const id = this.sql<[string], number>('SELECT id FROM lemmas WHERE lemma = ?').pluck().get(lemma);
      if (id === undefined) return null;
      ids.push(id);
    }
    return ids;
  }

  // ——— The background indexer's work: short transactions, so imports and deletes never wait long.

  /** The next sentences the string index lacks (a corpus migrated from version 1), at most a segment's worth. */
  nextStringWork(): { doc: number; upto: number; rows: Array<{ id: number; text: string }> } | null {
    const doc = this.sql<[], DocRow>('SELECT * FROM documents WHERE last_sid IS NOT NULL AND str_upto < last_sid ORDER BY first_sid LIMIT 1').get();
    if (!doc) return null;
    const from = Math.max(doc.str_upto, doc.first_sid! - 1) + 1;
    const upto = Math.min(doc.last_sid!, from + segmentSpan - 1);
    const rows = this.sql<[number, number], { id: number; text: string }>('SELECT id, text FROM sentences WHERE id >= ? AND id <= ? ORDER BY id').all(from, upto);
    return { doc: doc.id, upto, rows };
  }

  storeStringWork(doc: number, rows: Array<{ id: number; text: string }>, upto: number): boolean {
    const stored = this.db.transaction(() => {
      if (!this.sql('SELECT 1 FROM documents WHERE id = ?').get(doc)) return false;
      if (rows.length) {
        const first = rows[0].id;
        const offsets = rows.map((row) => row.id - first);
        const last = rows[rows.length - 1].id;
        this.storeSegment(segmentKind.string, first, last, buildPackedStringPostings(offsets, rows.map((row) => normalize(row.text)), last - first + 1));
      }
      this.sql('UPDATE documents SET str_upto = ? WHERE id = ?').run(upto, doc);
      return true;
    })();
    this.localWrites++;
    return stored;
  }

  /** Up to `limit` sentences after `after` that the lemma index lacks, all of one document. */
  nextLemmaWork(after: number, limit: number): { doc: number; last: number; rows: Array<{ id: number; text: string }> } | null {
    const doc = this.sql<[number], DocRow>('SELECT * FROM documents WHERE last_sid IS NOT NULL AND lemma_upto < last_sid AND last_sid > ? ORDER BY first_sid LIMIT 1').get(after);
    if (!doc) return null;
    const from = Math.max(after, doc.lemma_upto, doc.first_sid! - 1);
    const rows = this.sql<[number, number, number], { id: number; text: string }>('SELECT id, text FROM sentences WHERE id > ? AND id <= ? ORDER BY id LIMIT ?').all(from, doc.last_sid!, limit);
    return { doc: doc.id, last: rows.length ? rows[rows.length - 1].id : doc.last_sid!, rows };
  }

  /**
   * Stores one batch of the lemma index (each sentence's lemmas, in order) as a segment and moves
   * the document's `lemma_upto` to `upto`; skipped if the document was deleted meanwhile.
   */
  storeLemmaWork(doc: number, entries: Array<{ id: number; lemmas: string[] }>, upto: number): boolean {
    const stored = this.db.transaction(() => {
      if (!this.sql('SELECT 1 FROM documents WHERE id = ?').get(doc)) return false;
      if (entries.length) {
        const first = entries[0].id;
        const last = entries[entries.length - 1].id;
        const ids = entries.map((entry) => this.lemmaIds(entry.lemmas));
        this.storeSegment(segmentKind.lemma, first, last, packRows(buildLemmaPostings(entries.map((entry) => entry.id - first), ids)));
      }
      this.sql('UPDATE documents SET lemma_upto = ? WHERE id = ?').run(upto, doc);
      return true;
    })();
    this.localWrites++;
    return stored;
  }

  private lemmaIds(lemmas: string[]): Int32Array {
    const ids = new Int32Array(lemmas.length);
    for (let i = 0; i < lemmas.length; i++) {
      let id = this.lemmaIdCache.get(lemmas[i]);
      if (id === undefined) {
        id = this.sql<[string], number>('INSERT INTO lemmas (lemma) VALUES (?) ON CONFLICT (lemma) DO UPDATE SET lemma = lemma RETURNING id').pluck().get(lemmas[i])!;
        this.lemmaIdCache.set(lemmas[i], id);
      }
      ids[i] = id;
    }
    return ids;
  }

  /**
   * One step of keeping the segments few: drops segments no document needs any more, or merges
   * a run of eight adjacent segments of one size class (spans 1–7, 8–63, … sentences; the merged
   * span at most 65,536) into one, dropping the postings of deleted documents. Merging like sizes
   * keeps the rewriting logarithmic: a stream of small imports is rewritten a handful of times,
   * not once per import. Returns whether it did anything.
   */
  compact(kind: SegmentKind, runLength = 8): boolean {
    const segments = this.segments(kind);
    const docs = this.docRows().filter((doc) => doc.first_sid !== null);
    const live = (first: number, last: number) => {
      let lo = 0;
      let hi = docs.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (docs[mid].last_sid! < first) lo = mid + 1;
        else hi = mid;
      }
      return lo < docs.length && docs[lo].first_sid! <= last;
    };
    const dead = segments.filter((segment) => !live(segment.first_sid, segment.last_sid));
    if (dead.length) {
      this.db.transaction(() => dead.forEach((segment) => this.dropSegment(segment.id)))();
      this.localWrites++;
      return true;
    }
    const level = (segment: SegmentRow) => Math.floor(Math.log2(segment.last_sid - segment.first_sid + 1) / 3);
    for (let start = 0; start < segments.length; ) {
      let end = start;
      while (end + 1 < segments.length && level(segments[end + 1]) === level(segments[start])) end++;
      if (end - start + 1 >= runLength) {
        let take = start;
        while (take + 1 <= end && segments[take + 1].last_sid - segments[start].first_sid + 1 <= segmentSpan) take++;
        if (take > start) {
          this.mergeSegments(kind, segments.slice(start, Math.min(take, start + runLength - 1) + 1), docs);
          return true;
        }
      }
      start = end + 1;
    }
    return false;
  }

  private mergeSegments(kind: SegmentKind, run: SegmentRow[], docs: DocRow[]) {
    const base = run[0].first_sid;
    const last = run[run.length - 1].last_sid;
    const live: Array<[number, number]> = docs.filter((doc) => doc.last_sid! >= base && doc.first_sid! <= last).map((doc) => [doc.first_sid!, doc.last_sid!]);
    this.db.transaction(() => {
      const lists = run.map((segment) => this.postingsOf(segment.id));
      const at = lists.map(() => 0);
      const rows: PostingRow[] = [];
      for (;;) {
        let term = Infinity;
        for (let l = 0; l < lists.length; l++) if (at[l] < lists[l].length && lists[l][at[l]].term < term) term = lists[l][at[l]].term;
        if (term === Infinity) break;
        const parts: Array<[number, Uint8Array, number]> = [];
        for (let l = 0; l < lists.length; l++) {
          if (at[l] < lists[l].length && lists[l][at[l]].term === term) {
            parts.push([run[l].first_sid, lists[l][at[l]].data, lists[l][at[l]].n]);
            at[l]++;
          }
        }
        const row = mergeRows(term, parts, base, last - base + 1, live);
        if (row) rows.push(row);
      }
      for (const segment of run) this.dropSegment(segment.id);
      this.storeSegment(kind, base, last, packRows(rows));
    })();
    this.localWrites++;
  }

  /** One term's data, its parts joined; undefined when the segment lacks the term. */
  posting(seg: number, term: number): { n: number; data: Uint8Array } | undefined {
    // Joined by SQLite: one statement and one buffer, where a row per part and a concat cost ~40% more (and the garbage of each part).
    // The parts come in order from a subquery the primary key already sorts: `group_concat(… ORDER BY part)` sorted them again (~20% of the read).
    const row = this.sql<[number, number], { n: number | null; data: Buffer | null }>("SELECT max(n) AS n, CAST(group_concat(data, x'') AS BLOB) AS data FROM (SELECT n, data FROM postings WHERE seg = ? AND term = ? ORDER BY part)").get(seg, term);
    return row?.data ? { n: row.n!, data: row.data } : undefined;
  }

  /** Every term of a segment, in term order, parts joined. */
  private postingsOf(seg: number): Array<{ term: number; n: number; data: Uint8Array }> {
    const rows = this.sql<[number], { term: number; n: number; data: Buffer }>('SELECT term, n, data FROM postings WHERE seg = ? ORDER BY term, part').all(seg);
    const out: Array<{ term: number; n: number; data: Uint8Array }> = [];
    for (let i = 0; i < rows.length; ) {
      let j = i + 1;
      while (j < rows.length && rows[j].term === rows[i].term) j++;
      out.push({ term: rows[i].term, n: rows[i].n, data: j - i === 1 ? rows[i].data : Buffer.concat(rows.slice(i, j).map((row) => row.data)) });
      i = j;
    }
    return out;
  }

  /** Returns free pages to the disk, a few megabytes a transaction (a corpus made before version 2 keeps its pages). */
  reclaimFreePages(): void {
    if ((this.db.pragma('auto_vacuum', { simple: true }) as number) !== 2) return;
    while ((this.db.pragma('freelist_count', { simple: true }) as number) > 0) this.db.pragma('incremental_vacuum(2048)');
  }

  /** Bytes of the pages in use (the file also holds free pages until they are reused or reclaimed). */
  bytesInUse(): number {
    const pages = (this.db.pragma('page_count', { simple: true }) as number) - (this.db.pragma('freelist_count', { simple: true }) as number);
    return pages * (this.db.pragma('page_size', { simple: true }) as number);
  }

  // ——— Import jobs: one row per import the writer has started, so a restart can tell which ones it cut short.

  jobStarted(job: { id: string; name: string; bytes: number; startedAt: string }) {
    this.sql("INSERT OR REPLACE INTO import_jobs (id, name, bytes, state, started_at) VALUES (?, ?, ?, 'running', ?)").run(job.id, job.name, job.bytes, job.startedAt);
  }

  jobFailed(id: string, error: string) {
    this.sql("UPDATE import_jobs SET state = 'failed', error = ?, finished_at = ? WHERE id = ?").run(error, new Date().toISOString(), id);
  }

  /** Marks the jobs a stopped server left running as failed; returns them. */
  recoverInterruptedJobs(): ImportJobRow[] {
    const running = this.sql<[], ImportJobRow>("SELECT * FROM import_jobs WHERE state = 'running'").all();
    for (const job of running) this.jobFailed(job.id, interruptedReason);
    return running;
  }

  /** The latest jobs, oldest first; older finished ones are forgotten. */
  listJobs(keep = 50): ImportJobRow[] {
    return this.sql<[number], ImportJobRow>('SELECT * FROM (SELECT rowid AS seq, * FROM import_jobs ORDER BY started_at DESC, seq DESC LIMIT ?) ORDER BY started_at, seq').all(keep);
  }

  trimJobs(keep = 50) {
    this.sql("DELETE FROM import_jobs WHERE state != 'running' AND id NOT IN (SELECT id FROM import_jobs ORDER BY started_at DESC, rowid DESC LIMIT ?)").run(keep);
  }

  /** Bytes of the database file and its WAL. */
  sizeOnDisk(): number {
    return [this.path, `${this.path}-wal`].reduce((sum, file) => sum + (fs.existsSync(file) ? fs.statSync(file).size : 0), 0);
  }
}

import Database from 'better-sqlite3';
import type { DictTag } from '../../../common/dictionaries';
import { KeyFilter, encodeKeyFilter, keyHash, normalizeKey } from '../schema';
import type { KanjiRow, TagRow, TermMetaRow, TermRow } from './banks';

/**
 * One installed dictionary = one SQLite file (docs/decisions/0020-yomitan-dictionaries.md):
 * written whole by its import in a staging place and moved into place in one step; deleting it
 * is closing and unlinking one file. Terms are found through `term_keys` (every term and reading,
 * normalised as the EDICT store normalises), after a filter of their hashes held in memory.
 */
export const dictionaryDbVersion = 1;

const createTables = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE terms (
  id INTEGER PRIMARY KEY,
  term TEXT NOT NULL,
  reading TEXT NOT NULL,
  definition_tags TEXT NOT NULL,
  rules TEXT NOT NULL,
  score REAL NOT NULL,
  -- The glossary column as JSON, checked on import.
  glossary TEXT NOT NULL,
  sequence INTEGER NOT NULL,
  term_tags TEXT NOT NULL
);
CREATE TABLE term_keys (key TEXT NOT NULL, term_id INTEGER NOT NULL, len INTEGER NOT NULL);
CREATE TABLE term_meta (term TEXT NOT NULL, mode TEXT NOT NULL, reading TEXT, value REAL NOT NULL, data TEXT);
CREATE TABLE kanji (character TEXT NOT NULL, onyomi TEXT NOT NULL, kunyomi TEXT NOT NULL, tags TEXT NOT NULL, meanings TEXT NOT NULL, stats TEXT NOT NULL);
CREATE TABLE kanji_meta (character TEXT NOT NULL, value REAL NOT NULL, display TEXT);
CREATE TABLE tags (name TEXT PRIMARY KEY, category TEXT NOT NULL, sort_order REAL NOT NULL, notes TEXT NOT NULL, score REAL NOT NULL);
CREATE TABLE media (path TEXT PRIMARY KEY, data BLOB NOT NULL);
CREATE TABLE key_filter (data BLOB NOT NULL);
`;

/** Built once the rows are in: one sort each instead of a B-tree insertion per row. */
const createIndexes = `
CREATE INDEX term_keys_by_key ON term_keys (key, len, term_id);
CREATE INDEX term_meta_by_term ON term_meta (term, mode);
CREATE INDEX kanji_by_character ON kanji (character);
CREATE INDEX kanji_meta_by_character ON kanji_meta (character);
`;

export interface DictionaryCountsRow {
  terms: number;
  termMeta: number;
  kanji: number;
  kanjiMeta: number;
  tags: number;
  media: number;
}

/** Writes a new dictionary file; `finish` indexes it and closes it. Nothing else has it open. */
export class DictionaryWriter {
  private readonly db: Database.Database;
  private readonly insertTerm: Database.Statement;
  private readonly insertKey: Database.Statement;
  private readonly insertTermMeta: Database.Statement;
  private readonly insertKanji: Database.Statement;
  private readonly insertKanjiMeta: Database.Statement;
  private readonly insertTag: Database.Statement;
  private readonly insertMedia: Database.Statement;
  private readonly hashes: number[] = [];
  private termId = 0;
  readonly counts: DictionaryCountsRow = { terms: 0, termMeta: 0, kanji: 0, kanjiMeta: 0, tags: 0, media: 0 };

  constructor(path: string) {
    this.db = new Database(path);
    // A staging file nobody reads until it is finished: no journal, no syncs; a crash discards it.
    this.db.pragma('journal_mode = OFF');
    this.db.pragma('synchronous = OFF');
    // 16 MB of page cache: rows are appended, so a bigger cache only holds pages already written.
    this.db.pragma('cache_size = -16384');
    this.db.pragma('page_size = 8192');
    this.db.exec(createTables);
    this.insertTerm = this.db.prepare('INSERT INTO terms VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
    this.insertKey = this.db.prepare('INSERT INTO term_keys VALUES (?, ?, ?)');
    this.insertTermMeta = this.db.prepare('INSERT INTO term_meta VALUES (?, ?, ?, ?, ?)');
    this.insertKanji = this.db.prepare('INSERT INTO kanji VALUES (?, ?, ?, ?, ?, ?)');
    this.insertKanjiMeta = this.db.prepare('INSERT INTO kanji_meta VALUES (?, ?, ?)');
    this.insertTag = this.db.prepare('INSERT OR REPLACE INTO tags VALUES (?, ?, ?, ?, ?)');
    this.insertMedia = this.db.prepare('INSERT OR REPLACE INTO media VALUES (?, ?)');
    this.db.exec('BEGIN');
  }

  addTerm(row: TermRow) {
    const id = ++this.termId;
    this.insertTerm.run(id, row.term, row.reading, row.definitionTags, row.rules, row.score, row.glossary, row.sequence, row.termTags);
    const termKey = normalizeKey(row.term);
    const readingKey = row.reading === '' ? termKey : normalizeKey(row.reading);
    this.addKey(termKey, id);
    if (readingKey !== termKey) this.addKey(readingKey, id);
    this.counts.terms++;
  }

  private addKey(key: string, id: number) {
    if (key === '') return;
    this.insertKey.run(key, id, key.length);
    this.hashes.push(keyHash(key));
  }

  addTermMeta(row: TermMetaRow) {
    this.insertTermMeta.run(row.term, row.mode, row.reading, row.value, row.data);
    this.counts.termMeta++;
  }

  addKanji(row: KanjiRow) {
    this.insertKanji.run(row.character, row.onyomi, row.kunyomi, row.tags, JSON.stringify(row.meanings), JSON.stringify(row.stats));
    this.counts.kanji++;
  }

  addKanjiMeta(row: { character: string; value: number; display: string | null }) {
    this.insertKanjiMeta.run(row.character, row.value, row.display);
    this.counts.kanjiMeta++;
  }

  addTag(row: TagRow) {
    this.insertTag.run(row.name, row.category, row.order, row.notes, row.score);
    this.counts.tags++;
  }

  addMedia(path: string, data: Uint8Array) {
    this.insertMedia.run(path, data);
    this.counts.media++;
  }

  setMeta(values: Record<string, string | undefined>) {
    const statement = this.db.prepare('INSERT OR REPLACE INTO meta VALUES (?, ?)');
    for (const [key, value] of Object.entries(values)) if (value !== undefined) statement.run(key, value);
  }

  /** Indexes the rows, writes the key filter, and closes the file. */
  finish() {
    this.setMeta({ version: String(dictionaryDbVersion), counts: JSON.stringify(this.counts) });
    this.db.prepare('INSERT INTO key_filter VALUES (?)').run(encodeKeyFilter(this.hashes));
    this.db.exec('COMMIT');
    // No ANALYZE: each query has one obvious index, and ANALYZE would read the whole file again.
    this.db.exec(createIndexes);
    this.db.close();
  }

  abort() {
    if (this.db.open) this.db.close();
  }
}

export interface TermRecord {
  id: number;
  term: string;
  reading: string;
  definition_tags: string;
  rules: string;
  score: number;
  glossary: string;
  sequence: number;
  term_tags: string;
}

export interface KeyHit {
  term_id: number;
  key: string;
}

export interface TermMetaRecord {
  term: string;
  mode: 'freq' | 'pitch' | 'ipa';
  reading: string | null;
  value: number;
  data: string | null;
}

export interface KanjiRecord {
  character: string;
  onyomi: string;
  kunyomi: string;
  tags: string;
  meanings: string;
  stats: string;
}

/** Read-only access to one installed dictionary's file. */
export class DictionaryDb {
  private readonly db: Database.Database;
  private readonly filter: KeyFilter;
  private readonly statements;
  private tagMap: Map<string, DictTag> | null = null;
  readonly meta: Map<string, string>;
  private readonly hasTermMeta: boolean;

  constructor(readonly path: string) {
    this.db = new Database(path, { readonly: true, fileMustExist: true });
    this.db.pragma('mmap_size = 268435456');
    this.meta = new Map(this.db.prepare<[], { key: string; value: string }>('SELECT key, value FROM meta').all().map((row) => [row.key, row.value]));
    if (this.meta.get('version') !== String(dictionaryDbVersion)) {
      this.db.close();
      throw new Error(`${path}: unknown dictionary file version`);
    }
    const blob = this.db.prepare<[], { data: Buffer }>('SELECT data FROM key_filter').get();
    this.filter = new KeyFilter(blob?.data ?? Buffer.alloc(0));
    this.hasTermMeta = this.counts().termMeta > 0;
    this.statements = {
      exact: this.db.prepare<[string], KeyHit>('SELECT term_id, key FROM term_keys WHERE key = ?'),
      next: this.db.prepare<[string], string>('SELECT key FROM term_keys WHERE key >= ? ORDER BY key LIMIT 1').pluck(),
      previous: this.db.prepare<[string], string>('SELECT key FROM term_keys WHERE key < ? ORDER BY key DESC LIMIT 1').pluck(),
      prefix: this.db.prepare<[string, string, number], KeyHit>('SELECT term_id, key FROM term_keys WHERE key > ? AND key < ? ORDER BY len, key LIMIT ?'),
      term: this.db.prepare<[number], TermRecord>('SELECT * FROM terms WHERE id = ?'),
      termMeta: this.db.prepare<[string], TermMetaRecord>('SELECT term, mode, reading, value, data FROM term_meta WHERE term = ? ORDER BY rowid'),
      kanji: this.db.prepare<[string], KanjiRecord>('SELECT * FROM kanji WHERE character = ?'),
      kanjiMeta: this.db.prepare<[string], { value: number; display: string | null }>('SELECT value, display FROM kanji_meta WHERE character = ?'),
      media: this.db.prepare<[string], { data: Buffer }>('SELECT data FROM media WHERE path = ?'),
    };
  }

  counts(): DictionaryCountsRow {
    return JSON.parse(this.meta.get('counts') ?? '{}') as DictionaryCountsRow;
  }

  exact(key: string): KeyHit[] {
    if (!this.filter.mayHave(key)) return [];
    return this.statements.exact.all(key);
  }

  sharedPrefix(text: string): number {
    let longest = 0;
    for (const neighbour of [this.statements.next.get(text), this.statements.previous.get(text)]) {
      if (neighbour === undefined) continue;
      let length = 0;
      while (length < text.length && length < neighbour.length && text.charCodeAt(length) === neighbour.charCodeAt(length)) length++;
      longest = Math.max(longest, length);
    }
    return longest;
  }

  prefix(prefix: string, limit: number): KeyHit[] {
    return this.statements.prefix.all(prefix, prefix + '\u{10FFFF}', limit);
  }

  term(id: number): TermRecord | undefined {
    return this.statements.term.get(id);
  }

  termMeta(term: string): TermMetaRecord[] {
    return this.hasTermMeta ? this.statements.termMeta.all(term) : [];
  }

  kanji(character: string): KanjiRecord[] {
    return this.statements.kanji.all(character);
  }

  kanjiMeta(character: string) {
    return this.statements.kanjiMeta.all(character);
  }

  media(path: string): Buffer | undefined {
    return this.statements.media.get(path)?.data;
  }

  /** Its tags by name; a name its tag banks do not define becomes a bare tag. */
  tags(names: string): DictTag[] {
    if (names === '') return [];
    this.tagMap ??= new Map(
      this.db
        .prepare<[], { name: string; category: string; sort_order: number; notes: string; score: number }>('SELECT * FROM tags')
        .all()
        .map((row) => [row.name, { name: row.name, category: row.category, notes: row.notes, order: row.sort_order, score: row.score }]),
    );
    const tags: DictTag[] = [];
    for (const name of names.split(' ')) {
      if (name === '') continue;
      tags.push(this.tagMap.get(name) ?? { name, category: '', notes: '', order: 0, score: 0 });
    }
    return tags;
  }

  close() {
    if (this.db.open) this.db.close();
  }
}

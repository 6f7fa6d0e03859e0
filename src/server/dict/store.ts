import fs from 'node:fs';
import Database from 'better-sqlite3';
import type { DictForm, DictSense } from '../../common/dict';
import { posClassMask } from './deinflect';
import { KeyFilter, schemaVersion } from './schema';
import type { TermRecord } from './yomitan/dictionary-db';

export interface KeyRow {
  entry_id: number;
  key: string;
  common: number;
}

export interface StoredEntry {
  id: number;
  common: boolean;
  posMask: number;
  headwords: DictForm[];
  readings: Array<DictForm & { restrictedTo?: string[] }>;
  senses: DictSense[];
  /** Set for a term of a Yomitan-format dictionary: which one, and its row. */
  yomitan?: { dictionary: string; record: TermRecord };
}

interface EntryRow {
  id: number;
  common: number;
  pos_mask: number;
  data: string;
}

const reopenCheckMs = 1000;

/**
 * Read-only access to the dictionary database. An import (in this process or by
 * `npm run dict:import`) replaces the file by rename; the store notices and reopens.
 */
export class DictStore {
  private db: Database.Database | null = null;
  private inode = 0;
  private checkedAt = 0;
  private count = 0;
  private statements: {
    exact: Database.Statement<[string], KeyRow>;
    next: Database.Statement<[string], string>;
    previous: Database.Statement<[string], string>;
    prefixCommon: Database.Statement<[string, string, number], KeyRow>;
    prefixRest: Database.Statement<[string, string, number], KeyRow>;
    entry: Database.Statement<[number], EntryRow>;
  } | null = null;
  private readonly cache = new Map<number, StoredEntry>();
  private filter: KeyFilter | null = null;
  /** Exact rows by key: a phrase scan asks for の, が, ファイル… again and again. */
  private readonly rows = new Map<string, KeyRow[]>();

  constructor(readonly path: string) {}

  /** Whether a complete dictionary is open (reopening it if the file was replaced). */
  available(): boolean {
    const now = Date.now();
    if (now - this.checkedAt >= reopenCheckMs) {
      this.checkedAt = now;
      this.refresh();
    }
    return this.db !== null;
  }

  /** Forces a re-check of the file, e.g. right after an import finished. */
  reload(): boolean {
    this.checkedAt = 0;
    return this.available();
  }

  entries(): number {
    return this.available() ? this.count : 0;
  }

  exact(key: string): KeyRow[] {
    const statements = this.open();
    if (this.filter && !this.filter.mayHave(key)) return [];
    let rows = this.rows.get(key);
    if (!rows) {
      rows = statements.exact.all(key);
      if (this.rows.size >= 20_000) this.rows.clear();
      this.rows.set(key, rows);
    }
    return rows;
  }

  /**
   * How many UTF-16 units at the start of `text` some key also starts with. In key order the key
   * sharing the longest prefix with `text` is next to where `text` would sort: two lookups.
   */
  sharedPrefix(text: string): number {
    const statements = this.open();
    let longest = 0;
    for (const neighbour of [statements.next.get(text), statements.previous.get(text)]) {
      if (neighbour === undefined) continue;
      let length = 0;
      while (length < text.length && length < neighbour.length && text.charCodeAt(length) === neighbour.charCodeAt(length)) length++;
      longest = Math.max(longest, length);
    }
    return longest;
  }

  /** Keys that start with `prefix` (the key itself excluded): common ones shortest first, then the rest in order. */
  prefix(prefix: string, limit: number): KeyRow[] {
    const upper = prefix + '\u{10FFFF}';
    const rows = this.open().prefixCommon.all(prefix, upper, limit);
    if (rows.length < limit) rows.push(...this.open().prefixRest.all(prefix, upper, limit - rows.length));
    return rows;
  }

  entry(id: number): StoredEntry {
    let entry = this.cache.get(id);
    if (entry) return entry;
    const row = this.open().entry.get(id);
    if (!row) throw new Error(`dictionary entry ${id} is missing`);
    const data = JSON.parse(row.data) as { h: StoredEntry['headwords']; r: StoredEntry['readings']; s: DictSense[] };
    // Derived from the senses rather than the stored pos_mask: word classes added since an import
    // (na-adjectives) then work without importing again.
    const posMask = row.pos_mask | posClassMask(data.s.flatMap((sense) => sense.pos));
    entry = { id: row.id, common: row.common === 1, posMask, headwords: data.h, readings: data.r, senses: data.s };
    if (this.cache.size >= 5000) this.cache.clear();
    this.cache.set(id, entry);
    return entry;
  }

  private open() {
    if (!this.statements && !this.reload()) throw new Error('the dictionary is not available');
    return this.statements!;
  }

  close() {
    this.db?.close();
    this.db = null;
    this.statements = null;
    this.filter = null;
    this.cache.clear();
    this.rows.clear();
  }

  private refresh() {
    let inode = 0;
    try {
      inode = fs.statSync(this.path).ino;
    } catch {
      if (this.db) this.close();
      this.inode = 0;
      return;
    }
    if (this.db && inode === this.inode) return;
    this.close();
    let db: Database.Database | null = null;
    try {
      db = new Database(this.path, { readonly: true, fileMustExist: true });
      // The file is ~90 MB and read-only: map it instead of copying pages through read().
      db.pragma('mmap_size = 268435456');
      db.pragma('cache_size = -16384');
      const meta = new Map(db.prepare<[], { key: string; value: string }>('SELECT key, value FROM meta').all().map((row) => [row.key, row.value]));
      if (meta.get('schema') !== String(schemaVersion)) throw new Error('unknown dictionary schema');
      this.count = Number(meta.get('entries') ?? 0);
      this.statements = {
        exact: db.prepare('SELECT entry_id, key, common FROM keys WHERE key = ?'),
        next: db.prepare<[string], string>('SELECT key FROM keys WHERE key >= ? ORDER BY key LIMIT 1').pluck(),
        previous: db.prepare<[string], string>('SELECT key FROM keys WHERE key < ? ORDER BY key DESC LIMIT 1').pluck(),
        prefixCommon: db.prepare('SELECT entry_id, key, common FROM keys WHERE common = 1 AND key > ? AND key < ? ORDER BY len, key LIMIT ?'),
        prefixRest: db.prepare('SELECT entry_id, key, common FROM keys WHERE key > ? AND key < ? AND common = 0 ORDER BY key LIMIT ?'),
        entry: db.prepare('SELECT id, common, pos_mask, data FROM entries WHERE id = ?'),
      };
      const hasFilter = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'key_filter'").get() !== undefined;
      const blob = hasFilter ? db.prepare<[], { data: Buffer }>('SELECT data FROM key_filter').get() : undefined;
      this.filter = blob ? new KeyFilter(blob.data) : null;
      this.db = db;
      this.inode = inode;
    } catch {
      db?.close();
      this.db = null;
      this.statements = null;
      this.filter = null;
      this.inode = 0;
    }
  }
}

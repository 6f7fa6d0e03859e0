import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { DictImport, DictionariesList, DictionaryCounts, DictionaryInfo, FrequencyMode, ImportState } from '../../common/dictionaries';
import type { Logger } from '../log';
import { startWorker } from '../workers';
import { describeImportFailure, DictionaryImportError, type DictImportErrorCode } from './import-errors';
import type { DictionaryWorkerMessage, ImportWorkerData } from './import-worker';
import { kanjidicTitle } from './kanjidic';
import type { DictStore } from './store';
import type { YomitanIndex } from './yomitan/banks';
import { DictionaryDb } from './yomitan/dictionary-db';

/** The built-in dictionaries' ids. */
export const edictId = 'edict';
export const kanjidicId = 'kanjidic2';

interface DictionaryRow {
  id: string;
  slot: number;
  title: string;
  revision: string;
  kind: 'edict' | 'yomitan';
  built_in: number;
  enabled: number;
  position: number;
  counts: string;
  bytes: number;
  info: string;
}

interface ImportRow {
  id: string;
  file_name: string | null;
  title: string | null;
  state: ImportState;
  step: DictImport['step'];
  progress: number;
  file: string | null;
  rows: number | null;
  error: string | null;
  code: string | null;
  params: string | null;
  dictionary_id: string | null;
  created_at: string;
  finished_at: string | null;
}

interface QueuedImport {
  id: string;
  source: string;
  /** The uploaded zip, removed once the import ends; a built-in's source file is kept. */
  removeSource: boolean;
  kind: 'yomitan' | 'kanjidic';
  builtInId?: string;
}

/** An enabled dictionary as lookups see it. */
export interface OpenDictionary {
  id: string;
  slot: number;
  title: string;
  frequencyMode: FrequencyMode;
  db: DictionaryDb;
}

const registryTables = `
CREATE TABLE IF NOT EXISTS dictionaries (
  id TEXT PRIMARY KEY,
  -- A small number of its own, unique forever: lookups make result ids from it.
  slot INTEGER NOT NULL UNIQUE,
  title TEXT NOT NULL UNIQUE,
  revision TEXT NOT NULL,
  kind TEXT NOT NULL,
  built_in INTEGER NOT NULL,
  enabled INTEGER NOT NULL,
  position INTEGER NOT NULL,
  counts TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  info TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS imports (
  id TEXT PRIMARY KEY,
  file_name TEXT,
  title TEXT,
  state TEXT NOT NULL,
  step TEXT NOT NULL,
  progress REAL NOT NULL,
  file TEXT,
  rows INTEGER,
  error TEXT,
  code TEXT,
  params TEXT,
  dictionary_id TEXT,
  created_at TEXT NOT NULL,
  finished_at TEXT
);
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

const emptyCounts: DictionaryCounts = { terms: 0, termMeta: 0, kanji: 0, kanjiMeta: 0, tags: 0, media: 0 };
/** Finished imports kept in the list. */
const keptImports = 50;

/**
 * The learner's dictionaries (docs/decisions/0020-yomitan-dictionaries.md): a registry
 * (`DATA_DIR/dict/registry.sqlite`: the list, its order, the imports and the frequency
 * dictionary), one file per dictionary under `DATA_DIR/dict/dictionaries/`, and imports that run
 * one at a time in a worker thread into `DATA_DIR/dict/staging/`. A dictionary becomes visible
 * when its registry row is written, after its finished file was moved into place; anything in
 * staging, and any file without a row, is left-over and removed on start.
 */
export class DictionaryLibrary {
  private readonly registry: Database.Database;
  readonly dir: string;
  private readonly filesDir: string;
  private readonly stagingDir: string;
  private readonly open = new Map<string, DictionaryDb>();
  private readonly queue: QueuedImport[] = [];
  private running: { job: QueuedImport; worker: Worker } | null = null;
  private readonly waiters = new Map<string, Array<(entry: DictImport) => void>>();
  private enabledCache: { generation: string; list: OpenDictionary[] } | null = null;

  constructor(
    dataDir: string,
    private readonly edict: DictStore,
    private readonly log: Logger,
    { recover = true }: { recover?: boolean } = {},
  ) {
    this.dir = path.join(dataDir, 'dict');
    this.filesDir = path.join(this.dir, 'dictionaries');
    this.stagingDir = path.join(this.dir, 'staging');
    fs.mkdirSync(this.filesDir, { recursive: true });
    fs.mkdirSync(this.stagingDir, { recursive: true });
    this.registry = new Database(path.join(this.dir, 'registry.sqlite'));
    this.registry.pragma('journal_mode = WAL');
    this.registry.pragma('synchronous = NORMAL');
    this.registry.pragma('busy_timeout = 5000');
    this.registry.exec(registryTables);
    // `npm run dict:import` opens the library beside a running server: only the server recovers.
    if (recover) this.recover();
    this.syncEdict();
  }

  /** After a crash: imports left queued or running are interrupted; staging and unlisted files go. */
  private recover() {
    const cut = this.registry.prepare<[], ImportRow>("SELECT * FROM imports WHERE state IN ('queued', 'running')").all();
    for (const row of cut) {
      this.finishImport(row.id, 'interrupted', {
        code: 'dict-interrupted',
        params: {},
        message: 'The server stopped during the import; nothing of it was kept. Import the file again.',
      });
    }
    for (const name of fs.readdirSync(this.stagingDir)) fs.rmSync(path.join(this.stagingDir, name), { recursive: true, force: true });
    const known = new Set(this.rows().map((row) => `${row.id}.sqlite`));
    for (const name of fs.readdirSync(this.filesDir)) if (!known.has(name)) fs.rmSync(path.join(this.filesDir, name), { force: true });
    for (const row of this.rows()) {
      if (row.kind === 'yomitan' && !fs.existsSync(this.filePath(row.id))) this.registry.prepare('DELETE FROM dictionaries WHERE id = ?').run(row.id);
    }
  }

  private filePath(id: string) {
    return path.join(this.filesDir, `${id}.sqlite`);
  }

  private rows(): DictionaryRow[] {
    return this.registry.prepare<[], DictionaryRow>('SELECT * FROM dictionaries ORDER BY position, slot').all();
  }

  private setting(key: string): string | undefined {
    return this.registry.prepare<[string], string>('SELECT value FROM settings WHERE key = ?').pluck().get(key);
  }

  private setSetting(key: string, value: string | null) {
    if (value === null) this.registry.prepare('DELETE FROM settings WHERE key = ?').run(key);
    else this.registry.prepare('INSERT OR REPLACE INTO settings VALUES (?, ?)').run(key, value);
  }

  /** Built-ins the learner deleted: never imported again. */
  removedBuiltIns(): Set<string> {
    return new Set(JSON.parse(this.setting('removedBuiltIns') ?? '[]') as string[]);
  }

  /** Lists EDICT once its database exists (imported at start or by the CLI), first in the order. */
  syncEdict() {
    const present = this.edict.available();
    const row = this.registry.prepare<[string], DictionaryRow>('SELECT * FROM dictionaries WHERE id = ?').get(edictId);
    if (present && !row) {
      if (this.removedBuiltIns().has(edictId)) return;
      this.insertRow({ id: edictId, title: 'EDICT', revision: 'edict', kind: 'edict', builtIn: true, counts: { ...emptyCounts }, bytes: 0, info: { author: 'Electronic Dictionary Research and Development Group', attribution: 'EDICT © the Electronic Dictionary Research and Development Group (CC BY-SA 4.0).', sourceLanguage: 'ja', targetLanguage: 'en' } });
    }
  }

  private insertRow(row: { id: string; title: string; revision: string; kind: 'edict' | 'yomitan'; builtIn: boolean; counts: DictionaryCounts; bytes: number; info: Record<string, unknown> }) {
    const next = this.registry
      .prepare<[], { slot: number; position: number; first: number }>('SELECT coalesce(max(slot), 0) + 1 AS slot, coalesce(max(position), -1) + 1 AS position, coalesce(min(position), 0) - 1 AS first FROM dictionaries')
      .get()!;
    // A slot is never reused: a result id made from a deleted dictionary's slot stays unknown.
    const slot = Math.max(next.slot, Number(this.setting('nextSlot') ?? 1));
    this.setSetting('nextSlot', String(slot + 1));
    this.registry
      .prepare('INSERT INTO dictionaries VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)')
      .run(row.id, slot, row.title, row.revision, row.kind, row.builtIn ? 1 : 0, row.kind === 'edict' ? next.first : next.position, JSON.stringify(row.counts), row.bytes, JSON.stringify(row.info));
    this.changed();
  }

  list(): DictionariesList {
    this.syncEdict();
    const dictionaries = this.rows().map((row) => this.info(row));
    const frequency = this.setting('frequencyDictionary') ?? null;
    return { dictionaries, frequencyDictionary: frequency && dictionaries.some((item) => item.id === frequency) ? frequency : null };
  }

  get(id: string): DictionaryInfo | undefined {
    this.syncEdict();
    const row = this.registry.prepare<[string], DictionaryRow>('SELECT * FROM dictionaries WHERE id = ?').get(id);
    return row && this.info(row);
  }

  private info(row: DictionaryRow): DictionaryInfo {
    const info = JSON.parse(row.info) as Partial<DictionaryInfo>;
    let counts = JSON.parse(row.counts) as DictionaryCounts;
    let bytes = row.bytes;
    if (row.kind === 'edict') {
      counts = { ...emptyCounts, terms: this.edict.entries() };
      bytes = fileSize(this.edict.path);
    }
    const result: DictionaryInfo = { id: row.id, title: row.title, revision: row.revision, enabled: row.enabled === 1, builtIn: row.built_in === 1, counts, bytes };
    for (const key of ['author', 'attribution', 'url', 'description', 'sourceLanguage', 'targetLanguage', 'frequencyMode', 'hasStyles'] as const) {
      if (info[key] !== undefined) (result as Record<string, unknown>)[key] = info[key];
    }
    return result;
  }

  setEnabled(id: string, enabled: boolean): DictionaryInfo | undefined {
    const changed = this.registry.prepare('UPDATE dictionaries SET enabled = ? WHERE id = ?').run(enabled ? 1 : 0, id).changes;
    this.changed();
    return changed ? this.get(id) : undefined;
  }

  /** `ids` must be every installed id once; answers the problem otherwise. */
  setOrder(ids: string[]): string | null {
    const installed = this.rows().map((row) => row.id);
    if (ids.length !== installed.length || new Set(ids).size !== ids.length || !ids.every((id) => installed.includes(id))) {
      return `The order must list every installed dictionary once: ${installed.join(', ')}.`;
    }
    const update = this.registry.prepare('UPDATE dictionaries SET position = ? WHERE id = ?');
    this.registry.transaction(() => ids.forEach((id, position) => update.run(position, id)))();
    this.changed();
    return null;
  }

  setFrequencyDictionary(id: string | null): boolean {
    if (id !== null && !this.get(id)) return false;
    this.setSetting('frequencyDictionary', id);
    return true;
  }

  frequencyDictionary(): string | null {
    return this.setting('frequencyDictionary') ?? null;
  }

  /** Removes a dictionary, its rows and images; a built-in one is remembered as removed. */
  remove(id: string): boolean {
    const row = this.registry.prepare<[string], DictionaryRow>('SELECT * FROM dictionaries WHERE id = ?').get(id);
    if (!row) return false;
    this.registry.prepare('DELETE FROM dictionaries WHERE id = ?').run(id);
    if (this.setting('frequencyDictionary') === id) this.setSetting('frequencyDictionary', null);
    if (row.built_in === 1) this.setSetting('removedBuiltIns', JSON.stringify([...this.removedBuiltIns(), id]));
    this.changed();
    this.open.get(id)?.close();
    this.open.delete(id);
    // Lookups run on this thread between requests: none holds the file while it goes.
    if (row.kind === 'edict') {
      this.edict.close();
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(this.edict.path + suffix, { force: true });
      this.edict.reload();
    } else {
      fs.rmSync(this.filePath(id), { force: true });
    }
    this.log.info('dictionary deleted', { id, title: row.title });
    return true;
  }

  /** Whether EDICT is listed and enabled (or was never listed: then it answers as before). */
  edictEnabled(): boolean {
    this.syncEdict();
    const row = this.registry.prepare<[string], { enabled: number }>('SELECT enabled FROM dictionaries WHERE id = ?').get(edictId);
    return row ? row.enabled === 1 : !this.removedBuiltIns().has(edictId);
  }

  /** EDICT's place in the order (for grouping its definitions among the others). */
  edictPosition(): number {
    return this.registry.prepare<[string], number>('SELECT position FROM dictionaries WHERE id = ?').pluck().get(edictId) ?? -1;
  }

  /** Notes a change of the list, its order or a dictionary's state (seen by another process's library too). */
  private changed() {
    this.registry.prepare("INSERT INTO settings VALUES ('generation', '1') ON CONFLICT (key) DO UPDATE SET value = value + 1").run();
  }

  /** The enabled Yomitan-format dictionaries, in the learner's order, opened. */
  enabled(): OpenDictionary[] {
    const generation = this.setting('generation') ?? '0';
    if (this.enabledCache?.generation === generation) return this.enabledCache.list;
    const list: OpenDictionary[] = [];
    for (const row of this.rows()) {
      if (row.kind !== 'yomitan' || row.enabled !== 1) continue;
      const db = this.db(row.id);
      if (!db) continue;
      const info = JSON.parse(row.info) as { frequencyMode?: FrequencyMode };
      list.push({ id: row.id, slot: row.slot, title: row.title, frequencyMode: info.frequencyMode ?? 'rank-based', db });
    }
    this.enabledCache = { generation, list };
    return list;
  }

  /** Order positions by dictionary id, EDICT's included. */
  positions(): Map<string, number> {
    return new Map(this.rows().map((row) => [row.id, row.position]));
  }

  /** An installed Yomitan-format dictionary's file, opened once. */
  db(id: string): DictionaryDb | undefined {
    let db = this.open.get(id);
    if (db) return db;
    const row = this.registry.prepare<[string], DictionaryRow>("SELECT * FROM dictionaries WHERE id = ? AND kind = 'yomitan'").get(id);
    if (!row) return undefined;
    try {
      db = new DictionaryDb(this.filePath(id));
    } catch (error) {
      this.log.error('dictionary file unreadable', { id, error: (error as Error).message });
      return undefined;
    }
    this.open.set(id, db);
    return db;
  }

  // ---------------------------------------------------------------- imports

  imports(): DictImport[] {
    return this.registry.prepare<[], ImportRow>('SELECT * FROM imports ORDER BY created_at DESC, rowid DESC').all().map(toImport);
  }

  getImport(id: string): DictImport | undefined {
    const row = this.registry.prepare<[string], ImportRow>('SELECT * FROM imports WHERE id = ?').get(id);
    return row && toImport(row);
  }

  /** Queues the import of a Yomitan zip (the library removes `source` when the import ends). */
  enqueue(source: string, fileName?: string): DictImport {
    return this.queueJob({ id: crypto.randomUUID(), source, removeSource: true, kind: 'yomitan' }, fileName);
  }

  /** Imports a Yomitan zip now, leaving the file where it is (`npm run dict:import`). */
  importFile(source: string): Promise<DictImport> {
    const job = this.queueJob({ id: crypto.randomUUID(), source, removeSource: false, kind: 'yomitan' }, path.basename(source));
    return this.waitFor(job.id);
  }

  /** The staging folder an upload may be written to before it is queued. */
  uploadPath(): string {
    return path.join(this.stagingDir, `upload-${crypto.randomUUID()}.zip`);
  }

  /** On start: KANJIDIC2 imported as a built-in unless present, deleted once, or missing. */
  autoImportKanjidic(source: string): void {
    if (this.rows().some((row) => row.id === kanjidicId) || this.removedBuiltIns().has(kanjidicId)) return;
    if (this.queue.some((job) => job.builtInId === kanjidicId) || this.running?.job.builtInId === kanjidicId) return;
    if (!fs.existsSync(source)) {
      this.log.info('no KANJIDIC2', { looked: source, hint: "Debian: apt install kanjidic-xml" });
      return;
    }
    this.queueJob({ id: crypto.randomUUID(), source, removeSource: false, kind: 'kanjidic', builtInId: kanjidicId }, path.basename(source));
  }

  private queueJob(job: QueuedImport, fileName?: string): DictImport {
    this.registry
      .prepare("INSERT INTO imports (id, file_name, title, state, step, progress, created_at) VALUES (?, ?, ?, 'queued', 'queued', 0, ?)")
      .run(job.id, fileName ?? null, job.kind === 'kanjidic' ? kanjidicTitle : null, new Date().toISOString());
    this.queue.push(job);
    this.pruneImports();
    queueMicrotask(() => this.next());
    return this.getImport(job.id)!;
  }

  private pruneImports() {
    this.registry
      .prepare("DELETE FROM imports WHERE state NOT IN ('queued', 'running') AND id NOT IN (SELECT id FROM imports ORDER BY created_at DESC LIMIT ?)")
      .run(keptImports);
  }

  /** Resolves once the import has ended, with its final record. */
  waitFor(id: string): Promise<DictImport> {
    const current = this.getImport(id);
    if (!current || !['queued', 'running'].includes(current.state)) return Promise.resolve(current!);
    return new Promise((resolve) => this.waiters.set(id, [...(this.waiters.get(id) ?? []), resolve]));
  }

  /** Cancels a queued or running import; false when there is no such import still going. */
  cancel(id: string): boolean {
    const queued = this.queue.findIndex((job) => job.id === id);
    if (queued >= 0) {
      const [job] = this.queue.splice(queued, 1);
      this.cleanUp(job);
      this.finishImport(id, 'cancelled', { code: 'dict-cancelled', params: {}, message: 'The import was cancelled.' });
      return true;
    }
    if (this.running?.job.id === id) {
      const { job, worker } = this.running;
      this.running = null;
      void worker.terminate().finally(() => {
        this.cleanUp(job);
        this.next();
      });
      this.finishImport(id, 'cancelled', { code: 'dict-cancelled', params: {}, message: 'The import was cancelled.' });
      return true;
    }
    return false;
  }

  private stagingPath(job: QueuedImport) {
    return path.join(this.stagingDir, `${job.id}.sqlite`);
  }

  private cleanUp(job: QueuedImport) {
    for (const suffix of ['', '-journal', '-wal', '-shm']) fs.rmSync(this.stagingPath(job) + suffix, { force: true });
    if (job.removeSource) fs.rmSync(job.source, { force: true });
  }

  private next() {
    if (this.running || this.closed) return;
    const job = this.queue.shift();
    if (!job) return;
    const outPath = this.stagingPath(job);
    const workerData: ImportWorkerData =
      job.kind === 'yomitan'
        ? { kind: 'yomitan', source: job.source, outPath, installedTitles: this.rows().map((row) => row.title) }
        : { kind: 'kanjidic', source: job.source, outPath };
    this.registry.prepare("UPDATE imports SET state = 'running', step = 'reading' WHERE id = ?").run(job.id);
    this.log.info('dictionary import started', { id: job.id, kind: job.kind });
    const worker = startWorker('dict-import', { workerData });
    this.running = { job, worker };
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled || this.running?.job !== job) return;
      settled = true;
      this.running = null;
      try {
        outcome();
      } finally {
        this.cleanUp(job);
        void worker.terminate();
        this.next();
      }
    };
    worker.on('message', (message: DictionaryWorkerMessage) => {
      if (this.running?.job !== job) return;
      if (message.type === 'index') this.registry.prepare('UPDATE imports SET title = ? WHERE id = ?').run(message.title, job.id);
      else if (message.type === 'progress') {
        this.registry
          .prepare('UPDATE imports SET step = ?, progress = ?, file = ?, rows = ? WHERE id = ?')
          .run(message.step, Math.min(1, Math.max(0, message.progress)), message.file ?? null, message.rows, job.id);
      } else if (message.type === 'error') settle(() => this.failImport(job.id, message));
      else settle(() => this.install(job, message));
    });
    worker.on('error', (error) => settle(() => this.failImport(job.id, describeImportFailure(error))));
    worker.on('exit', (code) => settle(() => this.failImport(job.id, describeImportFailure(new Error(`the import worker stopped (exit code ${code})`)))));
  }

  /** Moves the finished file into place and lists it: the one step that makes it visible. */
  private install(job: QueuedImport, done: Extract<DictionaryWorkerMessage, { type: 'done' }>) {
    try {
      const index: Partial<YomitanIndex> = done.index ?? {};
      const title = job.builtInId === kanjidicId ? kanjidicTitle : index.title!;
      if (this.rows().some((row) => row.title === title)) {
        throw new DictionaryImportError('dict-title-taken', { title }, `A dictionary titled "${title}" is already installed.`);
      }
      const id = job.builtInId ?? crypto.randomBytes(6).toString('hex');
      const target = this.filePath(id);
      fs.renameSync(this.stagingPath(job), target);
      const db = new DictionaryDb(target);
      const meta = JSON.parse(db.meta.get('index') ?? '{}') as Partial<YomitanIndex>;
      const info = {
        author: meta.author,
        attribution: meta.attribution,
        url: meta.url,
        description: meta.description,
        sourceLanguage: meta.sourceLanguage,
        targetLanguage: meta.targetLanguage,
        frequencyMode: done.counts.termMeta + done.counts.kanjiMeta > 0 || meta.frequencyMode ? (meta.frequencyMode ?? 'rank-based') : undefined,
        hasStyles: done.hasStyles || undefined,
      };
      try {
        this.insertRow({ id, title, revision: db.meta.get('revision') ?? '', kind: 'yomitan', builtIn: job.builtInId !== undefined, counts: done.counts, bytes: fileSize(target), info });
      } catch (error) {
        db.close();
        fs.rmSync(target, { force: true });
        throw error;
      }
      this.open.set(id, db);
      this.registry.prepare('UPDATE imports SET dictionary_id = ?, title = ? WHERE id = ?').run(id, title, job.id);
      this.finishImport(job.id, 'done');
      this.log.info('dictionary imported', { id, title, ...done.counts });
    } catch (error) {
      this.failImport(job.id, describeImportFailure(error));
    }
  }

  private failImport(id: string, failure: { code: DictImportErrorCode; params: Record<string, string | number>; message: string }) {
    this.log.error('dictionary import failed', { id, code: failure.code, error: failure.message });
    this.finishImport(id, 'failed', failure);
  }

  private finishImport(id: string, state: ImportState, failure?: { code: string; params: Record<string, string | number>; message: string }) {
    this.registry
      .prepare("UPDATE imports SET state = ?, step = CASE WHEN ? = 'done' THEN 'done' ELSE step END, progress = CASE WHEN ? = 'done' THEN 1 ELSE progress END, error = ?, code = ?, params = ?, finished_at = ? WHERE id = ?")
      .run(state, state, state, failure?.message ?? null, failure?.code ?? null, failure ? JSON.stringify(failure.params) : null, new Date().toISOString(), id);
    const entry = this.getImport(id);
    const waiters = this.waiters.get(id) ?? [];
    this.waiters.delete(id);
    if (entry) for (const resolve of waiters) resolve(entry);
  }

  private closed = false;

  /** Stops a running import (its staging file goes; it is listed as interrupted on the next start). */
  async close() {
    this.closed = true;
    const running = this.running;
    this.running = null;
    if (running) await running.worker.terminate();
    for (const db of this.open.values()) db.close();
    this.open.clear();
    this.registry.close();
  }
}

function toImport(row: ImportRow): DictImport {
  const entry: DictImport = { id: row.id, state: row.state, step: row.step, progress: row.progress, createdAt: row.created_at };
  if (row.title) entry.title = row.title;
  if (row.file_name) entry.fileName = row.file_name;
  if (row.file) entry.file = row.file;
  if (row.rows !== null) entry.rows = row.rows;
  if (row.error) entry.error = row.error;
  if (row.code) entry.code = row.code;
  if (row.params) entry.params = JSON.parse(row.params) as Record<string, string | number>;
  if (row.dictionary_id) entry.dictionaryId = row.dictionary_id;
  if (row.finished_at) entry.finishedAt = row.finished_at;
  return entry;
}

function fileSize(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

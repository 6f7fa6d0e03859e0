import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import zlib from 'node:zlib';
import type { Logger } from '../log';
import type { CorpusDocument, CreatedDocument, ImportStatus, SearchParams, SearchResult, Sentence } from '../../common/shonagon';
import type { BackgroundWorkerMessage } from './background-worker';
import { corpusDbPath, CorpusQueryError, type DocumentMeta, type ImportJobRow } from './corpus';
import { coded } from '../../common/server-errors';
import { ImportError } from './extract';
import type { ImportMeta, ImportSource } from './import-job';
import { AnswerCache } from './answer-cache';
import { ImportSpool } from './import-spool';
import { ReadError, SearchPool } from './search-pool';
import type { SearchAnswer } from './search-worker';
import type { OpenResult, WriterMessage, WriterRequest } from './writer-worker';
import { WriterThread } from './writer-thread';
import { bundleWorkers, startWorker } from '../workers';

export type { ImportStatus };

export interface CorpusServiceOptions {
  /** Whether the background indexer builds the lemma index (tests of other features turn it off). */
  lemma?: boolean;
  /** Reader threads for searches (default: the machine's cores, 2–4). */
  readers?: number;
  /** Analyser threads of the lemma index (default: the machine's cores, 1–4). */
  lemmaWorkers?: number;
  /** Sentences per lemma batch (and smallest lemma segment). */
  lemmaBatch?: number;
}

const keepFinished = 50;

function statusOf(row: ImportJobRow): ImportStatus {
  const status: ImportStatus = { id: row.id, name: row.name, bytes: row.bytes, state: row.state, phase: row.state === 'running' ? 'indexing' : row.state, progress: row.state === 'done' ? 1 : 0, startedAt: row.started_at };
  if (row.document_id !== null) status.documentId = row.document_id;
  if (row.sentences !== null) status.sentences = row.sentences;
  if (row.error !== null) status.error = row.error;
  return status;
}

/**
 * The corpus as the server uses it. The main thread only routes: one writer thread runs imports
 * one at a time (each import recorded as a job in the corpus database and spooled to disk until it
 * finishes, so a restart says which one it cut short and carries on with those still queued),
 * edits and deletes; a pool of reader threads answers searches and reads; a background thread
 * builds the lemma index and merges segments. Answers to searches are remembered until the corpus
 * changes, and identical searches running at once share one reading.
 */
export class CorpusService {
  /** 'change' whenever an import's status or the readers' counters may read differently (tests wait on it). */
  readonly changes = new EventEmitter();
  readonly dbPath: string;
  private readonly spool: ImportSpool;
  private readonly writer: WriterThread;
  private opened: Promise<OpenResult> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private started = false;
  private readonly imports = new Map<string, ImportStatus>();
  private pool: SearchPool | null = null;
  private backgroundWorker: Worker | null = null;
  private backgroundAgain = false;
  private readonly answers = new AnswerCache((params, signal, key) => this.read<SearchAnswer>('search', [params], signal, key));
  private closed = false;

  constructor(
    dataDir: string,
    private readonly log: Logger,
    private readonly options: CorpusServiceOptions = {},
  ) {
    this.dbPath = corpusDbPath(dataDir);
    this.writer = new WriterThread(this.dbPath);
    this.spool = new ImportSpool(path.join(path.dirname(this.dbPath), 'queue'));
  }

  /** Opens the corpus (once the server listens): interrupted imports are marked failed, queued ones resume, the background indexer starts. */
  start() {
    void this.ready().catch((error: Error) => this.log.error('corpus could not be opened', { error: error.message }));
  }

  /** The writer has opened (and if need be migrated) the database and recovered the jobs; queued imports are resumed once. */
  private ready(): Promise<OpenResult> {
    if (this.opened) return this.opened;
    this.opened = bundleWorkers().then(() => this.writerRequest<OpenResult>({ type: 'open', req: 0 }));
    if (!this.started) {
      this.started = true;
      this.queue = this.opened.then((opened) => this.recover(opened));
      // Closed (or failing) before it opened: imports chained on the queue get the error, but with
      // none chained it must not be an unhandled rejection (exit code 1 on an early SIGTERM).
      void this.queue.catch(() => undefined);
      void this.opened.then(() => this.kickBackgroundWorker(), () => undefined);
    }
    return this.opened;
  }

  private async recover(opened: OpenResult) {
    for (const row of opened.jobs) if (!this.imports.has(row.id)) this.imports.set(row.id, statusOf(row));
    for (const row of opened.interrupted) this.log.warn('corpus import interrupted by a stop', { import: row.id, name: row.name });
    const states = new Map(opened.jobs.map((row) => [row.id, row.state]));
    // Imports this process took itself are already in the queue (and may be half written).
    const spooled = await this.spool.list((id) => this.imports.has(id) && !states.has(id));
    for (const entry of spooled) {
      const state = states.get(entry.id);
      if (state === 'done' || state === 'failed') {
        await this.spool.remove(entry.id);
        continue;
      }
      if (this.imports.has(entry.id)) continue;
      const status: ImportStatus = { id: entry.id, name: entry.name, bytes: entry.bytes, state: 'queued', phase: 'queued', progress: 0, startedAt: entry.startedAt };
      this.imports.set(entry.id, status);
      this.log.info('corpus import resumed after a restart', { import: entry.id, name: entry.name });
      try {
        const source = await this.spool.read(entry);
        await this.runJob(status, source, entry.meta);
      } catch (error) {
        if (!(error instanceof ImportError)) this.log.warn('resumed corpus import failed', { import: entry.id, error: error instanceof Error ? error.message : String(error) });
      }
    }
  }

  /** Adds a document; resolves when it is committed (or rejects with an ImportError naming the file). */
  importDocument(source: ImportSource, meta: ImportMeta = {}, importId?: string): Promise<CreatedDocument> {
    if (this.closed) return Promise.reject(new ImportError('The server is shutting down; try again.', 400, coded('shutting-down')));
    const id = importId && !this.imports.has(importId) ? importId : crypto.randomUUID();
    const status: ImportStatus = {
      id,
      name: source.kind === 'file' ? source.name : meta.title || (source.kind === 'cues' ? 'subtitles' : 'text'),
      bytes: source.kind === 'file' ? source.bytes.length : source.kind === 'text' ? Buffer.byteLength(source.text) : 0,
      state: 'queued',
      phase: 'queued',
      progress: 0,
      startedAt: new Date().toISOString(),
    };
    this.imports.set(id, status);
    this.trimImports();
    void this.ready().catch(() => undefined);
    const spooled = this.spool.write(status, source, meta);
    const run = this.queue.then(async () => {
      await spooled;
      return this.runJob(status, source, meta);
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  importStatus(id: string): ImportStatus | undefined {
    return this.imports.get(id);
  }

  /** Answers once the jobs of an earlier run are known, so a page opened right after a restart already lists the interrupted ones. */
  async listImports(): Promise<ImportStatus[]> {
    await this.ready().catch(() => undefined);
    return [...this.imports.values()];
  }

  private trimImports() {
    const finished = [...this.imports.values()].filter((status) => status.state === 'done' || status.state === 'failed');
    for (const status of finished.slice(0, Math.max(0, finished.length - keepFinished))) this.imports.delete(status.id);
  }

  private writerRequest<T>(request: Extract<WriterRequest, { req: number }>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('The corpus is closed.'));
    return this.writer.request<T>(request);
  }

  private runJob(status: ImportStatus, source: ImportSource, meta: ImportMeta): Promise<CreatedDocument> {
    if (this.closed) return Promise.reject(new ImportError(`${status.name}: the server is shutting down; it will be imported after the restart`, 400, coded('shutting-down')));
    status.state = 'running';
    status.phase = 'reading';
    const started = Date.now();
    return new Promise<CreatedDocument>((resolve, reject) => {
      const job = status.id;
      const onMessage = (message: WriterMessage) => {
        if (message.type === 'progress') {
          status.phase = message.phase;
          status.progress = message.phase === 'indexing' ? message.progress : 0;
          this.changes.emit('change');
          return;
        }
        if (message.type !== 'done' && message.type !== 'error') return;
        if (message.type === 'done') {
          Object.assign(status, { state: 'done', phase: 'done', progress: 1, documentId: message.id, sentences: message.sentences });
          this.changed();
          this.log.info('corpus import done', { import: job, document: message.id, sentences: message.sentences, bytes: status.bytes, milliseconds: Date.now() - started });
          void this.spool.remove(job);
          this.kickBackgroundWorker();
          this.changes.emit('change');
          resolve({ id: message.id, title: message.title, sentences: message.sentences });
        } else {
          const text = message.status === 500 || !message.message.startsWith(status.name) ? `${status.name}: ${message.message}` : message.message;
          Object.assign(status, { state: 'failed', phase: 'failed', error: text });
          this.log.warn('corpus import failed', { import: job, error: text });
          if (!this.closed) void this.spool.remove(job);
          this.changes.emit('change');
          reject(new ImportError(text, message.status === 500 ? 400 : (message.status as 400 | 413 | 415), message.coded ?? coded('import-failed', { name: status.name })));
        }
      };
      const transfer = source.kind === 'file' && source.bytes.buffer instanceof ArrayBuffer && source.bytes.byteOffset === 0 && source.bytes.byteLength === source.bytes.buffer.byteLength ? [source.bytes.buffer] : [];
      const request: Extract<WriterRequest, { type: 'import' }> = { type: 'import', job, name: status.name, bytes: status.bytes, startedAt: status.startedAt, source, meta };
      this.writer.runJob(request, transfer, onMessage);
    });
  }

  /** The corpus changed: remembered answers are stale (only lemma answers, when the lemma index grew). */
  private changed(what: 'all' | 'lemma' = 'all') {
    this.answers.changed(what);
  }

  private kickBackgroundWorker() {
    if (this.closed) return;
    if (this.backgroundWorker) {
      this.backgroundAgain = true;
      return;
    }
    this.backgroundAgain = false;
    const cores = os.availableParallelism();
    const worker = startWorker('background', {
      workerData: {
        dbPath: this.dbPath,
        lemma: this.options.lemma !== false,
        lemmaWorkers: this.options.lemmaWorkers ?? Math.max(1, Math.min(4, cores)),
        batch: this.options.lemmaBatch ?? 2048,
      },
    });
    this.backgroundWorker = worker;
    worker.on('message', (message: BackgroundWorkerMessage) => {
      if (message.type === 'changed' && message.index !== 'merge') this.changed(message.index === 'lemma' ? 'lemma' : 'all');
      if (message.type === 'error') this.log.warn('background indexing failed', { error: message.message });
      if (message.type === 'idle') this.log.debug('lemma index up to date');
    });
    worker.on('error', (error) => this.log.warn('background indexer failed', { error: error.message }));
    worker.on('exit', () => {
      this.backgroundWorker = null;
      if (this.backgroundAgain && !this.closed) this.kickBackgroundWorker();
    });
  }

  /** Resolves when the background indexer has nothing left to do (tests and the bench wait on it). */
  async indexesIdle(): Promise<void> {
    await this.ready();
    while (this.backgroundWorker || this.backgroundAgain) {
      const worker = this.backgroundWorker;
      if (worker) await new Promise((resolve) => worker.once('exit', resolve));
      else await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  private async readers(): Promise<SearchPool> {
    await this.ready();
    if (this.closed) throw new ReadError('internal', 'The corpus is closed.');
    if (!this.pool) {
      this.pool = new SearchPool({ dbPath: this.dbPath, size: this.options.readers ?? Math.max(2, Math.min(4, os.availableParallelism())), log: this.log, maxMs: 60_000 });
      this.pool.changes.on('change', () => this.changes.emit('change'));
    }
    return this.pool;
  }

  private async read<T>(op: Parameters<SearchPool['run']>[0], args: unknown[] = [], signal?: AbortSignal, key?: string): Promise<T> {
    try {
      return await (await this.readers()).run<T>(op, args, signal, key);
    } catch (error) {
      if (error instanceof ReadError && error.kind === 'query') throw new CorpusQueryError(error.message, error.coded ?? coded('invalid-input', { field: 'q', issue: error.message }));
      if (error instanceof ReadError && error.kind === 'busy') throw Object.assign(new Error(error.message), { code: 'SQLITE_BUSY' });
      throw error;
    }
  }

  /** The reader pool's counters, null before the first read. */
  readerStats() {
    return this.pool?.stats() ?? null;
  }

  /**
   * A search's answer as the route sends it (gzipped JSON), from a reader thread or
   * remembered. A caller that gives up (`signal`) stops waiting; the reading itself stops once no
   * caller waits for it any more.
   */
  searchAnswer(params: SearchParams, signal?: AbortSignal): Promise<SearchAnswer> {
    return this.answers.answer(params, signal);
  }

  /** A search's answer as JSON text. */
  async searchJson(params: SearchParams, signal?: AbortSignal): Promise<string> {
    return zlib.gunzipSync((await this.searchAnswer(params, signal)).gzip).toString('utf8');
  }

  async search(params: SearchParams, signal?: AbortSignal): Promise<SearchResult> {
    return JSON.parse(await this.searchJson(params, signal)) as SearchResult;
  }

  listDocuments(): Promise<CorpusDocument[]> {
    return this.read('listDocuments');
  }

  getDocument(id: string): Promise<CorpusDocument | null> {
    return this.read('getDocument', [id]);
  }

  async updateDocument(id: string, patch: Partial<DocumentMeta>): Promise<CorpusDocument | null> {
    await this.ready();
    const doc = await this.writerRequest<CorpusDocument | null>({ type: 'update', req: 0, id, patch });
    if (doc) this.changed();
    return doc;
  }

  async deleteDocument(id: string): Promise<boolean> {
    await this.ready();
    const deleted = await this.writerRequest<boolean>({ type: 'delete', req: 0, id });
    if (deleted) {
      this.changed();
      this.kickBackgroundWorker();
    }
    return deleted;
  }

  getSentences(docId: string, from?: number, limit?: number): Promise<{ total: number; sentences: Sentence[] } | null> {
    return this.read('getSentences', [docId, from, limit]);
  }

  getSentence(sentenceId: string): Promise<Sentence | null> {
    return this.read('getSentence', [sentenceId]);
  }

  /** Documents imported with this `ref` (e.g. the video library's media id), to replace or remove them. */
  async documentsByRef(ref: string): Promise<CorpusDocument[]> {
    return (await this.listDocuments()).filter((doc) => doc.ref === ref);
  }

  /** Stops the workers (an import in flight commits nothing; queued ones resume at the next start) and closes the database. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([this.writer.close(), this.backgroundWorker?.terminate(), this.pool?.close()]);
  }
}


import crypto from 'node:crypto';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../log';
import { Corpus, corpusDbPath, type CorpusDocument, type DocumentMeta, type ImportStats, type LemmaQuery, type SearchParams, type SearchResult, type Sentence } from './corpus';
import { ImportError } from './extract';
import type { ImportMeta, ImportSource } from './import-job';
import type { ImportWorkerMessage } from './import-worker';
import { findLemmaSpan, lemmaToken, loadAnalyzer, type Analyzer } from './lemma';
import type { LemmaWorkerMessage } from './lemma-worker';

export interface ImportStatus {
  id: string;
  /** The file name, or the title for posted text. */
  name: string;
  bytes: number;
  state: 'queued' | 'running' | 'done' | 'failed';
  phase: 'queued' | 'reading' | 'indexing' | 'done' | 'failed';
  /** 0–1 within the indexing phase; 1 when done. */
  progress: number;
  documentId?: string;
  sentences?: number;
  error?: string;
  startedAt: string;
}

const workerUrl = new URL('./import-worker.mjs', import.meta.url);
const keepFinished = 50;

/**
 * The corpus as the server uses it: imports one at a time in a worker thread (the server keeps
 * answering; a crash or shutdown mid-import leaves the corpus as it was), a background worker that
 * fills the lemma index, and searches on the main thread's own connection.
 */
export class CorpusService {
  private opened: Corpus | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly imports = new Map<string, ImportStatus>();
  private readonly workers = new Set<Worker>();
  private lemmaWorker: Worker | null = null;
  private lemmaAgain = false;
  private analyzer: Promise<Analyzer> | null = null;
  private closed = false;

  readonly dbPath: string;

  constructor(
    dataDir: string,
    private readonly log: Logger,
    private readonly options: { lemma?: boolean } = {},
  ) {
    this.dbPath = corpusDbPath(dataDir);
  }

  /** The main thread's connection, opened on first use (an app that never searches creates no file). */
  get corpus(): Corpus {
    if (this.closed) throw new Error('The corpus is closed.');
    this.opened ??= new Corpus(this.dbPath);
    return this.opened;
  }

  /** Starts the lemma worker if earlier imports left sentences to analyse (call once the server listens). */
  start() {
    if (this.corpus.pendingLemmaWork(1)) this.kickLemmaWorker();
  }

  /** Adds a document; resolves when it is committed (or rejects with an ImportError naming the file). */
  importDocument(source: ImportSource, meta: ImportMeta = {}, importId?: string): Promise<ImportStats> {
    if (this.closed) return Promise.reject(new ImportError('The server is shutting down; try again.', 400));
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
    const run = this.queue.then(() => this.runWorker(status, source, meta));
    this.queue = run.catch(() => undefined);
    return run;
  }

  importStatus(id: string): ImportStatus | undefined {
    return this.imports.get(id);
  }

  listImports(): ImportStatus[] {
    return [...this.imports.values()];
  }

  private trimImports() {
    const finished = [...this.imports.values()].filter((status) => status.state === 'done' || status.state === 'failed');
    for (const status of finished.slice(0, Math.max(0, finished.length - keepFinished))) this.imports.delete(status.id);
  }

  private runWorker(status: ImportStatus, source: ImportSource, meta: ImportMeta): Promise<ImportStats> {
    status.state = 'running';
    status.phase = 'reading';
    const started = Date.now();
    return new Promise<ImportStats>((resolve, reject) => {
      const transfer = source.kind === 'file' && source.bytes.buffer instanceof ArrayBuffer ? [source.bytes.buffer] : [];
      const worker = new Worker(workerUrl, { workerData: { dbPath: this.dbPath, source, meta }, transferList: transfer });
      this.workers.add(worker);
      let settled = false;
      const fail = (error: ImportError) => {
        if (settled) return;
        settled = true;
        status.state = 'failed';
        status.phase = 'failed';
        status.error = error.message;
        this.log.warn('corpus import failed', { import: status.id, error: error.message });
        reject(error);
      };
      worker.on('message', (message: ImportWorkerMessage) => {
        if (message.type === 'progress') {
          status.phase = message.phase;
          status.progress = message.phase === 'indexing' ? message.progress : 0;
        } else if (message.type === 'done') {
          settled = true;
          Object.assign(status, { state: 'done', phase: 'done', progress: 1, documentId: message.id, sentences: message.sentences });
          this.log.info('corpus import done', { import: status.id, document: message.id, sentences: message.sentences, bytes: status.bytes, milliseconds: Date.now() - started });
          this.kickLemmaWorker();
          resolve({ id: message.id, title: message.title, sentences: message.sentences });
        } else {
          fail(new ImportError(message.message, message.status === 500 ? 400 : (message.status as 400 | 413 | 415)));
        }
      });
      worker.on('error', (error) => fail(new ImportError(`${status.name}: import failed: ${error.message}`, 400)));
      worker.on('exit', () => {
        this.workers.delete(worker);
        fail(new ImportError(`${status.name}: the import was stopped before it finished; nothing was added`, 400));
      });
    });
  }

  private kickLemmaWorker() {
    if (this.options.lemma === false || this.closed) return;
    if (this.lemmaWorker) {
      this.lemmaAgain = true;
      return;
    }
    this.lemmaAgain = false;
    const worker = new Worker(workerUrl, { workerData: { dbPath: this.dbPath }, argv: ['--lemma'] });
    this.lemmaWorker = worker;
    worker.on('message', (message: LemmaWorkerMessage) => {
      if (message.type === 'error') this.log.warn('lemma analysis failed', { error: message.message });
      if (message.type === 'idle') this.log.debug('lemma index up to date');
    });
    worker.on('error', (error) => this.log.warn('lemma worker failed', { error: error.message }));
    worker.on('exit', () => {
      this.lemmaWorker = null;
      if (this.lemmaAgain && !this.closed) this.kickLemmaWorker();
    });
  }

  /** Resolves when the lemma index covers every document (tests and the bench wait on it). */
  async lemmaIdle(): Promise<void> {
    while (this.lemmaWorker || this.lemmaAgain) {
      const worker = this.lemmaWorker;
      if (worker) await new Promise((resolve) => worker.once('exit', resolve));
      else await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async search(params: SearchParams): Promise<SearchResult> {
    const lemma = params.mode === 'lemma' ? await this.lemmaQuery() : undefined;
    return this.corpus.search(params, lemma);
  }

  private async lemmaQuery(): Promise<LemmaQuery> {
    this.analyzer ??= loadAnalyzer();
    const analyzer = await this.analyzer;
    return (normalized) => {
      const lemmas = analyzer.analyze(normalized).map((morpheme) => lemmaToken(morpheme.base));
      return { lemmas, keySpan: (sentence) => findLemmaSpan(analyzer.analyze(sentence), lemmas) };
    };
  }

  listDocuments(): CorpusDocument[] {
    return this.corpus.listDocuments();
  }

  getDocument(id: string): CorpusDocument | null {
    return this.corpus.getDocument(id);
  }

  updateDocument(id: string, patch: Partial<DocumentMeta>): CorpusDocument | null {
    return this.corpus.updateDocument(id, patch);
  }

  deleteDocument(id: string): boolean {
    return this.corpus.deleteDocument(id);
  }

  getSentences(docId: string, from?: number, limit?: number): { total: number; sentences: Sentence[] } | null {
    return this.corpus.getSentences(docId, from, limit);
  }

  /** Stops the workers (an import in flight commits nothing) and closes the database. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const workers = [...this.workers, ...(this.lemmaWorker ? [this.lemmaWorker] : [])];
    await Promise.all(workers.map((worker) => worker.terminate()));
    this.opened?.close();
  }
}

export function corpusDir(dataDir: string) {
  return path.dirname(corpusDbPath(dataDir));
}

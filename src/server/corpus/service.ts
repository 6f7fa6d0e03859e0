import crypto from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../log';
import type { CorpusDocument, CreatedDocument, SearchParams, SearchResult, Sentence } from '../../common/shonagon';
import { Corpus, corpusDbPath, type DocumentMeta, type LemmaQuery } from './corpus';
import { ImportError } from './extract';
import type { ImportMeta, ImportSource } from './import-job';
import type { ImportRequest, ImportWorkerMessage } from './import-worker';
import { findLemmaSpan, lemmaToken, loadAnalyzer, type Analyzer } from './lemma';
import type { BackgroundWorkerMessage } from './background-worker';

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
 * fills the trigram and lemma indexes, and searches on the main thread's own connection.
 */
export class CorpusService {
  private opened: Corpus | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly imports = new Map<string, ImportStatus>();
  private readonly workers = new Set<Worker>();
  private backgroundWorker: Worker | null = null;
  private importer: Worker | null = null;
  private readonly jobs = new Map<string, (message: ImportWorkerMessage) => void>();
  private backgroundAgain = false;
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

  /** Starts the background indexer if earlier imports left sentences to index (call once the server listens). */
  start() {
    if (this.corpus.pendingWork('tri', 1) || this.corpus.pendingWork('lem', 1)) this.kickBackgroundWorker();
  }

  /** Adds a document; resolves when it is committed (or rejects with an ImportError naming the file). */
  importDocument(source: ImportSource, meta: ImportMeta = {}, importId?: string): Promise<CreatedDocument> {
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

  private importWorker(): Worker {
    if (this.importer) return this.importer;
    const worker = new Worker(workerUrl, { workerData: { dbPath: this.dbPath } });
    this.importer = worker;
    this.workers.add(worker);
    worker.on('message', (message: ImportWorkerMessage) => this.jobs.get(message.job)?.(message));
    const gone = (reason: string) => {
      if (this.importer !== worker) return;
      this.importer = null;
      this.workers.delete(worker);
      // A job in flight dies with the worker; its transaction never committed.
      for (const [job, handle] of this.jobs) handle({ type: 'error', job, message: reason, status: 400 });
    };
    worker.on('error', (error) => gone(`import failed: ${error.message}; nothing was added`));
    worker.on('exit', () => gone('the import was stopped before it finished; nothing was added'));
    return worker;
  }

  private runWorker(status: ImportStatus, source: ImportSource, meta: ImportMeta): Promise<CreatedDocument> {
    if (this.closed) return Promise.reject(new ImportError(`${status.name}: the server is shutting down; nothing was added`, 400));
    status.state = 'running';
    status.phase = 'reading';
    const started = Date.now();
    return new Promise<CreatedDocument>((resolve, reject) => {
      const job = status.id;
      this.jobs.set(job, (message) => {
        if (message.type === 'progress') {
          status.phase = message.phase;
          status.progress = message.phase === 'indexing' ? message.progress : 0;
          return;
        }
        this.jobs.delete(job);
        if (message.type === 'done') {
          Object.assign(status, { state: 'done', phase: 'done', progress: 1, documentId: message.id, sentences: message.sentences });
          this.log.info('corpus import done', { import: job, document: message.id, sentences: message.sentences, bytes: status.bytes, milliseconds: Date.now() - started });
          this.kickBackgroundWorker();
          resolve({ id: message.id, title: message.title, sentences: message.sentences });
        } else {
          const text = message.status === 500 || !message.message.startsWith(status.name) ? `${status.name}: ${message.message}` : message.message;
          Object.assign(status, { state: 'failed', phase: 'failed', error: text });
          this.log.warn('corpus import failed', { import: job, error: text });
          reject(new ImportError(text, message.status === 500 ? 400 : (message.status as 400 | 413 | 415)));
        }
      });
      const transfer = source.kind === 'file' && source.bytes.buffer instanceof ArrayBuffer && source.bytes.byteOffset === 0 && source.bytes.byteLength === source.bytes.buffer.byteLength ? [source.bytes.buffer] : [];
      const request: ImportRequest = { type: 'import', job, source, meta };
      this.importWorker().postMessage(request, transfer);
    });
  }

  private kickBackgroundWorker() {
    if (this.closed) return;
    if (this.backgroundWorker) {
      this.backgroundAgain = true;
      return;
    }
    this.backgroundAgain = false;
    const worker = new Worker(workerUrl, { workerData: { dbPath: this.dbPath, lemma: this.options.lemma !== false }, argv: ['--background'] });
    this.backgroundWorker = worker;
    worker.on('message', (message: BackgroundWorkerMessage) => {
      if (message.type === 'error') this.log.warn('background indexing failed', { error: message.message });
      if (message.type === 'idle') this.log.debug('trigram and lemma indexes up to date');
    });
    worker.on('error', (error) => this.log.warn('background indexer failed', { error: error.message }));
    worker.on('exit', () => {
      this.backgroundWorker = null;
      if (this.backgroundAgain && !this.closed) this.kickBackgroundWorker();
    });
  }

  /** Resolves when the trigram and lemma indexes cover every document (tests and the bench wait on it). */
  async indexesIdle(): Promise<void> {
    while (this.backgroundWorker || this.backgroundAgain) {
      const worker = this.backgroundWorker;
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

  getSentence(sentenceId: string): Sentence | null {
    return this.corpus.getSentence(sentenceId);
  }

  /** Documents imported with this `ref` (e.g. the video library's media id), to replace or remove them. */
  documentsByRef(ref: string): CorpusDocument[] {
    return this.corpus.listDocuments().filter((doc) => doc.ref === ref);
  }

  /** Stops the workers (an import in flight commits nothing) and closes the database. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const workers = [...this.workers, ...(this.backgroundWorker ? [this.backgroundWorker] : [])];
    await Promise.all(workers.map((worker) => worker.terminate()));
    this.opened?.close();
  }
}


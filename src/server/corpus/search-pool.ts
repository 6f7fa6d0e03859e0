import { EventEmitter } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../log';
import type { Dictionary } from './analyzer';
import type { ReadCall, ReadOp, ReadReply, ReadRequest } from './search-worker';
import { startWorker } from '../workers';
import type { Coded } from '../../common/server-errors';

/** A read that did not answer: a bad query (400), cancelled, the database busy, or the reader failing. */
export class ReadError extends Error {
  constructor(
    readonly kind: 'query' | 'cancelled' | 'busy' | 'internal',
    message: string,
    /** A bad query's code (docs/errors.md). */
    readonly coded?: Coded,
  ) {
    super(message);
  }
}

interface Job {
  id: number;
  /** Its place in the shared cancel array while a reader holds it: the reader's slot times two, plus 0 or 1. */
  lane: number;
  /** The reader this job prefers (its query's hits may be cached there), or -1. */
  affinity: number;
  op: ReadOp;
  args: unknown[];
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
  deadline?: NodeJS.Timeout;
}

interface Reader {
  worker: Worker;
  /**
   * The jobs sent to it, the running one first. A busy reader gets a second, so that when it
   * finishes one the next is already in its own queue: waiting for the event loop to hand it the
   * next (the loop busy with HTTP) left a reader idle a quarter of the time under load.
   */
  jobs: Job[];
  /** The reader has loaded and polls its cancel flag (starting one under tsx takes seconds). */
  ready: boolean;
  cancelTimer?: NodeJS.Timeout;
}


/**
 * Reads of the corpus in worker threads, so the main thread only routes: a slow query holds one
 * reader, never the event loop. Readers start on demand, up to `size`. A request whose caller
 * gives up (its AbortSignal) leaves the queue, or is cancelled in its reader through a shared flag
 * the search polls; a reader that does not stop within `cancelGraceMs` is replaced.
 */
export class SearchPool {
  /** 'change' whenever `stats()` may read differently (tests wait on it). */
  readonly changes = new EventEmitter();
  private readonly readers: Array<Reader | null>;
  private readonly cancel: Int32Array;
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  private started = 0;
  private reads = 0;
  private dictionary: Dictionary | null = null;
  private dictionaryLoader: Worker | null = null;

  constructor(
    private readonly options: { dbPath: string; size: number; log: Logger; cancelGraceMs?: number; maxMs?: number },
  ) {
    this.readers = Array.from({ length: options.size }, () => null);
    this.cancel = new Int32Array(new SharedArrayBuffer(4 * 2 * options.size));
  }

  /** `key` sends requests with the same key (a search's query) to the same reader while it is free: its caches hold that query. */
  run<T>(op: ReadOp, args: unknown[] = [], signal?: AbortSignal, key?: string): Promise<T> {
    if (this.closed) return Promise.reject(new ReadError('internal', 'The corpus is closed.'));
    if (signal?.aborted) return Promise.reject(new ReadError('cancelled', 'The request was cancelled.'));
    return new Promise<T>((resolve, reject) => {
      const job: Job = { id: this.nextId++, lane: -1, affinity: key === undefined ? -1 : hash(key) % this.readers.length, op, args, resolve: resolve as (value: unknown) => void, reject, signal };
      if (signal) {
        job.onAbort = () => this.abort(job);
        signal.addEventListener('abort', job.onAbort, { once: true });
      }
      this.queue.push(job);
      this.pump();
    });
  }

  /** Readers started, reads sent to them, and what waits and runs now (for tests and the bench). */
  stats(): { started: number; reads: number; queued: number; running: number } {
    return { started: this.started, reads: this.reads, queued: this.queue.length, running: this.readers.filter((reader) => reader && reader.jobs.length > 0).length };
  }

  private pump() {
    while (this.queue.length) {
      // An idle reader takes a job that prefers it, else the oldest; a reader is started only when
      // none is idle; with every reader started and busy, each may hold one job more.
      const next = this.pickReader(0) ?? this.startReader() ?? this.pickReader(1);
      if (!next) return;
      const [index, at] = next;
      const reader = this.readers[index] ?? this.spawn(index);
      const [job] = this.queue.splice(at, 1);
      job.lane = index * 2 + (reader.jobs.some((held) => held.lane === index * 2) ? 1 : 0);
      Atomics.store(this.cancel, job.lane, 0);
      reader.jobs.push(job);
      this.reads++;
      this.changes.emit('change');
      if (this.options.maxMs) job.deadline = setTimeout(() => this.abort(job), this.options.maxMs);
      reader.worker.postMessage({ id: job.id, op: job.op, args: job.args, lane: job.lane } satisfies ReadCall);
    }
  }

  /** A started reader holding `held` jobs, and the queue's job for it: one that prefers it, else the oldest. */
  private pickReader(held: number): [index: number, at: number] | null {
    let fallback: [number, number] | null = null;
    for (let i = 0; i < this.readers.length; i++) {
      if (this.readers[i]?.jobs.length !== held) continue;
      const mine = this.queue.findIndex((job) => job.affinity === i);
      if (mine >= 0) return [i, mine];
      fallback ??= [i, 0];
    }
    return fallback;
  }

  private startReader(): [index: number, at: number] | null {
    const index = this.readers.indexOf(null);
    if (index < 0) return null;
    const mine = this.queue.findIndex((job) => job.affinity === index);
    return [index, mine >= 0 ? mine : 0];
  }

  /** Loads the analyser's dictionary once, in a thread of its own, for every reader (lemma searches wait for it). */
  private loadDictionary() {
    if (this.dictionary || this.dictionaryLoader || this.closed) return;
    const loader = startWorker('analyzer-dictionary', {});
    this.dictionaryLoader = loader;
    loader.once('message', (dictionary: Dictionary) => {
      this.dictionary = dictionary;
      for (const reader of this.readers) reader?.worker.postMessage({ dictionary } satisfies ReadRequest);
      void loader.terminate();
    });
    loader.on('error', (error) => this.options.log.warn('the analyser dictionary could not be loaded', { error: error.message }));
    loader.on('exit', () => {
      if (this.dictionaryLoader === loader) this.dictionaryLoader = null;
    });
  }

  private spawn(index: number): Reader {
    this.loadDictionary();
    // Small heaps: a reader keeps little (its caches are typed arrays), and V8 sizes a heap by its limit, not by what it keeps.
    const worker = startWorker('search', { workerData: { dbPath: this.options.dbPath, cancel: this.cancel, dictionary: this.dictionary ?? undefined }, resourceLimits: { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 96 } });
    const reader: Reader = { worker, jobs: [], ready: false };
    this.readers[index] = reader;
    this.started++;
    worker.on('message', (reply: ReadReply) => {
      if ('ready' in reply) {
        reader.ready = true;
        this.graceIfCancelled(reader);
        return;
      }
      const job = reader.jobs[0];
      if (!job || job.id !== reply.id) return;
      this.finish(reader, job);
      if (reply.ok) job.resolve(reply.value);
      else job.reject(new ReadError(reply.error.kind, reply.error.message, reply.error.coded));
      this.graceIfCancelled(reader);
      this.pump();
    });
    const gone = (why: string) => {
      if (this.readers[index] !== reader) return;
      this.readers[index] = null;
      for (const job of [...reader.jobs]) {
        this.finish(reader, job);
        job.reject(new ReadError(job.signal?.aborted ? 'cancelled' : 'internal', why));
      }
      if (!this.closed) this.pump();
    };
    worker.on('error', (error) => {
      this.options.log.warn('corpus reader failed', { error: error.message });
      gone(`The corpus reader failed: ${error.message}`);
    });
    worker.on('exit', () => gone('The corpus reader stopped.'));
    return reader;
  }

  private finish(reader: Reader, job: Job) {
    if (reader.jobs[0] === job) {
      clearTimeout(reader.cancelTimer);
      reader.cancelTimer = undefined;
    }
    reader.jobs.splice(reader.jobs.indexOf(job), 1);
    clearTimeout(job.deadline);
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
    this.changes.emit('change');
  }

  private abort(job: Job) {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      clearTimeout(job.deadline);
      job.reject(new ReadError('cancelled', 'The request was cancelled.'));
      return;
    }
    const reader = this.readers.find((candidate) => candidate?.jobs.includes(job));
    if (!reader) return;
    Atomics.store(this.cancel, job.lane, job.id);
    this.graceIfCancelled(reader);
  }

  /** A running read that was cancelled gets `cancelGraceMs` to stop (a job waiting behind it, once it runs). */
  private graceIfCancelled(reader: Reader) {
    const job = reader.jobs[0];
    if (!job || !reader.ready || reader.cancelTimer || Atomics.load(this.cancel, job.lane) !== job.id) return;
    reader.cancelTimer = setTimeout(() => {
      reader.cancelTimer = undefined;
      if (reader.jobs[0] !== job) return;
      this.options.log.warn('corpus reader did not stop a cancelled read; replacing it', { op: job.op });
      void reader.worker.terminate();
    }, this.options.cancelGraceMs ?? 2000);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new ReadError('internal', 'The corpus is closed.'));
    await Promise.all([...this.readers.map((reader) => reader?.worker.terminate()), this.dictionaryLoader?.terminate()]);
  }
}

/** FNV-1a, for spreading queries over readers. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

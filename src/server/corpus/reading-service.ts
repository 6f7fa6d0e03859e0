import type { Worker } from 'node:worker_threads';
import type { ReadingToken } from '../../common/reading';
import type { Logger } from '../log';
import { LruCache } from '../lru-cache';
import { startWorker } from '../workers';
import type { ReadingCall, ReadingReply } from './reading-worker';

/** The analyser could not be loaded or stopped: the texts are shown without readings (503). */
export class ReadingUnavailable extends Error {}

interface Thread {
  worker: Worker;
  waiting: Map<number, { resolve: (results: string[]) => void; reject: (error: Error) => void }>;
}

export interface ReadingServiceOptions {
  log: Logger;
  /** Analyser threads, started on the first request (each holds its ~90 MB dictionary). */
  threads?: number;
  /** Characters of text whose tokens are kept (the same sentences come back often). */
  cacheCharacters?: number;
  /** kuromoji's dictionary directory; tests point it at one that does not load. */
  dictDir?: string;
  /** After a failed load, requests are refused this long before a new thread tries again. */
  retryAfterMs?: number;
}

/**
 * Readings for furigana (docs/api.md "Furigana"): the corpus's analyser (analyzer.ts) in worker
 * threads, so the event loop only routes, behind an LRU cache of answers kept on the main thread.
 */
export class ReadingService {
  private readonly threads: Array<Thread | null>;
  private readonly cache: LruCache<string, string>;
  private nextId = 1;
  private turn = 0;
  private failedAt = 0;
  private failure = '';
  private closed = false;
  private counts = { analysed: 0, cached: 0 };

  constructor(private readonly options: ReadingServiceOptions) {
    this.threads = Array.from({ length: Math.max(1, options.threads ?? 1) }, () => null);
    // Weighed by the text and its answer: an entry costs about that many characters of memory.
    this.cache = new LruCache(options.cacheCharacters ?? 4_000_000, (key, json) => key.length + json.length);
  }

  /** Each text's tokens, in order. */
  async read(texts: readonly string[]): Promise<ReadingToken[][]> {
    return (await this.readJson(texts)).map((json) => JSON.parse(json) as ReadingToken[]);
  }

  /** Each text's tokens as JSON, in order; cached texts never reach a thread. */
  async readJson(texts: readonly string[]): Promise<string[]> {
    const results: string[] = new Array(texts.length);
    const missing = new Map<string, number[]>();
    texts.forEach((text, i) => {
      const hit = text === '' ? '[]' : this.cache.get(text);
      if (hit) {
        results[i] = hit;
        this.counts.cached++;
      } else {
        const places = missing.get(text);
        if (places) places.push(i);
        else missing.set(text, [i]);
      }
    });
    if (missing.size === 0) return results;
    const unique = [...missing.keys()];
    const answers = await this.analyse(unique);
    this.counts.analysed += unique.length;
    unique.forEach((text, j) => {
      this.cache.set(text, answers[j]);
      for (const i of missing.get(text)!) results[i] = answers[j];
    });
    return results;
  }

  /** Texts analysed by a thread and answered from the cache, so far (tests, bench). */
  stats(): { analysed: number; cached: number; cacheEntries: number } {
    return { ...this.counts, cacheEntries: this.cache.size };
  }

  private async analyse(texts: string[]): Promise<string[]> {
    if (this.closed) throw new ReadingUnavailable('The reading analyser is closed.');
    const retryAfter = this.options.retryAfterMs ?? 30_000;
    if (this.failedAt && Date.now() - this.failedAt < retryAfter) throw new ReadingUnavailable(this.failure);
    // Spread over the threads in slices, so a long request keeps every thread busy.
    const slices = Math.min(this.threads.length, Math.ceil(texts.length / 20));
    const size = Math.ceil(texts.length / slices);
    const parts = await Promise.all(Array.from({ length: slices }, (_, s) => this.call(texts.slice(s * size, (s + 1) * size))));
    return parts.flat();
  }

  private call(texts: string[]): Promise<string[]> {
    const index = this.turn++ % this.threads.length;
    const thread = this.threads[index] ?? this.spawn(index);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      thread.waiting.set(id, { resolve, reject });
      thread.worker.postMessage({ id, texts } satisfies ReadingCall);
    });
  }

  private spawn(index: number): Thread {
    const worker = startWorker('reading', { workerData: { dictDir: this.options.dictDir }, resourceLimits: { maxYoungGenerationSizeMb: 16 } });
    const thread: Thread = { worker, waiting: new Map() };
    this.threads[index] = thread;
    worker.on('message', (reply: ReadingReply) => {
      if ('ready' in reply) {
        this.failedAt = 0;
        return;
      }
      thread.waiting.get(reply.id)?.resolve(reply.results);
      thread.waiting.delete(reply.id);
    });
    const gone = (why: string) => {
      if (this.threads[index] !== thread) return;
      this.threads[index] = null;
      for (const { reject } of thread.waiting.values()) reject(new ReadingUnavailable(why));
      thread.waiting.clear();
    };
    worker.on('error', (error) => {
      this.failedAt = Date.now();
      this.failure = `The reading analyser could not run: ${error.message}`;
      this.options.log.warn('the reading analyser failed', { error: error.message });
      gone(this.failure);
    });
    worker.on('exit', () => gone('The reading analyser stopped.'));
    return thread;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.threads.map((thread) => thread?.worker.terminate()));
  }
}

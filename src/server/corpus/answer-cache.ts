import type { SearchParams } from '../../common/shonagon';
import { LruCache } from '../lru-cache';
import { ReadError } from './search-pool';
import type { SearchAnswer } from './search-worker';

const cachedAnswers = 8000;
const cachedBytes = 24 * 1024 * 1024;

/** The cache key of a search: every parameter that changes the answer, in one order. */
function searchKey(params: SearchParams): string {
  const sorted = (list?: string[]) => (list?.length ? [...list].sort() : null);
  return JSON.stringify([params.q, params.mode ?? 'string', params.sort ?? 'order', params.sort === 'random' ? (params.seed ?? '') : '', sorted(params.media), sorted(params.doc), params.from ?? null, params.to ?? null, params.offset ?? 0, params.limit ?? null, params.width ?? null]);
}

/**
 * Searches' answers on the main thread: remembered (least recently used first out) until the
 * corpus changes, and identical searches running at once share one reading.
 */
export class AnswerCache {
  /** Bumped when answers of that mode may change; remembered answers of an older one are stale. */
  private readonly generations = { string: 0, lemma: 0 };
  private readonly remembered = new LruCache<string, { generation: number; answer: SearchAnswer }>(cachedBytes, (_key, entry) => entry.answer.gzip.byteLength, cachedAnswers);
  private readonly inflight = new Map<string, { promise: Promise<SearchAnswer>; controller: AbortController; waiters: number }>();

  /** `read` reads a search in a reader thread; `key` is its affinity (the same query, the same reader). */
  constructor(private readonly read: (params: SearchParams, signal: AbortSignal, key: string) => Promise<SearchAnswer>) {}

  /** The corpus changed: remembered answers are stale (only lemma answers, when the lemma index grew). */
  changed(what: 'all' | 'lemma') {
    this.generations.lemma++;
    if (what === 'all') this.generations.string++;
  }

  /** A search's answer, remembered or read; a caller that gives up (`signal`) stops waiting, the reading stops once no caller waits. */
  async answer(params: SearchParams, signal?: AbortSignal): Promise<SearchAnswer> {
    const key = searchKey(params);
    const mode = params.mode === 'lemma' ? 'lemma' : 'string';
    const generation = this.generations[mode];
    const remembered = this.remembered.get(key);
    if (remembered?.generation === generation) return remembered.answer;
    if (remembered) this.remembered.delete(key);
    const sharedKey = `${generation}\0${key}`;
    let shared = this.inflight.get(sharedKey);
    if (!shared || shared.controller.signal.aborted) {
      const controller = new AbortController();
      const promise = this.read(params, controller.signal, `${mode}\0${params.q}`).then((answer) => {
        if (this.generations[mode] === generation) this.remembered.set(key, { generation, answer });
        return answer;
      });
      const entry = { promise, controller, waiters: 0 };
      shared = entry;
      this.inflight.set(sharedKey, entry);
      const forget = () => this.inflight.get(sharedKey) === entry && this.inflight.delete(sharedKey);
      void promise.then(forget, forget);
    }
    const entry = shared;
    entry.waiters++;
    if (!signal) return entry.promise;
    return new Promise<SearchAnswer>((resolve, reject) => {
      const onAbort = () => {
        if (--entry.waiters === 0) entry.controller.abort();
        reject(new ReadError('cancelled', 'The request was cancelled.'));
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      entry.promise.then(
        (answer) => {
          signal.removeEventListener('abort', onAbort);
          resolve(answer);
        },
        (error: Error) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }
}

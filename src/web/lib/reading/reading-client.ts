import { readingAnswerSchema, readingLimits, characterCount, type ReadingToken } from '../../../common/reading';
import { http } from '../http/http-client';
import { common } from '../i18n/common';
import { translate } from '../i18n/i18n';
import { toast } from '../notify';

/**
 * The readings of texts (CONTRACT "Furigana"), asked of the server in batches: every text asked for
 * within one task goes in one request (up to its limits), each answer is kept (LRU), and a text's
 * subscribers hear when it arrives. A text whose reading cannot be had stays plain (null).
 */
type Listener = () => void;

const maxCached = 5000;
const retryAfterMs = 30_000;
const cache = new Map<string, ReadingToken[] | null>();
const listeners = new Map<string, Set<Listener>>();
const queued = new Set<string>();
const inFlight = new Set<string>();
let flushTimer: ReturnType<typeof setTimeout> | undefined;
let unavailableUntil = 0;
let told = false;
/** Tests and the bench: when the latest answer reached the page. */
export const readingTimes = { lastAnswerAt: 0, requests: 0 };

function remember(text: string, tokens: ReadingToken[] | null) {
  cache.delete(text);
  cache.set(text, tokens);
  if (cache.size > maxCached) cache.delete(cache.keys().next().value!);
  for (const listener of listeners.get(text) ?? []) listener();
}

/** The tokens of `text`: undefined while they are on their way, null when the text stays plain. */
export function readingOf(text: string): ReadingToken[] | null | undefined {
  return cache.get(text);
}

/** Hears when `text`'s reading arrives; asks for it if it is neither known nor on its way. */
export function subscribeReading(text: string, listener: Listener): () => void {
  let set = listeners.get(text);
  if (!set) listeners.set(text, (set = new Set()));
  set.add(listener);
  // A text left plain by a failure is asked for again once the pause after it is over.
  const known = cache.get(text);
  if (!inFlight.has(text) && (known === undefined || (known === null && Date.now() >= unavailableUntil))) {
    if (Date.now() < unavailableUntil || characterCount(text) > readingLimits.characters) remember(text, null);
    else {
      queued.add(text);
      flushTimer ??= setTimeout(flush, 0);
    }
  }
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(text);
  };
}

function flush() {
  flushTimer = undefined;
  let batch: string[] = [];
  let characters = 0;
  for (const text of queued) {
    const size = characterCount(text);
    if (batch.length === readingLimits.texts || characters + size > readingLimits.characters) {
      void send(batch);
      batch = [];
      characters = 0;
    }
    batch.push(text);
    characters += size;
  }
  queued.clear();
  if (batch.length) void send(batch);
}

async function send(texts: string[]) {
  for (const text of texts) inFlight.add(text);
  readingTimes.requests++;
  try {
    const { results } = await http.json('/api/reading', { method: 'POST', json: { texts }, schema: readingAnswerSchema });
    readingTimes.lastAnswerAt = performance.now();
    texts.forEach((text, i) => remember(text, results[i] ?? null));
  } catch {
    // The analyser is missing or failed: the lines stay plain, and the person hears it once.
    unavailableUntil = Date.now() + retryAfterMs;
    for (const text of texts) remember(text, null);
    if (!told) {
      told = true;
      toast(translate(common, 'furigana.unavailable'), 'warning');
    }
  } finally {
    for (const text of texts) inFlight.delete(text);
  }
}

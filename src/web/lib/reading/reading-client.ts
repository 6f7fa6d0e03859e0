import { readingAnswerSchema, readingLimits, characterCount, type ReadingToken } from '../../../common/reading';
import { http } from '../http/http-client';
import { common } from '../i18n/common';
import { translate } from '../i18n/i18n';
import { toast } from '../notify';

/**
 * The readings of texts (docs/decisions/0018-furigana.md), kept in the app's query cache (one
 * query per text, `['reading', text]`) and asked of the server in batches: every text whose query
 * starts within one task goes in one request (up to its limits), and each text's subscribers hear
 * when it arrives. A text whose reading cannot be had stays plain (null). The query client is
 * loaded with the first text asked for: screens without furigana do not carry it.
 */
type Listener = () => void;
type Readings = ReadingToken[] | null;
type QueryModule = typeof import('../query-client');

const retryAfterMs = 30_000;
/** How long a reading no longer on screen is kept (the query cache drops by age, not by count). */
const keptMs = 30 * 60_000;
let unavailableUntil = 0;
let told = false;
/** Tests and the bench: when the latest answer reached the page. */
export const readingTimes = { lastAnswerAt: 0, requests: 0 };

let queries: QueryModule | undefined;
let loading: Promise<QueryModule> | undefined;
const queryModule = () =>
  (loading ??= import('../query-client').then((module) => {
    queries = module;
    return module;
  }));

const readingKey = (text: string) => ['reading', text] as const;

/** The tokens of `text`: undefined while they are on their way, null when the text stays plain. */
export function readingOf(text: string): Readings | undefined {
  return queries?.queryClient.getQueryData<Readings>(readingKey(text));
}

/** Hears when `text`'s reading arrives; asks for it if it is neither known nor on its way. */
export function subscribeReading(text: string, listener: Listener): () => void {
  let live = true;
  let stop: (() => void) | undefined;
  void queryModule().then(({ queryClient, QueryObserver }) => {
    if (!live) return;
    const observer = new QueryObserver<Readings>(queryClient, {
      queryKey: readingKey(text),
      queryFn: () => load(text),
      // A text left plain by a failure is asked for again once the pause after it is over.
      staleTime: (query) => (query.state.data === null ? 0 : Infinity),
      gcTime: keptMs,
      retry: false,
      networkMode: 'always',
    });
    stop = observer.subscribe(listener);
    if (observer.getCurrentResult().data !== undefined) listener();
  });
  return () => {
    live = false;
    stop?.();
  };
}

interface Waiting {
  text: string;
  resolve: (readings: Readings) => void;
}
let queued: Waiting[] = [];
let flushTimer: ReturnType<typeof setTimeout> | undefined;

/** A text's query: joins the batch that goes out once this task is over. */
function load(text: string): Promise<Readings> {
  if (Date.now() < unavailableUntil || characterCount(text) > readingLimits.characters) return Promise.resolve(null);
  return new Promise((resolve) => {
    queued.push({ text, resolve });
    flushTimer ??= setTimeout(flush, 0);
  });
}

function flush() {
  flushTimer = undefined;
  const waiting = queued;
  queued = [];
  let batch: Waiting[] = [];
  let characters = 0;
  for (const item of waiting) {
    const size = characterCount(item.text);
    if (batch.length === readingLimits.texts || characters + size > readingLimits.characters) {
      void send(batch);
      batch = [];
      characters = 0;
    }
    batch.push(item);
    characters += size;
  }
  if (batch.length) void send(batch);
}

async function send(batch: Waiting[]) {
  readingTimes.requests++;
  try {
    const { results } = await http.json('/api/reading', { method: 'POST', json: { texts: batch.map((item) => item.text) }, schema: readingAnswerSchema });
    readingTimes.lastAnswerAt = performance.now();
    // The whole batch lands in one notification (one render), not one per text as each query settles.
    const { queryClient, notifyManager } = queries!;
    notifyManager.batch(() => batch.forEach((item, i) => queryClient.setQueryData<Readings>(readingKey(item.text), results[i] ?? null)));
    batch.forEach((item, i) => item.resolve(results[i] ?? null));
  } catch {
    // The analyser is missing or failed: the lines stay plain, and the person hears it once.
    unavailableUntil = Date.now() + retryAfterMs;
    for (const item of batch) item.resolve(null);
    if (!told) {
      told = true;
      toast(translate(common, 'furigana.unavailable'), 'warning');
    }
  }
}

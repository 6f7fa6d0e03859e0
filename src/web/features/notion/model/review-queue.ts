import { create } from 'zustand';
import type { PropertyValue } from './card-properties';
import { notionDb, type QueuedUpdate, type ReviewStamp } from './notion-db';
import { datePropertyNames, type NotionProperties } from './properties';
import { withLock } from '../../../lib/secure-context';

/**
 * The review-time queue: property updates (review time, due date, FSRS card state) wait in IndexedDB until Notion accepts them, so a reload, a
 * 429, a 5xx or going offline loses none. There is one pending update per page and property (a
 * newer value replaces the older one), and an update leaves the queue only once Notion has answered
 * 2xx — so nothing is sent twice except when the tab dies between Notion's answer and the delete,
 * where resending the same value is harmless. Tabs take turns through a Web Lock. A grade's
 * updates are held a few seconds first, so undo can take them back before they are sent.
 */

export interface SendGroup {
  pageId: string;
  entryId: string;
  properties: Record<string, PropertyValue>;
}
export interface SendFailure {
  status: number;
  retryAfter?: number;
  message: string;
}
/** Sends one PATCH; throws something with `status` (0 = no connection) on failure. */
export type Sender = (group: SendGroup) => Promise<void>;

interface QueueStatus {
  pending: number;
  lastError: string | null;
  sending: boolean;
}
export const useQueueStatus = create<QueueStatus>(() => ({ pending: 0, lastError: null, sending: false }));

const updateKey = (pageId: string, property: string) => `${pageId}|${property}`;
const maxBackoffMs = 5 * 60_000;
/** A refusal (bad token, property gone) is retried rarely: it needs the person to fix something. */
const refusedRetryMs = 10 * 60_000;

/** The review-time property: the entry's choice, else the first date property named like /review/i. */
export function reviewPropertyFor(chosen: string, properties: NotionProperties): string | undefined {
  const dates = datePropertyNames(properties);
  if (chosen) return dates.includes(chosen) ? chosen : undefined;
  return dates.find((name) => /review/i.test(name));
}

/** The due-date property: the entry's choice, else the date property named "Due", else the first other one named like /due|next/i. */
export function duePropertyFor(chosen: string, properties: NotionProperties, reviewProperty?: string): string | undefined {
  const dates = datePropertyNames(properties).filter((name) => name !== reviewProperty);
  if (chosen) return dates.includes(chosen) ? chosen : undefined;
  return dates.find((name) => name.toLowerCase() === 'due') ?? dates.find((name) => /due|next/i.test(name));
}

async function refreshStatus(error?: string | null) {
  // One PATCH per page: that is what waits, however many of its properties it carries.
  const pending = new Set((await notionDb().queue.toArray()).map((item) => item.pageId)).size;
  useQueueStatus.setState((state) => ({ pending, lastError: pending === 0 ? null : error === undefined ? state.lastError : error }));
}

export interface Update {
  pageId: string;
  property: string;
  entryId: string;
  value: PropertyValue;
}

export interface EnqueueOptions {
  now?: number;
  /** false leaves them for the next pass, so more updates of the page join the same PATCH. */
  send?: boolean;
  /** Not sent before this time (a grade's undo window). */
  notBefore?: number;
}

/** Queues updates, replacing any pending one of the same page and property; returns what they replaced. */
export async function enqueue(updates: Update[], { now = Date.now(), send = true, notBefore = now }: EnqueueOptions = {}): Promise<QueuedUpdate[]> {
  const database = notionDb();
  const replaced = await database.transaction('rw', database.queue, async () => {
    const keys = updates.map((update) => updateKey(update.pageId, update.property));
    const before = (await database.queue.bulkGet(keys)).filter((item): item is QueuedUpdate => item !== undefined);
    await database.queue.bulkPut(updates.map((update, index) => ({ key: keys[index], ...update, queuedAt: now, attempts: 0, nextAttemptAt: notBefore })));
    return before;
  });
  await refreshStatus();
  if (send) kick();
  else void scheduleNext();
  return replaced;
}

/**
 * Takes back updates queued at `queuedAt` that are still unsent, putting back what they replaced.
 * Runs under the queue's lock, so no PATCH of them is in flight; false when any was sent already.
 */
export async function takeBack(keys: string[], queuedAt: number, replaced: QueuedUpdate[]): Promise<boolean> {
  const database = notionDb();
  const done = await withQueueLock(() =>
    database.transaction('rw', database.queue, async () => {
      const current = await database.queue.bulkGet(keys);
      if (current.some((item) => !item || item.queuedAt !== queuedAt)) return false;
      await database.queue.bulkDelete(keys);
      await database.queue.bulkPut(replaced);
      return true;
    }),
  );
  await refreshStatus();
  return done;
}

export const queueKey = updateKey;

/**
 * Claims a page's review-time write unless one was claimed less than `intervalMinutes` ago (a
 * stamp per page in IndexedDB, so reloads count). Returns the stamp it replaced, for undo.
 */
export async function claimReviewTime(pageId: string, intervalMinutes: number, now = Date.now()): Promise<{ claimed: boolean; previous?: ReviewStamp }> {
  const database = notionDb();
  const windowMs = Math.max(0, intervalMinutes) * 60_000;
  return database.transaction('rw', database.stamps, async () => {
    const previous = await database.stamps.get(pageId);
    if (previous && now - previous.touchedAt < windowMs) return { claimed: false };
    await database.stamps.put({ pageId, touchedAt: now });
    return { claimed: true, previous };
  });
}

/**
 * Queues a review-time update for a page unless one was queued less than `intervalMinutes` ago.
 * Returns what happened, for the caller's status line.
 */
export async function touchReviewTime(
  options: { pageId: string; entryId: string; property: string; intervalMinutes: number },
  now = Date.now(),
): Promise<'queued' | 'recent'> {
  if (!(await claimReviewTime(options.pageId, options.intervalMinutes, now)).claimed) return 'recent';
  await enqueue([{ pageId: options.pageId, property: options.property, entryId: options.entryId, value: { date: { start: new Date(now).toISOString() } } }], { now });
  return 'queued';
}

let sender: Sender | null = null;
let running: Promise<void> | null = null;
let again = false;
let timer: ReturnType<typeof setTimeout> | undefined;

export function kick() {
  if (sender) void drain();
}

/** Sends everything that is due; concurrent calls share one pass (and ask for another). */
export function drain(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    try {
      do {
        again = false;
        await withQueueLock(() => drainOnce());
      } while (again);
    } finally {
      running = null;
    }
  })();
  return running;
}

/** One tab at a time drains the queue (Web Locks, or on plain http a lease: secure-context.ts). */
const withQueueLock = <T,>(work: () => Promise<T>): Promise<T> => withLock('kotonoha-notion-review-queue', work);

function isFailure(error: unknown): error is SendFailure {
  return typeof error === 'object' && error !== null && typeof (error as SendFailure).status === 'number';
}

async function drainOnce(now = Date.now()) {
  const send = sender;
  if (!send) return;
  const database = notionDb();
  const due = await database.queue.where('nextAttemptAt').belowOrEqual(now).toArray();
  const groups = new Map<string, QueuedUpdate[]>();
  for (const item of due) {
    const key = `${item.entryId}|${item.pageId}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  let lastError: string | null | undefined;
  if (due.length) useQueueStatus.setState({ sending: true });
  for (const items of groups.values()) {
    const group: SendGroup = {
      pageId: items[0].pageId,
      entryId: items[0].entryId,
      properties: Object.fromEntries(items.map((item) => [item.property, item.value])),
    };
    try {
      await send(group);
      await database.transaction('rw', database.queue, async () => {
        for (const item of items) {
          const current = await database.queue.get(item.key);
          // A newer value queued while this one was in flight stays for the next pass.
          if (current && current.queuedAt === item.queuedAt && JSON.stringify(current.value) === JSON.stringify(item.value)) await database.queue.delete(item.key);
        }
      });
      lastError = null;
    } catch (error) {
      const failure = isFailure(error) ? error : { status: 0, message: error instanceof Error ? error.message : String(error) };
      const attempts = items[0].attempts + 1;
      const wait =
        failure.status === 429
          ? (failure.retryAfter ?? 1) * 1000
          : failure.status === 0 || failure.status >= 500 || failure.status === 409
            ? Math.min(maxBackoffMs, 1000 * 2 ** Math.min(attempts, 10))
            : refusedRetryMs;
      await database.transaction('rw', database.queue, async () => {
        for (const item of items) {
          const current = await database.queue.get(item.key);
          if (current && current.queuedAt === item.queuedAt) await database.queue.put({ ...current, attempts, nextAttemptAt: Date.now() + wait, error: failure.message });
        }
      });
      lastError = failure.message;
    }
  }
  useQueueStatus.setState({ sending: false });
  await refreshStatus(lastError);
  await scheduleNext();
}

async function scheduleNext() {
  clearTimeout(timer);
  const next = await notionDb().queue.orderBy('nextAttemptAt').first();
  if (!next || !sender) return;
  timer = setTimeout(() => void drain(), Math.max(0, next.nextAttemptAt - Date.now()) + 50);
}

const onOnline = () => {
  // Back online: everything that failed is due now (a grade still in its undo window stays held).
  void notionDb()
    .queue.filter((item) => item.attempts > 0)
    .modify({ nextAttemptAt: 0 })
    .then(() => drain());
};

/** Starts sending queued updates with `send`; returns the stop function. */
export function startReviewQueue(send: Sender): () => void {
  sender = send;
  if (typeof window !== 'undefined') window.addEventListener('online', onOnline);
  void refreshStatus().then(() => drain());
  return () => {
    if (sender === send) sender = null;
    clearTimeout(timer);
    if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
  };
}

export async function pendingUpdates(): Promise<QueuedUpdate[]> {
  return notionDb().queue.toArray();
}

import { create } from 'zustand';
import { notionDb, type QueuedUpdate } from './notion-db';
import { datePropertyNames, type NotionProperties } from './properties';

/**
 * The review-time queue: date updates wait in IndexedDB until Notion accepts them, so a reload, a
 * 429, a 5xx or going offline loses none. There is one pending update per page and property (a
 * newer date replaces the older one), and an update leaves the queue only once Notion has answered
 * 2xx — so nothing is sent twice except when the tab dies between Notion's answer and the delete,
 * where resending the same date is harmless. Tabs take turns through a Web Lock.
 */

export interface SendGroup {
  pageId: string;
  entryId: string;
  properties: Record<string, { date: { start: string } }>;
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

/** The due-date property: the entry's choice, else the first other date property named like /due|next/i. */
export function duePropertyFor(chosen: string, properties: NotionProperties, reviewProperty?: string): string | undefined {
  const dates = datePropertyNames(properties).filter((name) => name !== reviewProperty);
  if (chosen) return dates.includes(chosen) ? chosen : undefined;
  return dates.find((name) => /due|next/i.test(name));
}

async function refreshStatus(error?: string | null) {
  const pending = await notionDb().queue.count();
  useQueueStatus.setState((state) => ({ pending, lastError: pending === 0 ? null : error === undefined ? state.lastError : error }));
}

/** Queues a date; `send: false` leaves it for the next pass, so updates of one page go out as one PATCH. */
export async function enqueueDate(update: { pageId: string; property: string; entryId: string; date: string }, now = Date.now(), send = true): Promise<void> {
  await notionDb().queue.put({ key: updateKey(update.pageId, update.property), ...update, queuedAt: now, attempts: 0, nextAttemptAt: now });
  await refreshStatus();
  if (send) kick();
}

/**
 * Queues a review-time update for a page unless one was queued less than `intervalMinutes` ago.
 * Returns what happened, for the caller's status line.
 */
export async function touchReviewTime(
  options: { pageId: string; entryId: string; property: string; intervalMinutes: number },
  now = Date.now(),
): Promise<'queued' | 'recent'> {
  const database = notionDb();
  const windowMs = Math.max(0, options.intervalMinutes) * 60_000;
  const queued = await database.transaction('rw', database.stamps, async () => {
    const stamp = await database.stamps.get(options.pageId);
    if (stamp && now - stamp.touchedAt < windowMs) return false;
    await database.stamps.put({ pageId: options.pageId, touchedAt: now });
    return true;
  });
  if (!queued) return 'recent';
  await enqueueDate({ pageId: options.pageId, property: options.property, entryId: options.entryId, date: new Date(now).toISOString() }, now);
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
        await withLock(() => drainOnce());
      } while (again);
    } finally {
      running = null;
    }
  })();
  return running;
}

async function withLock(work: () => Promise<void>) {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return work();
  await locks.request('kotonoha-notion-review-queue', work);
}

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
      properties: Object.fromEntries(items.map((item) => [item.property, { date: { start: item.date } }])),
    };
    try {
      await send(group);
      await database.transaction('rw', database.queue, async () => {
        for (const item of items) {
          const current = await database.queue.get(item.key);
          // A newer date queued while this one was in flight stays for the next pass.
          if (current && current.queuedAt === item.queuedAt && current.date === item.date) await database.queue.delete(item.key);
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
  // Back online: everything waiting is due now.
  void notionDb()
    .queue.toCollection()
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

import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notionDb } from './notion-db';
import { drain, duePropertyFor, enqueue, pendingUpdates, reviewPropertyFor, startReviewQueue, takeBack, touchReviewTime, type SendGroup, type Update } from './review-queue';

const dateUpdate = (update: Omit<Update, 'value'> & { date: string }): Update => ({ pageId: update.pageId, property: update.property, entryId: update.entryId, value: { date: { start: update.date } } });

let stop: () => void = () => {};
const sent: SendGroup[] = [];
let replies: Array<{ status: number; retryAfter?: number; message: string } | 'ok'> = [];

beforeEach(async () => {
  await notionDb().queue.clear();
  await notionDb().stamps.clear();
  sent.length = 0;
  replies = [];
  stop = startReviewQueue(async (group) => {
    sent.push(group);
    const reply = replies.shift() ?? 'ok';
    if (reply !== 'ok') throw reply;
  });
  await drain();
});
afterEach(() => stop());

const makeDue = () => notionDb().queue.toCollection().modify({ nextAttemptAt: 0 });

describe('review-time queue', () => {
  it('keeps one pending update per page and property, the newest date winning', async () => {
    replies = [{ status: 503, message: 'down' }];
    await enqueue([dateUpdate({ pageId: 'p1', property: 'Review Time', entryId: 'e', date: '2025-01-01' })]);
    await drain();
    await enqueue([dateUpdate({ pageId: 'p1', property: 'Review Time', entryId: 'e', date: '2025-01-02' })]);
    await drain();
    const pending = await pendingUpdates();
    expect(pending).toHaveLength(0);
    expect(sent.map((group) => group.properties['Review Time'])).toEqual([{ date: { start: '2025-01-01' } }, { date: { start: '2025-01-02' } }]);
  });

  it('retries 429 after Retry-After and 5xx with backoff until accepted, and sends nothing twice once accepted', async () => {
    replies = [{ status: 429, retryAfter: 30, message: 'rate limited' }, { status: 500, message: 'boom' }];
    await enqueue([dateUpdate({ pageId: 'p2', property: 'Review Time', entryId: 'e', date: '2025-03-01' })]);
    await drain();
    let [item] = await pendingUpdates();
    expect(item.attempts).toBe(1);
    expect(item.nextAttemptAt - Date.now()).toBeGreaterThan(25_000);
    await drain();
    expect(sent).toHaveLength(1);
    await makeDue();
    await drain();
    [item] = await pendingUpdates();
    expect(item.attempts).toBe(2);
    expect(item.error).toBe('boom');
    await makeDue();
    await drain();
    expect(await pendingUpdates()).toHaveLength(0);
    await drain();
    expect(sent).toHaveLength(3);
  });

  it('groups the review time and due date of one page into one PATCH', async () => {
    stop();
    await enqueue([dateUpdate({ pageId: 'p3', property: 'Review Time', entryId: 'e', date: '2025-03-01' })]);
    await enqueue([dateUpdate({ pageId: 'p3', property: 'Next Due', entryId: 'e', date: '2025-03-07' })]);
    stop = startReviewQueue(async (group) => void sent.push(group));
    await drain();
    expect(sent).toHaveLength(1);
    expect(Object.keys(sent[0].properties).sort()).toEqual(['Next Due', 'Review Time']);
  });

  it('touches a page at most once per interval', async () => {
    const now = Date.UTC(2025, 0, 1);
    expect(await touchReviewTime({ pageId: 'p4', entryId: 'e', property: 'Review Time', intervalMinutes: 5 }, now)).toBe('queued');
    expect(await touchReviewTime({ pageId: 'p4', entryId: 'e', property: 'Review Time', intervalMinutes: 5 }, now + 4 * 60_000)).toBe('recent');
    expect(await touchReviewTime({ pageId: 'p4', entryId: 'e', property: 'Review Time', intervalMinutes: 5 }, now + 6 * 60_000)).toBe('queued');
  });

  it('finds the review and due properties by name or by choice', () => {
    const properties = { Word: { type: 'title' }, 'Last review': { type: 'date' }, 'Next Due': { type: 'date' }, Added: { type: 'date' } };
    expect(reviewPropertyFor('', properties)).toBe('Last review');
    expect(reviewPropertyFor('Added', properties)).toBe('Added');
    expect(reviewPropertyFor('Missing', properties)).toBeUndefined();
    expect(duePropertyFor('', properties, 'Last review')).toBe('Next Due');
    // docs/storage.md "Settings additions": a property named Due, in any case, comes first.
    expect(duePropertyFor('', { ...properties, DUE: { type: 'date' } }, 'Last review')).toBe('DUE');
  });

  it('holds a grade\'s updates until its undo window ends, and sends them as one PATCH with numbers and selects', async () => {
    const now = Date.now();
    const updates: Update[] = [
      { pageId: 'p5', property: 'Due', entryId: 'e', value: { date: { start: '2025-03-07' } } },
      { pageId: 'p5', property: 'Stability', entryId: 'e', value: { number: 3.17 } },
      { pageId: 'p5', property: 'State', entryId: 'e', value: { select: { name: 'Review' } } },
    ];
    await enqueue(updates, { now, notBefore: now + 60_000 });
    await drain();
    expect(sent).toHaveLength(0);
    await makeDue();
    await drain();
    expect(sent).toEqual([{ pageId: 'p5', entryId: 'e', properties: { Due: { date: { start: '2025-03-07' } }, Stability: { number: 3.17 }, State: { select: { name: 'Review' } } } }]);
  });

  it('takes back held updates, restoring what they replaced; nothing once sent', async () => {
    replies = [{ status: 503, message: 'down' }];
    await enqueue([dateUpdate({ pageId: 'p6', property: 'Review Time', entryId: 'e', date: '2025-01-01' })]);
    await drain();
    const [earlier] = await pendingUpdates();
    const now = Date.now() + 1;
    const replaced = await enqueue([dateUpdate({ pageId: 'p6', property: 'Review Time', entryId: 'e', date: '2025-01-02' }), dateUpdate({ pageId: 'p6', property: 'Due', entryId: 'e', date: '2025-01-09' })], { now, notBefore: now + 60_000 });
    expect(replaced).toEqual([earlier]);
    expect(await takeBack(['p6|Review Time', 'p6|Due'], now, replaced)).toBe(true);
    expect(await pendingUpdates()).toEqual([earlier]);

    const later = Date.now();
    const again = await enqueue([dateUpdate({ pageId: 'p7', property: 'Due', entryId: 'e', date: '2025-01-09' })], { now: later });
    await drain();
    expect(sent.at(-1)?.pageId).toBe('p7');
    expect(await takeBack(['p7|Due'], later, again)).toBe(false);
  });
});

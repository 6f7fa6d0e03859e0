import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notionDb } from './notion-db';
import { drain, duePropertyFor, enqueueDate, pendingUpdates, reviewPropertyFor, startReviewQueue, touchReviewTime, type SendGroup } from './review-queue';

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
    await enqueueDate({ pageId: 'p1', property: 'Review Time', entryId: 'e', date: '2025-01-01' });
    await drain();
    await enqueueDate({ pageId: 'p1', property: 'Review Time', entryId: 'e', date: '2025-01-02' });
    await drain();
    const pending = await pendingUpdates();
    expect(pending).toHaveLength(0);
    expect(sent.map((group) => group.properties['Review Time'].date.start)).toEqual(['2025-01-01', '2025-01-02']);
  });

  it('retries 429 after Retry-After and 5xx with backoff until accepted, and sends nothing twice once accepted', async () => {
    replies = [{ status: 429, retryAfter: 30, message: 'rate limited' }, { status: 500, message: 'boom' }];
    await enqueueDate({ pageId: 'p2', property: 'Review Time', entryId: 'e', date: '2025-03-01' });
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
    await enqueueDate({ pageId: 'p3', property: 'Review Time', entryId: 'e', date: '2025-03-01' });
    await enqueueDate({ pageId: 'p3', property: 'Next Due', entryId: 'e', date: '2025-03-07' });
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
  });
});

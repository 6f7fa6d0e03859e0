import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { storedCards } from './due';
import { State } from './fsrs';
import { notionDb } from './notion-db';

describe('the upgrade from SM-2 (database version 1)', () => {
  it('turns queued dates into property values; review mode converts each SM-2 state to an FSRS card once', async () => {
    const old = new Dexie('kotonoha-notion');
    old.version(1).stores({ rows: 'key, [scope+order], scope', meta: 'scope', queue: 'key, nextAttemptAt', stamps: 'pageId', reviews: 'pageId' });
    const reviewedAt = Date.UTC(2025, 0, 1);
    await old.table('reviews').bulkPut([
      { pageId: 'p1', reviewedAt, repetitions: 3, interval: 15, ease: 2.5 },
      { pageId: 'p2', reviewedAt, repetitions: 0, interval: 0, ease: 2.5 },
    ]);
    await old.table('queue').put({ key: 'p1|Review Time', pageId: 'p1', property: 'Review Time', entryId: 'e', date: '2025-01-01', queuedAt: 1, attempts: 0, nextAttemptAt: 1 });
    old.close();

    const database = notionDb();
    expect(database.verno).toBe(2);
    const [queued] = await database.queue.toArray();
    expect(queued.value).toEqual({ date: { start: '2025-01-01' } });
    expect(queued).not.toHaveProperty('date');

    // Review mode converts the SM-2 states when it first opens, and only then.
    const kept = await storedCards();
    expect([...kept.keys()]).toEqual(['p1']);
    const cards = await database.cards.toArray();
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ pageId: 'p1', due: reviewedAt + 15 * 86_400_000, reps: 3, state: State.Review, lastReview: reviewedAt });
    expect(cards[0].stability).toBeCloseTo(15, 6);
    expect(await database.reviews.count()).toBe(0);
    await database.cards.update('p1', { reps: 9 });
    expect((await storedCards()).get('p1')!.reps).toBe(9);
  });
});

import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { cardPropertyNames, readCard } from '../model/card-properties';
import type { NotionEntry } from '../model/entries';
import { gradeCard, localDay, State } from '../model/fsrs';
import { notionDb, type CachedRow } from '../model/notion-db';
import { entryScope } from '../model/use-entries';
import { gradeRow, undoGrade, undoWindowMs } from './grading';

const none = { lastReview: '', stability: '', difficulty: '', reps: '', lapses: '', state: '' };
const entry: NotionEntry = {
  id: 'e1', name: 'Vocabulary', token: 't', updateToken: 't', databaseId: '0123456789abcdef0123456789abcdef', updateReviewTime: true, paginate: false, sql: '',
  reviewProperty: '', dueProperty: '', cardProperties: none, mapping: { word: '', reading: '', meaning: '', example: '' },
};

function row(id: string, properties: CachedRow['properties']): CachedRow {
  const scope = entryScope(entry);
  return { key: `${scope}|${id}`, scope, id, order: 0, url: '', createdTime: '', lastEditedTime: '', text: '', properties };
}

const withState = row('p1', {
  Word: { type: 'title', title: [{ plain_text: '勉強' }] },
  'Review Time': { id: 'Rv', type: 'date', date: { start: '2025-05-20T08:00:00.000Z' } },
  Due: { id: 'Du', type: 'date', date: { start: '2025-06-01' } },
  Stability: { id: 'St', type: 'number', number: 12 },
  Difficulty: { id: 'Di', type: 'number', number: 5.5 },
  Reps: { type: 'number', number: 3 },
  Lapses: { type: 'number', number: 0 },
  State: { type: 'select', select: { name: 'Review' } },
  'Last review': { type: 'date', date: { start: '2025-05-20T08:00:00.000Z' } },
});

beforeEach(async () => {
  const database = notionDb();
  await Promise.all([database.queue.clear(), database.cards.clear(), database.log.clear(), database.stamps.clear(), database.rows.clear()]);
});

describe('a grade', () => {
  it('continues the state kept in Notion, queues it all as one held PATCH, keeps and logs it; undo puts everything back', async () => {
    const database = notionDb();
    await database.rows.put(withState);
    const now = new Date('2025-06-01T10:00:00Z');
    const result = await gradeRow(entry, withState, 3, { shownAt: now.getTime() - 3000, now, fuzz: false });

    const expected = gradeCard(readCard(withState.properties, cardPropertyNames(entry, withState.properties, 'Due'), now), 3, now, { retention: 0.9, fuzz: false });
    expect(result.card).toEqual(expected.card);
    expect(result.due).toBe(localDay(expected.card.due));
    expect(result.sendsAt).toBe(now.getTime() + undoWindowMs);

    const queued = await database.queue.toArray();
    expect(Object.fromEntries(queued.map((item) => [item.property, item.value]))).toEqual({
      'Review Time': { date: { start: now.toISOString() } },
      Due: { date: { start: result.due } },
      'Last review': { date: { start: now.toISOString() } },
      Stability: { number: expected.card.stability },
      Difficulty: { number: expected.card.difficulty },
      Reps: { number: 4 },
      Lapses: { number: 0 },
      State: { select: { name: 'Review' } },
    });
    expect(new Set(queued.map((item) => item.nextAttemptAt))).toEqual(new Set([result.sendsAt]));
    expect((await database.rows.get(withState.key))!.properties.Stability).toEqual({ id: 'St', type: 'number', number: expected.card.stability });
    expect(await database.cards.get('p1')).toMatchObject({ stability: expected.card.stability });
    expect(await database.log.toArray()).toEqual([expect.objectContaining({ entryId: 'e1', pageId: 'p1', rating: 3, state: State.Review, duration: 3000, reviewedAt: now.getTime() })]);

    expect(await undoGrade(result.undo)).toBe(true);
    expect(await database.queue.count()).toBe(0);
    expect(await database.cards.count()).toBe(0);
    expect(await database.log.count()).toBe(0);
    expect(await database.stamps.count()).toBe(0);
    expect(await database.rows.get(withState.key)).toEqual(withState);
  });

  it('once its PATCH has gone, it can no longer be taken back', async () => {
    await notionDb().rows.put(withState);
    const result = await gradeRow(entry, withState, 4, { shownAt: Date.now(), fuzz: false });
    await notionDb().queue.clear();
    expect(await undoGrade(result.undo)).toBe(false);
    expect(await notionDb().cards.count()).toBe(1);
  });

  it('in a database without date properties the schedule stays here: nothing queued, the next grade continues the kept card', async () => {
    const bare = row('p2', { Word: { type: 'title', title: [{ plain_text: '猫' }] }, Meaning: { type: 'rich_text', rich_text: [] } });
    const first = await gradeRow(entry, bare, 3, { shownAt: 0, now: new Date('2025-06-01T10:00:00Z'), fuzz: false });
    expect(first.sendsAt).toBe(0);
    expect(await notionDb().queue.count()).toBe(0);
    const second = await gradeRow(entry, bare, 3, { shownAt: 0, now: new Date(first.card.due), fuzz: false });
    expect(second.card.reps).toBe(2);
    expect(second.days).toBeGreaterThan(first.days);
  });

  it('a word with only a review time and a due date continues from them', async () => {
    const pair = row('p3', {
      Word: { type: 'title', title: [{ plain_text: '雨' }] },
      'Review Time': { type: 'date', date: { start: '2025-05-01T00:00:00.000Z' } },
      'Next Due': { type: 'date', date: { start: '2025-05-21' } },
    });
    const result = await gradeRow(entry, pair, 3, { shownAt: 0, now: new Date('2025-05-21T09:00:00Z'), fuzz: false });
    expect(result.days).toBeGreaterThan(20);
    expect((await notionDb().queue.toArray()).map((item) => item.property).sort()).toEqual(['Next Due', 'Review Time']);
  });
});

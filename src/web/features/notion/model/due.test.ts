import { describe, expect, it } from 'vitest';
import { dueForecast, dueOrder, measuredRetention, reviewLogCsv } from './due';
import type { NotionEntry } from './entries';
import { State } from './fsrs';
import type { CachedRow, ReviewLogEntry, StoredCard } from './notion-db';

const entry = { reviewProperty: '', dueProperty: '', cardProperties: { lastReview: '', stability: '', difficulty: '', reps: '', lapses: '', state: '' } } as NotionEntry;
const now = new Date(2025, 5, 10, 12).getTime();
const day = (offset: number) => {
  const date = new Date(2025, 5, 10 + offset);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

function row(id: string, order: number, due?: string | null, reviewed?: string): CachedRow {
  return {
    key: `s|${id}`, scope: 's', id, order, url: '', createdTime: '', lastEditedTime: '', text: '',
    properties: {
      Word: { type: 'title', title: [{ plain_text: id }] },
      'Review time': { type: 'date', date: reviewed ? { start: reviewed } : null },
      ...(due === undefined ? {} : { Due: { type: 'date', date: due ? { start: due } : null } }),
    },
  };
}
const card = (pageId: string, due: number): StoredCard => ({ pageId, due, stability: 5, difficulty: 5, reps: 1, lapses: 0, state: State.Review, lastReview: due - 5 * 86_400_000 });

describe('what is due', () => {
  it('due words: no due date or due up to today, oldest review first; without a due property the card kept here decides', () => {
    const rows = [row('later', 0, day(3), '2025-06-01'), row('today', 1, day(0), '2025-06-02'), row('never', 2, null), row('overdue', 3, day(-40), '2025-04-01')];
    expect(dueOrder(rows, entry, new Map(), now).map((r) => r.id)).toEqual(['never', 'overdue', 'today']);
    const local = [row('a', 0), row('b', 1), row('c', 2)];
    const cards = new Map([['a', card('a', now + 5 * 86_400_000)], ['b', card('b', now - 86_400_000)]]);
    expect(dueOrder(local, entry, cards, now).map((r) => r.id)).toEqual(['c', 'b']);
  });

  it('a grade not yet in Notion counts over the page; a later review from another browser counts over the kept card', () => {
    const stale = row('w', 0, day(-2), '2025-06-01T08:00:00.000Z');
    const graded = { ...card('w', now + 4 * 86_400_000), lastReview: now - 60_000 };
    expect(dueOrder([stale], entry, new Map([['w', graded]]), now)).toEqual([]);
    const elsewhere = row('w', 0, day(-1), new Date(now - 30_000).toISOString());
    expect(dueOrder([elsewhere], entry, new Map([['w', graded]]), now).map((r) => r.id)).toEqual(['w']);
  });

  it('the forecast counts scheduled words per day for 30 days, overdue ones today, never-scheduled ones not at all', () => {
    const rows = [row('o', 0, day(-400)), row('t', 1, day(0)), row('t2', 2, day(0)), row('d3', 3, day(3)), row('d29', 4, day(29)), row('d30', 5, day(30)), row('n', 6, null), row('local', 7)];
    const counts = dueForecast(rows, entry, new Map([['local', card('local', now + 3 * 86_400_000)]]), now);
    expect(counts).toHaveLength(30);
    expect(counts[0]).toBe(3);
    expect(counts[3]).toBe(2);
    expect(counts[29]).toBe(1);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(6);
  });
});

const log = (reviewedAt: number, rating: 1 | 2 | 3 | 4, state: State, pageId = 'p'): ReviewLogEntry => ({ entryId: 'e', pageId, reviewedAt, rating, state, duration: 4200.4, days: 3 });

describe('measured retention', () => {
  it('counts reviews of words seen before in the last 30 days; "again" is a lapse', () => {
    const entries = [log(now - 86_400_000, 3, State.Review), log(now - 2 * 86_400_000, 1, State.Review), log(now - 3 * 86_400_000, 2, State.Review), log(now - 86_400_000, 1, State.New), log(now - 31 * 86_400_000, 1, State.Review)];
    expect(measuredRetention(entries, now)).toEqual({ passed: 2, total: 3 });
    expect(measuredRetention([], now)).toEqual({ passed: 0, total: 0 });
  });
});

describe('review log CSV', () => {
  it('has the columns FSRS\'s optimiser reads, oldest first, times in ms', () => {
    const csv = reviewLogCsv([log(1_717_000_100_000, 3, State.Review, 'page-2'), log(1_717_000_000_000, 4, State.New, '1f9c-page')]);
    expect(csv).toBe('card_id,review_time,review_rating,review_state,review_duration\n1f9c-page,1717000000000,4,0,4200\npage-2,1717000100000,3,2,4200\n');
    expect(reviewLogCsv([log(1, 3, State.Review, 'a,"b"')])).toContain('"a,""b""",1,3,2,4200');
  });
});

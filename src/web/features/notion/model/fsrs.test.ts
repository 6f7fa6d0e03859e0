import { createEmptyCard, fsrs, Rating, State, type Card } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { fromReviewPair, fromSm2, gradeCard, localDay, memoryFromSm2, type CardState, type Grade } from './fsrs';

const dayMs = 86_400_000;
const at = (iso: string) => new Date(iso);

/** Replays grades through our wrapper, the state stored between reviews as IndexedDB and Notion keep it. */
function replay(history: Array<[string, Grade]>, retention: number) {
  let card: CardState | null = null;
  return history.map(([time, grade]) => {
    const result = gradeCard(card, grade, at(time), { retention, fuzz: false });
    card = JSON.parse(JSON.stringify(result.card)) as CardState;
    return result;
  });
}

/** The same history straight through ts-fsrs with the parameters the issue asks for. */
function reference(history: Array<[string, Grade]>, retention: number) {
  const scheduler = fsrs({ request_retention: retention, enable_fuzz: false, enable_short_term: false, learning_steps: [], relearning_steps: [] });
  let card: Card = createEmptyCard(at(history[0][0]));
  return history.map(([time, grade]) => {
    card = scheduler.next(card, at(time), grade as Rating.Again).card;
    return card;
  });
}

const histories: Array<[string, Array<[string, Grade]>]> = [
  ['good every time, on the day', [['2025-01-01T09:00:00Z', 3], ['2025-01-04T09:00:00Z', 3], ['2025-01-16T09:00:00Z', 3], ['2025-02-20T09:00:00Z', 3]]],
  ['a lapse and relearning', [['2025-01-01T09:00:00Z', 3], ['2025-01-04T20:00:00Z', 3], ['2025-01-20T08:00:00Z', 1], ['2025-01-21T08:00:00Z', 2], ['2025-01-25T08:00:00Z', 3]]],
  ['easy, then late', [['2025-03-01T12:00:00Z', 4], ['2025-03-30T12:00:00Z', 4], ['2026-01-01T12:00:00Z', 3]]],
  ['hard all along', [['2025-05-01T07:00:00Z', 2], ['2025-05-02T07:00:00Z', 2], ['2025-05-05T07:00:00Z', 2], ['2025-05-10T07:00:00Z', 1]]],
];

describe('FSRS-6 through ts-fsrs', () => {
  for (const [name, history] of histories) {
    for (const retention of [0.9, 0.8, 0.97]) {
      it(`${name}, retention ${retention}: the due dates are ts-fsrs's`, () => {
        const ours = replay(history, retention);
        const theirs = reference(history, retention);
        expect(ours.map((result) => new Date(result.card.due).toISOString())).toEqual(theirs.map((card) => card.due.toISOString()));
        expect(ours.map((result) => result.card.stability)).toEqual(theirs.map((card) => card.stability));
        expect(ours.map((result) => [result.card.reps, result.card.lapses, result.card.state])).toEqual(theirs.map((card) => [card.reps, card.lapses, card.state]));
      });
    }
  }

  it('schedules in days: every grade, "again" included, is at least a day away', () => {
    for (const [, history] of histories) {
      for (const [index, result] of replay(history, 0.95).entries()) {
        expect(result.days).toBeGreaterThanOrEqual(1);
        expect(result.card.due - at(history[index][0]).getTime()).toBeGreaterThanOrEqual(dayMs);
      }
    }
  });

  it('a higher desired retention gives shorter intervals', () => {
    const history: Array<[string, Grade]> = [['2025-01-01T09:00:00Z', 3], ['2025-01-10T09:00:00Z', 3], ['2025-02-10T09:00:00Z', 3]];
    const low = replay(history, 0.75).at(-1)!.days;
    const high = replay(history, 0.97).at(-1)!.days;
    expect(high).toBeLessThan(low);
  });

  it('fuzz (on outside tests) moves long intervals a little, never below a day', () => {
    const card: CardState = { due: at('2025-06-01T00:00:00Z').getTime(), stability: 60, difficulty: 5, reps: 5, lapses: 0, state: State.Review, lastReview: at('2025-04-01T00:00:00Z').getTime() };
    const plain = gradeCard(card, 3, at('2025-06-01T10:00:00Z'), { retention: 0.9, fuzz: false }).days;
    const fuzzed = gradeCard(card, 3, at('2025-06-01T10:00:00Z'), { retention: 0.9, fuzz: true }).days;
    expect(Math.abs(fuzzed - plain)).toBeLessThanOrEqual(Math.ceil(plain * 0.15));
    expect(fuzzed).toBeGreaterThanOrEqual(1);
  });

  it('writes due days on the local calendar', () => {
    expect(localDay(new Date(2025, 0, 30, 23, 30))).toBe('2025-01-30');
  });
});

describe('existing schedules continue', () => {
  it('an SM-2 state becomes a card due where SM-2 put it, with the interval as stability (fsrs-rs memory_state_from_sm2 at 0.9)', () => {
    const reviewedAt = at('2025-01-01T10:00:00Z').getTime();
    const card = fromSm2({ reviewedAt, repetitions: 3, interval: 15, ease: 2.5 })!;
    expect(card.due).toBe(reviewedAt + 15 * dayMs);
    expect(card.stability).toBeCloseTo(15, 6);
    expect(card).toMatchObject({ reps: 3, lapses: 0, state: State.Review, lastReview: reviewedAt });
    expect(card.difficulty).toBeGreaterThanOrEqual(1);
    expect(card.difficulty).toBeLessThanOrEqual(10);
    // A higher ease is an easier word.
    expect(memoryFromSm2(2.8, 15).difficulty).toBeLessThan(memoryFromSm2(1.5, 15).difficulty);
    // An SM-2 state that never got an interval is a new word.
    expect(fromSm2({ reviewedAt, repetitions: 0, interval: 0, ease: 2.5 })).toBeNull();
  });

  it('a converted word reviewed on time with "good" gets a longer interval than it had, not a fresh start', () => {
    const reviewedAt = at('2025-01-01T10:00:00Z').getTime();
    const card = fromSm2({ reviewedAt, repetitions: 4, interval: 20, ease: 2.5 })!;
    const next = gradeCard(card, 3, new Date(card.due), { retention: 0.9, fuzz: false });
    expect(next.days).toBeGreaterThan(20);
    expect(gradeCard(null, 3, new Date(card.due), { retention: 0.9, fuzz: false }).days).toBeLessThan(10);
  });

  it('a bare review time and due date give the last interval', () => {
    const now = at('2025-03-01T00:00:00Z');
    const card = fromReviewPair(at('2025-01-01T00:00:00Z'), at('2025-01-11T00:00:00Z'), now)!;
    expect(card.stability).toBeCloseTo(10, 6);
    expect(card.due).toBe(at('2025-01-11T00:00:00Z').getTime());
    expect(fromReviewPair(null, at('2025-01-11T00:00:00Z'), now)).toBeNull();
    expect(fromReviewPair(at('2025-01-11T00:00:00Z'), at('2025-01-11T00:00:00Z'), now)).toBeNull();
    // A review time "in the future" counts as now: no negative elapsed time.
    expect(fromReviewPair(at('2030-01-01T00:00:00Z'), at('2030-02-01T00:00:00Z'), now)!.lastReview).toBe(now.getTime());
  });
});

import { describe, expect, it } from 'vitest';
import { asPageProperty } from '../api/review-updates';
import { cardPropertyNames, cardValues, readCard } from './card-properties';
import { gradeCard, State, type CardState } from './fsrs';
import type { NotionProperties } from './properties';

const none = { lastReview: '', stability: '', difficulty: '', reps: '', lapses: '', state: '' };
const now = new Date('2025-06-01T10:00:00Z');

function page(values: { stability?: unknown; difficulty?: unknown; state?: unknown; due?: string | null; last?: string | null } = {}): NotionProperties {
  return {
    Word: { type: 'title', title: [{ plain_text: '猫' }] },
    due: { type: 'date', date: values.due === null ? null : { start: values.due ?? '2025-05-30' } },
    'LAST REVIEW': { type: 'date', date: values.last === null ? null : { start: values.last ?? '2025-05-20T08:00:00.000Z' } },
    stability: { type: 'number', number: values.stability === undefined ? 10.5 : values.stability },
    Difficulty: { type: 'number', number: values.difficulty === undefined ? 6.2 : values.difficulty },
    Reps: { type: 'number', number: 4 },
    Lapses: { type: 'number', number: 1 },
    State: values.state === undefined ? { type: 'select', select: { name: 'Review' } } : (values.state as NotionProperties[string]),
  };
}

describe('card state in Notion properties', () => {
  it('finds each property by its name in any case, or by the entry\'s choice', () => {
    const names = cardPropertyNames({ cardProperties: none }, page(), 'due');
    expect(names).toEqual({ due: 'due', lastReview: 'LAST REVIEW', stability: 'stability', difficulty: 'Difficulty', reps: 'Reps', lapses: 'Lapses', state: 'State', stateIsNumber: false, wrongType: [] });
    const chosen = cardPropertyNames({ cardProperties: { ...none, stability: 'Memory' } }, { ...page(), Memory: { type: 'number', number: 3 } });
    expect(chosen.stability).toBe('Memory');
  });

  it('reads a card and writes it back in the same shapes', () => {
    const names = cardPropertyNames({ cardProperties: none }, page(), 'due');
    const card = readCard(page(), names, now)!;
    expect(card).toEqual({ due: new Date('2025-05-30').getTime(), stability: 10.5, difficulty: 6.2, reps: 4, lapses: 1, state: State.Review, lastReview: new Date('2025-05-20T08:00:00.000Z').getTime() });
    expect(cardValues(card, names, '2025-05-30')).toEqual({
      due: { date: { start: '2025-05-30' } },
      'LAST REVIEW': { date: { start: '2025-05-20T08:00:00.000Z' } },
      stability: { number: 10.5 },
      Difficulty: { number: 6.2 },
      Reps: { number: 4 },
      Lapses: { number: 1 },
      State: { select: { name: 'Review' } },
    });
    expect(asPageProperty({ select: { name: 'Review' } }, 'St')).toEqual({ id: 'St', type: 'select', select: { name: 'Review' } });
  });

  it('takes State as a number 0–3 too, and writes it as a number there', () => {
    const properties = page({ state: { type: 'number', number: 3 } });
    const names = cardPropertyNames({ cardProperties: none }, properties, 'due');
    expect(names.stateIsNumber).toBe(true);
    const card = readCard(properties, names, now)!;
    expect(card.state).toBe(State.Relearning);
    expect(cardValues(card, names, '2025-06-02').State).toEqual({ number: 3 });
  });

  it('leaves alone a property of the wrong type (text where a number belongs): not read, not written, named', () => {
    const properties = { ...page(), Stability: undefined, stability: { type: 'rich_text', rich_text: [{ plain_text: '12' }] } } as unknown as NotionProperties;
    delete properties.Stability;
    const names = cardPropertyNames({ cardProperties: none }, properties, 'due');
    expect(names.stability).toBeUndefined();
    expect(names.wrongType).toEqual(['stability']);
    expect(readCard(properties, names, now)).toBeNull();
    const card: CardState = { due: 0, stability: 2, difficulty: 5, reps: 1, lapses: 0, state: State.Review, lastReview: 0 };
    expect(Object.keys(cardValues(card, names, '2025-06-02'))).not.toContain('stability');
  });

  it('does not trust a negative, zero or absurd stability, nor a difficulty that is not a number', () => {
    for (const stability of [-3, 0, 1e9, null]) {
      const properties = page({ stability });
      expect(readCard(properties, cardPropertyNames({ cardProperties: none }, properties, 'due'), now), String(stability)).toBeNull();
    }
    const properties = page({ difficulty: null });
    expect(readCard(properties, cardPropertyNames({ cardProperties: none }, properties, 'due'), now)).toBeNull();
    // A difficulty off the 1–10 scale is brought onto it.
    const off = page({ difficulty: 42 });
    expect(readCard(off, cardPropertyNames({ cardProperties: none }, off, 'due'), now)!.difficulty).toBe(10);
  });

  it('a due date in the far past: the next grade is still at least a day from now, with a finite memory', () => {
    const properties = page({ due: '1999-01-01', last: '1998-12-01T00:00:00.000Z', stability: 30 });
    const card = readCard(properties, cardPropertyNames({ cardProperties: none }, properties, 'due'), now)!;
    for (const grade of [1, 2, 3, 4] as const) {
      const next = gradeCard(card, grade, now, { retention: 0.9, fuzz: false });
      expect(next.card.due - now.getTime()).toBeGreaterThanOrEqual(86_400_000);
      expect(Number.isFinite(next.card.stability) && next.card.stability > 0).toBe(true);
      expect(next.card.difficulty).toBeGreaterThanOrEqual(1);
    }
  });

  it('a last review in the future counts as now; an unknown State reads as Review; "New" as no state', () => {
    const future = page({ last: '2031-01-01T00:00:00.000Z', state: { type: 'select', select: { name: 'whatever' } } });
    const card = readCard(future, cardPropertyNames({ cardProperties: none }, future, 'due'), now)!;
    expect(card.lastReview).toBe(now.getTime());
    expect(card.state).toBe(State.Review);
    const fresh = page({ state: { type: 'select', select: { name: 'new' } } });
    expect(readCard(fresh, cardPropertyNames({ cardProperties: none }, fresh, 'due'), now)).toBeNull();
  });
});

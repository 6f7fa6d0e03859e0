import { describe, expect, it } from 'vitest';
import { dueDate, inferState, initialReviewState, schedule } from './sm2';

describe('SM-2 scheduling', () => {
  it('grows 1, 6, then by the ease factor on good answers', () => {
    const first = schedule(initialReviewState, 3);
    expect(first).toMatchObject({ repetitions: 1, interval: 1 });
    const second = schedule(first, 3);
    expect(second).toMatchObject({ repetitions: 2, interval: 6 });
    const third = schedule(second, 3);
    expect(third.interval).toBe(Math.round(6 * third.ease));
    expect(third.ease).toBeCloseTo(2.5, 5);
  });

  it('again resets to one day and lowers the ease, never below 1.3', () => {
    let state = { repetitions: 5, interval: 40, ease: 1.4 };
    state = schedule(state, 1);
    expect(state).toMatchObject({ repetitions: 0, interval: 1 });
    expect(state.ease).toBe(1.3);
  });

  it('easy raises the ease and the interval more than good; hard less', () => {
    const base = { repetitions: 3, interval: 10, ease: 2.5 };
    const easy = schedule(base, 4);
    const good = schedule(base, 3);
    const hard = schedule(base, 2);
    expect(easy.ease).toBeGreaterThan(good.ease);
    expect(easy.interval).toBeGreaterThan(good.interval);
    expect(hard.interval).toBeLessThan(good.interval);
    expect(hard.ease).toBeLessThan(good.ease);
  });

  it('writes due dates on the local calendar', () => {
    expect(dueDate(new Date(2025, 0, 30, 23, 30), 3)).toBe('2025-02-02');
  });

  it('continues a schedule kept in Notion before', () => {
    expect(inferState(new Date('2025-01-01'), new Date('2025-01-11'))).toMatchObject({ interval: 10, repetitions: 2 });
    expect(inferState(null, null)).toEqual(initialReviewState);
  });
});

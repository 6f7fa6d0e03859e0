import { createEmptyCard, default_w, fsrs, S_MAX, S_MIN, State, type Card, type FSRS, type Grade as FsrsGrade } from 'ts-fsrs';

/**
 * FSRS-6 scheduling for review mode through ts-fsrs (docs/decisions/0017-fsrs.md). Notion keeps
 * dates, so the scheduler works in days: the (re)learning steps are off and every interval is at
 * least one day. Grades 1–4 are FSRS's ratings again, hard, good, easy.
 */

export type Grade = 1 | 2 | 3 | 4;
export { State };

/** A card's memory and schedule; times in ms since the epoch. */
export interface CardState {
  due: number;
  stability: number;
  difficulty: number;
  reps: number;
  lapses: number;
  state: State;
  lastReview: number | null;
}

export interface SchedulerOptions {
  /** Desired retention, 0.70–0.99 (settings `notion.retention`). */
  retention: number;
  /** Spreads intervals a little so words learnt together do not stay together (off in tests). */
  fuzz: boolean;
}

const dayMs = 86_400_000;
const schedulers = new Map<string, FSRS>();

export function scheduler({ retention, fuzz }: SchedulerOptions): FSRS {
  const key = `${retention}|${fuzz}`;
  let found = schedulers.get(key);
  if (!found) {
    found = fsrs({ request_retention: retention, enable_fuzz: fuzz, enable_short_term: false, learning_steps: [], relearning_steps: [] });
    schedulers.set(key, found);
  }
  return found;
}

export function toCard(state: CardState): Card {
  return {
    due: new Date(state.due),
    stability: state.stability,
    difficulty: state.difficulty,
    elapsed_days: 0,
    scheduled_days: 0,
    learning_steps: 0,
    reps: state.reps,
    lapses: state.lapses,
    state: state.state,
    last_review: state.lastReview === null ? undefined : new Date(state.lastReview),
  };
}

export function fromCard(card: Card): CardState {
  return {
    due: card.due.getTime(),
    stability: card.stability,
    difficulty: card.difficulty,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ? card.last_review.getTime() : null,
  };
}

/** The next state after a grade; `previous` null is a word never reviewed. */
export function gradeCard(previous: CardState | null, grade: Grade, now: Date, options: SchedulerOptions): { card: CardState; days: number } {
  const card = previous ? toCard(previous) : createEmptyCard(now);
  const next = scheduler(options).next(card, now, grade as FsrsGrade);
  return { card: fromCard(next.card), days: next.log.scheduled_days || next.card.scheduled_days };
}

/** The due date (YYYY-MM-DD) on the local calendar: Notion's Due holds a day, not a time. */
export function localDay(time: number | Date): string {
  const date = new Date(time);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** What SM-2 kept per page before FSRS (decision 0008); converted once. */
export interface Sm2Record {
  pageId: string;
  reviewedAt: number;
  repetitions: number;
  interval: number;
  ease: number;
}

/** SM-2's intervals are taken to have been met with this retention, as Anki does (`historical_retention`). */
const sm2Retention = 0.9;

/**
 * Memory from an SM-2 ease and interval, as fsrs-rs `memory_state_from_sm2` does: the stability
 * whose forgetting curve gives `sm2Retention` after `interval` days, and the difficulty whose
 * stability growth would have matched the ease. At 0.9 the stability is the interval itself.
 */
export function memoryFromSm2(ease: number, interval: number): { stability: number; difficulty: number } {
  const decay = -default_w[20];
  const factor = 0.9 ** (1 / decay) - 1;
  const stability = Math.min(S_MAX, (Math.max(interval, S_MIN) * factor) / (sm2Retention ** (1 / decay) - 1));
  const difficulty = 11 - (ease - 1) / (Math.exp(default_w[8]) * stability ** -default_w[9] * Math.expm1((1 - sm2Retention) * default_w[10]));
  return { stability, difficulty: Math.min(10, Math.max(1, Number.isFinite(difficulty) ? difficulty : 5)) };
}

/** An SM-2 state as an FSRS card: due where SM-2 put it, memory from its ease and interval. */
export function fromSm2(record: Pick<Sm2Record, 'reviewedAt' | 'repetitions' | 'interval' | 'ease'>): CardState | null {
  if (!(record.interval >= 1) || !Number.isFinite(record.reviewedAt)) return null;
  const ease = Number.isFinite(record.ease) && record.ease >= 1.3 ? record.ease : 2.5;
  return {
    due: record.reviewedAt + Math.round(record.interval) * dayMs,
    ...memoryFromSm2(ease, record.interval),
    reps: Math.max(1, Math.floor(record.repetitions) || 0),
    lapses: 0,
    state: State.Review,
    lastReview: record.reviewedAt,
  };
}

/**
 * A word reviewed before the app kept any state: its review time and due date give the last
 * interval, so the schedule continues instead of starting over (ease unknown: SM-2's 2.5).
 */
export function fromReviewPair(reviewed: Date | null, due: Date | null, now: Date): CardState | null {
  if (!reviewed || !due) return null;
  const reviewedAt = Math.min(reviewed.getTime(), now.getTime());
  const interval = Math.round((due.getTime() - reviewedAt) / dayMs);
  if (interval < 1) return null;
  return fromSm2({ reviewedAt, repetitions: 1, interval, ease: 2.5 });
}

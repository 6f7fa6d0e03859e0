/**
 * SM-2-style scheduling for review mode (docs/decisions/0008-notion.md). Grades 1–4 are the keys
 * the person presses: 1 again, 2 hard, 3 good, 4 easy, mapped to SM-2 qualities 1, 3, 4, 5.
 */
export interface ReviewState {
  /** Successful reviews in a row. */
  repetitions: number;
  /** Days until the next review after the last one. */
  interval: number;
  ease: number;
}

export type Grade = 1 | 2 | 3 | 4;
const quality: Record<Grade, number> = { 1: 1, 2: 3, 3: 4, 4: 5 };

export const initialReviewState: ReviewState = { repetitions: 0, interval: 0, ease: 2.5 };

export function schedule(previous: ReviewState, grade: Grade): ReviewState {
  const q = quality[grade];
  const ease = Math.max(1.3, previous.ease + 0.1 - (5 - q) * (0.08 + (5 - q) * 0.02));
  if (q < 3) return { repetitions: 0, interval: 1, ease };
  const repetitions = previous.repetitions + 1;
  let interval: number;
  if (repetitions === 1) interval = 1;
  else if (repetitions === 2) interval = 6;
  else interval = Math.round(Math.max(previous.interval, 1) * ease);
  // Hard keeps the interval from growing past what was just survived; easy gets a bonus.
  if (grade === 2) interval = Math.max(1, Math.min(interval, Math.round(Math.max(previous.interval, 1) * 1.2)));
  if (grade === 4) interval = Math.round(interval * 1.3);
  return { repetitions, interval, ease };
}

/** The due date (YYYY-MM-DD, local calendar) `interval` days after `from`. */
export function dueDate(from: Date, interval: number): string {
  const due = new Date(from.getFullYear(), from.getMonth(), from.getDate() + interval);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${due.getFullYear()}-${pad(due.getMonth() + 1)}-${pad(due.getDate())}`;
}

/**
 * A state for a word reviewed before this app kept any: the gap between its review time and due
 * date stands in for the last interval, so existing schedules are continued, not restarted.
 */
export function inferState(reviewed: Date | null, due: Date | null): ReviewState {
  if (!reviewed || !due) return initialReviewState;
  const days = Math.round((due.getTime() - reviewed.getTime()) / 86_400_000);
  if (days < 1) return initialReviewState;
  return { repetitions: days >= 6 ? 2 : 1, interval: days, ease: 2.5 };
}

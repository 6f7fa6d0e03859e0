import Dexie from 'dexie';
import { cardPropertyNames, type CardPropertyNames } from './card-properties';
import type { NotionEntry } from './entries';
import { fromSm2, State } from './fsrs';
import { notionDb, type CachedRow, type ReviewLogEntry, type StoredCard } from './notion-db';
import { propertyDate, type NotionProperty } from './properties';
import { duePropertyFor, reviewPropertyFor } from './review-queue';

/** What is due, the forecast, the measured retention and the optimiser's CSV (docs/decisions/0017-fsrs.md). */

const dayMs = 86_400_000;

export interface RowNames {
  review?: string;
  card: CardPropertyNames;
}

export function rowNames(entry: NotionEntry, row: Pick<CachedRow, 'properties'>): RowNames {
  const review = reviewPropertyFor(entry.reviewProperty, row.properties);
  return { review, card: cardPropertyNames(entry, row.properties, duePropertyFor(entry.dueProperty, row.properties, review)) };
}

/** A date property as a time; a bare day (YYYY-MM-DD) is that day's start on the local calendar. */
export function dateTime(property: NotionProperty | undefined): number | null {
  const start = property?.type === 'date' ? (property.date as { start?: unknown } | null)?.start : undefined;
  const day = typeof start === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(start) : null;
  if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])).getTime();
  return propertyDate(property)?.getTime() ?? null;
}

/** When the page says it was last reviewed: its last-review property, else its review time. */
export function pageReviewedAt(row: Pick<CachedRow, 'properties'>, names: RowNames): number | null {
  const time = (name?: string) => (name ? dateTime(row.properties[name]) : null);
  return time(names.card.lastReview) ?? time(names.review);
}

/**
 * Whether the card kept in this browser is newer than what the page shows: a grade whose PATCH has
 * not gone out yet (or was never to go) — else the page, which another browser may have updated.
 */
export function keptIsNewer(row: Pick<CachedRow, 'properties'>, names: RowNames, kept: StoredCard): boolean {
  return (kept.lastReview ?? -Infinity) > (pageReviewedAt(row, names) ?? -Infinity);
}

/** When a row is due: the newer of the card kept here and the page's due date; null = never scheduled. */
export function rowDue(row: CachedRow, names: RowNames, cards: ReadonlyMap<string, StoredCard>): number | null {
  const kept = cards.get(row.id);
  if (kept && keptIsNewer(row, names, kept)) return kept.due;
  return (names.card.due ? dateTime(row.properties[names.card.due]) : null) ?? kept?.due ?? null;
}

const startOfDay = (time: number) => {
  const date = new Date(time);
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
};
/** Whole local calendar days from `from` to `to` (daylight-saving shifts rounded away). */
const daysBetween = (from: number, to: number) => Math.round((startOfDay(to) - startOfDay(from)) / dayMs);

/**
 * Rows due first: never scheduled, or due up to today; oldest review time first (never reviewed
 * before all). The order is fixed when the session starts, so grading does not reshuffle.
 */
export function dueOrder(rows: CachedRow[], entry: NotionEntry, cards: ReadonlyMap<string, StoredCard>, now = Date.now()): CachedRow[] {
  const keyed = rows.map((row) => {
    const names = rowNames(entry, row);
    const due = rowDue(row, names, cards);
    const reviewed = (names.review ? dateTime(row.properties[names.review]) : null) ?? cards.get(row.id)?.lastReview ?? -Infinity;
    return { row, reviewed, isDue: due === null || daysBetween(now, due) <= 0 };
  });
  return keyed
    .filter((item) => item.isDue)
    .sort((a, b) => a.reviewed - b.reviewed || a.row.order - b.row.order)
    .map((item) => item.row);
}

/** Scheduled reviews per day from today (overdue ones counted today); words never scheduled are not in it. */
export function dueForecast(rows: CachedRow[], entry: NotionEntry, cards: ReadonlyMap<string, StoredCard>, now = Date.now(), days = 30): number[] {
  const counts = new Array<number>(days).fill(0);
  for (const row of rows) {
    const due = rowDue(row, rowNames(entry, row), cards);
    if (due === null) continue;
    const day = Math.max(0, daysBetween(now, due));
    if (day < days) counts[day] += 1;
  }
  return counts;
}

/**
 * Retention as measured: of the reviews in the last `days` days of words seen before (not new),
 * the share not graded "again" — what Anki calls true retention, set beside the target.
 */
export function measuredRetention(log: ReviewLogEntry[], now = Date.now(), days = 30): { passed: number; total: number } {
  const since = now - days * dayMs;
  const counted = log.filter((entry) => entry.reviewedAt >= since && entry.state !== State.New);
  return { passed: counted.filter((entry) => entry.rating > 1).length, total: counted.length };
}

export async function reviewLog(entryId: string): Promise<ReviewLogEntry[]> {
  return notionDb().log.where('[entryId+reviewedAt]').between([entryId, Dexie.minKey], [entryId, Dexie.maxKey]).toArray();
}

/**
 * The cards kept in this browser. SM-2 states left by decision 0008 become FSRS cards here, once:
 * converted and removed in one transaction (here, not in the database upgrade, so ts-fsrs loads
 * with review mode only).
 */
export async function storedCards(): Promise<Map<string, StoredCard>> {
  const database = notionDb();
  const cards = await database.transaction('rw', database.reviews, database.cards, async () => {
    const old = await database.reviews.toArray();
    if (old.length) {
      const converted = old.flatMap((record) => {
        const card = fromSm2(record);
        return card ? [{ pageId: record.pageId, ...card }] : [];
      });
      // A page with an FSRS card already keeps it.
      const existing = new Set((await database.cards.bulkGet(converted.map((card) => card.pageId))).flatMap((card) => (card ? [card.pageId] : [])));
      await database.cards.bulkPut(converted.filter((card) => !existing.has(card.pageId)));
      await database.reviews.clear();
    }
    return database.cards.toArray();
  });
  return new Map(cards.map((card) => [card.pageId, card]));
}

const csvField = (value: string | number) => {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * The review log in the format of FSRS's optimiser (fsrs-optimizer README, "Review Logs Schema"):
 * card_id, review_time (ms, UTC epoch), review_rating 1–4, review_state 0–3 (before the review),
 * review_duration (ms), oldest first.
 */
export function reviewLogCsv(log: ReviewLogEntry[]): string {
  const lines = [...log]
    .sort((a, b) => a.reviewedAt - b.reviewedAt)
    .map((entry) => [entry.pageId, entry.reviewedAt, entry.rating, entry.state, Math.round(entry.duration)].map(csvField).join(','));
  return ['card_id,review_time,review_rating,review_state,review_duration', ...lines].join('\n') + '\n';
}

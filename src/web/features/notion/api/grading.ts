import { getSettings } from '../../../lib/settings-store';
import { cardValues, readCard, type PropertyValue } from '../model/card-properties';
import { keptIsNewer, rowNames, type RowNames } from '../model/due';
import type { NotionEntry } from '../model/entries';
import { fromReviewPair, gradeCard, localDay, type CardState, type Grade } from '../model/fsrs';
import { propertyDate } from '../model/properties';
import { notionDb, type CachedRow, type QueuedUpdate, type ReviewStamp, type StoredCard } from '../model/notion-db';
import { claimReviewTime, enqueue, queueKey, takeBack } from '../model/review-queue';
import { setValuesLocally } from './review-updates';

/**
 * A grade in review mode (docs/decisions/0017-fsrs.md): the next FSRS state from the page's own
 * card-state properties, else the card kept here, else its review time and due date; kept here,
 * logged, and queued for Notion — review time, due date and card state in one PATCH, held for the
 * undo window first.
 */

/** How long a grade's PATCH waits, so `u` can take it back unsent. */
export const undoWindowMs = 8_000;

/**
 * The card a row stands at now: this browser's when it is newer than the page (a grade not yet
 * sent), else the page's card-state properties, else this browser's, else the page's review-time/due
 * pair, else new (null).
 */
export function currentCard(row: Pick<CachedRow, 'properties'>, names: RowNames, stored: StoredCard | undefined, now: Date): CardState | null {
  if (stored && keptIsNewer(row, names, stored)) return stored;
  const fromNotion = readCard(row.properties, names.card, now);
  if (fromNotion) return fromNotion;
  if (stored) return stored;
  const date = (name?: string) => (name ? propertyDate(row.properties[name]) : null);
  return fromReviewPair(date(names.review), date(names.card.due), now);
}

/** Everything one grade changed, so undo can put it back. */
export interface GradeUndo {
  entryId: string;
  pageId: string;
  previousCard?: StoredCard;
  logId: number;
  /** The review-time claim: the stamp it replaced (undefined = none), when the grade claimed one. */
  stamp?: { previous?: ReviewStamp };
  previousRow?: CachedRow;
  queuedAt: number;
  keys: string[];
  replaced: QueuedUpdate[];
}

export interface GradeResult {
  card: CardState;
  days: number;
  /** YYYY-MM-DD, local calendar. */
  due: string;
  /** When the grade's PATCH goes out (0 = nothing is written to Notion). */
  sendsAt: number;
  undo: GradeUndo;
}

export async function gradeRow(entry: NotionEntry, row: CachedRow, grade: Grade, options: { shownAt: number; now?: Date; fuzz?: boolean }): Promise<GradeResult> {
  const now = options.now ?? new Date();
  const time = now.getTime();
  const database = notionDb();
  const names = rowNames(entry, row);
  const stored = await database.cards.get(row.id);
  const previous = currentCard(row, names, stored, now);
  const { card, days } = gradeCard(previous, grade, now, { retention: getSettings().notion.retention, fuzz: options.fuzz ?? true });
  const due = localDay(card.due);
  await database.cards.put({ pageId: row.id, ...card });
  const logId = (await database.log.add({
    entryId: entry.id,
    pageId: row.id,
    reviewedAt: time,
    rating: grade,
    state: previous?.state ?? 0,
    duration: Math.max(0, time - options.shownAt),
    days,
  })) as number;
  const undo: GradeUndo = { entryId: entry.id, pageId: row.id, previousCard: stored, logId, queuedAt: time, keys: [], replaced: [] };
  if (!entry.updateReviewTime) return { card, days, due, sendsAt: 0, undo };

  const values: Record<string, PropertyValue> = cardValues(card, names.card, due);
  if (names.review) {
    const claim = await claimReviewTime(row.id, getSettings().notion.updateReviewTimeInterval, time);
    if (claim.claimed) {
      undo.stamp = { previous: claim.previous };
      values[names.review] = { date: { start: now.toISOString() } };
    }
  }
  const updates = Object.entries(values).map(([property, value]) => ({ pageId: row.id, property, entryId: entry.id, value }));
  if (!updates.length) return { card, days, due, sendsAt: 0, undo };
  const sendsAt = time + undoWindowMs;
  undo.replaced = await enqueue(updates, { now: time, send: false, notBefore: sendsAt });
  undo.keys = updates.map((update) => queueKey(update.pageId, update.property));
  undo.previousRow = await setValuesLocally(entry, row.id, values);
  return { card, days, due, sendsAt, undo };
}

/** Takes a grade back: false when its PATCH has gone out already (then nothing changes). */
export async function undoGrade(undo: GradeUndo): Promise<boolean> {
  if (undo.keys.length && !(await takeBack(undo.keys, undo.queuedAt, undo.replaced))) return false;
  const database = notionDb();
  await database.transaction('rw', [database.cards, database.log, database.stamps, database.rows], async () => {
    if (undo.previousCard) await database.cards.put(undo.previousCard);
    else await database.cards.delete(undo.pageId);
    await database.log.delete(undo.logId);
    if (undo.stamp) {
      if (undo.stamp.previous) await database.stamps.put(undo.stamp.previous);
      else await database.stamps.delete(undo.pageId);
    }
    if (undo.previousRow) await database.rows.put(undo.previousRow);
  });
  return true;
}

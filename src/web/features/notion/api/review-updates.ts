import { translate } from '../../../lib/i18n/i18n';
import { getSettings } from '../../../lib/settings-store';
import { catalogue } from '../i18n';
import { describeEntry, notionEntries, type NotionEntry } from '../model/entries';
import { notionDb, rowKey, type CachedRow } from '../model/notion-db';
import { enqueueDate, reviewPropertyFor, touchReviewTime, type Sender } from '../model/review-queue';
import { entryScope } from '../model/use-entries';
import { NotionError, notionCall } from './notion-client';

/** Sends one queued PATCH with the update token; failures keep their status for the queue's retry rule. */
export const sendReviewUpdate: Sender = async (group) => {
  const entry = notionEntries(getSettings().notion).find((candidate) => candidate.id === group.entryId);
  if (!entry) throw new NotionError(translate(catalogue, 'error.entryGone'), { status: 404 });
  await notionCall(entry.updateToken, `/pages/${group.pageId}`, {
    method: 'PATCH',
    json: { properties: group.properties },
    retryRateLimit: false,
    retryTransient: false,
    what: describeEntry(entry),
  });
};

/** Shows a queued date at once in the cached row (the list and review mode read it). */
export async function setDateLocally(entry: NotionEntry, pageId: string, property: string, date: string): Promise<CachedRow | undefined> {
  const rows = notionDb().rows;
  const key = rowKey(entryScope(entry), pageId);
  const row = await rows.get(key);
  if (!row) return undefined;
  const previous = row.properties[property];
  const updated = { ...row, properties: { ...row.properties, [property]: { id: previous?.id, type: 'date', date: { start: date, end: null, time_zone: null } } } };
  await rows.put(updated);
  return updated;
}

export type TouchResult = 'queued' | 'recent' | 'off' | 'no-property';

/** Opening or reviewing a row: queue its review-time update (at most once per interval per page). */
export async function touchRow(entry: NotionEntry, row: Pick<CachedRow, 'id' | 'properties'>): Promise<{ result: TouchResult; property?: string; date?: string }> {
  if (!entry.updateReviewTime) return { result: 'off' };
  const property = reviewPropertyFor(entry.reviewProperty, row.properties);
  if (!property) return { result: 'no-property' };
  const now = Date.now();
  const result = await touchReviewTime({ pageId: row.id, entryId: entry.id, property, intervalMinutes: getSettings().notion.updateReviewTimeInterval }, now);
  if (result === 'queued') {
    const date = new Date(now).toISOString();
    await setDateLocally(entry, row.id, property, date);
    return { result, property, date };
  }
  return { result };
}

/** Queues a due date without sending yet: the review time that follows goes in the same PATCH. */
export async function queueDueDate(entry: NotionEntry, pageId: string, property: string, date: string): Promise<void> {
  await enqueueDate({ pageId, property, entryId: entry.id, date }, Date.now(), false);
  await setDateLocally(entry, pageId, property, date);
}

import { translate } from '../../../lib/i18n/i18n';
import { getSettings } from '../../../lib/settings-store';
import { catalogue } from '../i18n';
import { describeEntry, notionEntries, type NotionEntry } from '../model/entries';
import type { PropertyValue } from '../model/card-properties';
import { notionDb, rowKey, type CachedRow } from '../model/notion-db';
import type { NotionProperties } from '../model/properties';
import { reviewPropertyFor, touchReviewTime, type Sender } from '../model/review-queue';
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

/** A written value as Notion's page object shows it, for the cached row. */
export function asPageProperty(value: PropertyValue, id?: string): NotionProperties[string] {
  if ('date' in value) return { id, type: 'date', date: { start: value.date.start, end: null, time_zone: null } };
  if ('number' in value) return { id, type: 'number', number: value.number };
  return { id, type: 'select', select: { name: value.select.name } };
}

/** Shows queued values at once in the cached row (the list and review mode read it); returns the row as it was. */
export async function setValuesLocally(entry: NotionEntry, pageId: string, values: Record<string, PropertyValue>): Promise<CachedRow | undefined> {
  const rows = notionDb().rows;
  const row = await rows.get(rowKey(entryScope(entry), pageId));
  if (!row) return undefined;
  const properties = { ...row.properties };
  for (const [name, value] of Object.entries(values)) properties[name] = asPageProperty(value, row.properties[name]?.id);
  await rows.put({ ...row, properties });
  return row;
}

export type TouchResult = 'queued' | 'recent' | 'off' | 'no-property';

/** Opening a row: queue its review-time update (at most once per interval per page). */
export async function touchRow(entry: NotionEntry, row: Pick<CachedRow, 'id' | 'properties'>): Promise<{ result: TouchResult; property?: string; date?: string }> {
  if (!entry.updateReviewTime) return { result: 'off' };
  const property = reviewPropertyFor(entry.reviewProperty, row.properties);
  if (!property) return { result: 'no-property' };
  const now = Date.now();
  const result = await touchReviewTime({ pageId: row.id, entryId: entry.id, property, intervalMinutes: getSettings().notion.updateReviewTimeInterval }, now);
  if (result === 'queued') {
    const date = new Date(now).toISOString();
    await setValuesLocally(entry, row.id, { [property]: { date: { start: date } } });
    return { result, property, date };
  }
  return { result };
}

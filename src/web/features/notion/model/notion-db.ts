import Dexie, { type EntityTable } from 'dexie';
import type { NotionPageObject, NotionProperties } from './properties';
import { propertyText } from './properties';
import type { ReviewState } from './sm2';

/** A row of a database as last fetched; `scope` is the entry id and database id. */
export interface CachedRow {
  key: string;
  scope: string;
  id: string;
  /** Position in the order Notion returned the rows. */
  order: number;
  url: string;
  createdTime: string;
  lastEditedTime: string;
  properties: NotionProperties;
  /** Every property's text, lower-cased, for search and filtering. */
  text: string;
}

export interface CacheMeta {
  scope: string;
  fetchedAt: number;
  /** Whether every row was fetched (paginate off) or more pages follow. */
  complete: boolean;
  nextCursor: string | null;
}

/** One pending date update: at most one per page and property (a newer one replaces it). */
export interface QueuedUpdate {
  key: string;
  pageId: string;
  property: string;
  entryId: string;
  /** The date to write (YYYY-MM-DD or an ISO date-time). */
  date: string;
  queuedAt: number;
  attempts: number;
  nextAttemptAt: number;
  error?: string;
}

export interface ReviewStamp {
  pageId: string;
  touchedAt: number;
}

export interface ReviewRecord extends ReviewState {
  pageId: string;
  reviewedAt: number;
}

class NotionDatabase extends Dexie {
  rows!: EntityTable<CachedRow, 'key'>;
  meta!: EntityTable<CacheMeta, 'scope'>;
  queue!: EntityTable<QueuedUpdate, 'key'>;
  stamps!: EntityTable<ReviewStamp, 'pageId'>;
  reviews!: EntityTable<ReviewRecord, 'pageId'>;

  constructor() {
    super('kotonoha-notion');
    this.version(1).stores({ rows: 'key, [scope+order], scope', meta: 'scope', queue: 'key, nextAttemptAt', stamps: 'pageId', reviews: 'pageId' });
  }
}

let db: NotionDatabase | null = null;
export function notionDb(): NotionDatabase {
  db ??= new NotionDatabase();
  return db;
}

export const rowKey = (scope: string, id: string) => `${scope}|${id}`;

export function toCachedRow(scope: string, page: NotionPageObject, order: number): CachedRow {
  const properties = page.properties ?? {};
  return {
    key: rowKey(scope, page.id),
    scope,
    id: page.id,
    order,
    url: page.url ?? '',
    createdTime: page.created_time ?? '',
    lastEditedTime: page.last_edited_time ?? '',
    properties,
    text: Object.values(properties).map(propertyText).join('\n').toLowerCase(),
  };
}

export async function cachedRows(scope: string): Promise<CachedRow[]> {
  return notionDb().rows.where('[scope+order]').between([scope, Dexie.minKey], [scope, Dexie.maxKey]).toArray();
}

/** Replaces a scope's rows with a complete fetch. */
export async function replaceRows(scope: string, rows: CachedRow[], meta: Omit<CacheMeta, 'scope' | 'fetchedAt'>): Promise<void> {
  const database = notionDb();
  await database.transaction('rw', database.rows, database.meta, async () => {
    await database.rows.where('scope').equals(scope).delete();
    await database.rows.bulkPut(rows);
    await database.meta.put({ scope, fetchedAt: Date.now(), ...meta });
  });
}

/** Adds or updates rows (a page of a paginated fetch, a re-read page). */
export async function putRows(scope: string, rows: CachedRow[], meta?: Omit<CacheMeta, 'scope' | 'fetchedAt'>): Promise<void> {
  const database = notionDb();
  await database.transaction('rw', database.rows, database.meta, async () => {
    await database.rows.bulkPut(rows);
    if (meta) await database.meta.put({ scope, fetchedAt: Date.now(), ...meta });
  });
}

export async function allCachedRows(): Promise<CachedRow[]> {
  return notionDb().rows.toArray();
}

import Dexie, { type EntityTable } from 'dexie';
import type { NotionPageObject, NotionProperties, NotionProperty } from './properties';
import { propertyText } from './properties';
import type { PropertyValue } from './card-properties';
import type { CardState, Grade, Sm2Record, State } from './fsrs';

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

/** One pending property update: at most one per page and property (a newer one replaces it). */
export interface QueuedUpdate {
  key: string;
  pageId: string;
  property: string;
  entryId: string;
  /** The value to write: a date (YYYY-MM-DD or an ISO date-time), a number or a select. */
  value: PropertyValue;
  queuedAt: number;
  attempts: number;
  nextAttemptAt: number;
  error?: string;
}

export interface ReviewStamp {
  pageId: string;
  touchedAt: number;
}

/** A page's FSRS card, kept whether or not its database carries the state too. */
export interface StoredCard extends CardState {
  pageId: string;
}

/** One grade, as FSRS's optimiser reads a review log (docs/decisions/0017-fsrs.md). */
export interface ReviewLogEntry {
  id?: number;
  entryId: string;
  pageId: string;
  reviewedAt: number;
  rating: Grade;
  /** The card's state before this review. */
  state: State;
  /** From the word shown to the grade, ms. */
  duration: number;
  /** Days until the next review this grade gave. */
  days: number;
}

/** Something the screen says once per database (a key like `local|<entry id>`). */
export interface Notice {
  key: string;
  shownAt: number;
}

class NotionDatabase extends Dexie {
  rows!: EntityTable<CachedRow, 'key'>;
  meta!: EntityTable<CacheMeta, 'scope'>;
  queue!: EntityTable<QueuedUpdate, 'key'>;
  stamps!: EntityTable<ReviewStamp, 'pageId'>;
  /** SM-2 states (decision 0008), converted into `cards` once, when review mode first opens (model/due.ts). */
  reviews!: EntityTable<Sm2Record, 'pageId'>;
  cards!: EntityTable<StoredCard, 'pageId'>;
  log!: EntityTable<ReviewLogEntry, 'id'>;
  notices!: EntityTable<Notice, 'key'>;

  constructor() {
    super('kotonoha-notion');
    this.version(1).stores({ rows: 'key, [scope+order], scope', meta: 'scope', queue: 'key, nextAttemptAt', stamps: 'pageId', reviews: 'pageId' });
    this.version(2)
      .stores({ cards: 'pageId', log: '++id, [entryId+reviewedAt]', notices: 'key' })
      .upgrade(async (tx) => {
        // Queued dates become property values.
        await tx
          .table('queue')
          .toCollection()
          .modify((item: QueuedUpdate & { date?: string }) => {
            if (item.date !== undefined && !item.value) item.value = { date: { start: item.date } };
            delete item.date;
          });
      });
  }
}

let db: NotionDatabase | null = null;
export function notionDb(): NotionDatabase {
  db ??= new NotionDatabase();
  return db;
}

export const rowKey = (scope: string, id: string) => `${scope}|${id}`;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Rich text without what rendering does not use (ids, duplicated content, default annotations). */
function compactRichText(parts: unknown): unknown {
  if (!Array.isArray(parts)) return parts;
  return parts.map((part) => {
    if (!isRecord(part)) return part;
    const annotations = isRecord(part.annotations) ? part.annotations : {};
    const marked = Object.entries(annotations).some(([key, value]) => (key === 'color' ? value !== 'default' : value === true));
    return { plain_text: part.plain_text ?? (isRecord(part.text) ? part.text.content : ''), ...(part.href ? { href: part.href } : {}), ...(marked ? { annotations } : {}) };
  });
}

/**
 * A page's properties as kept in IndexedDB: the same shapes, minus ids and duplicated text. A
 * 5,000-row database then reads back from the cache in a fraction of the time (bench/notion).
 */
export function compactProperties(properties: NotionProperties): NotionProperties {
  const out: NotionProperties = {};
  for (const [name, property] of Object.entries(properties)) {
    if (!isRecord(property) || typeof property.type !== 'string') continue;
    const { type } = property;
    const value = property[type];
    if (type === 'title' || type === 'rich_text') out[name] = { type, [type]: compactRichText(value) };
    else if (type === 'people' && Array.isArray(value)) out[name] = { type, people: value.map((user) => (isRecord(user) ? { name: user.name ?? (isRecord(user.person) ? user.person.email : undefined) ?? user.id } : user)) };
    else if (type === 'rollup' && isRecord(value) && Array.isArray(value.array)) out[name] = { type, rollup: { ...value, array: value.array.map((item) => (isRecord(item) && typeof item.type === 'string' ? compactProperties({ x: item as NotionProperty }).x : item)) } };
    else out[name] = { type, [type]: value };
  }
  return out;
}

export function toCachedRow(scope: string, page: NotionPageObject, order: number): CachedRow {
  const properties = compactProperties(page.properties ?? {});
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

/** A scope's rows in order; `limit` reads only the first ones (the first screenful paints sooner). */
export async function cachedRows(scope: string, limit?: number): Promise<CachedRow[]> {
  const range = notionDb().rows.where('[scope+order]').between([scope, Dexie.minKey], [scope, Dexie.maxKey]);
  return limit ? range.limit(limit).toArray() : range.toArray();
}

/**
 * Makes a scope's cache equal a complete fetch, writing only what changed against `previous`
 * (the rows read from the cache): an unchanged database costs no writes at all.
 */
export async function replaceRows(scope: string, rows: CachedRow[], meta: Omit<CacheMeta, 'scope' | 'fetchedAt'>, previous?: CachedRow[]): Promise<void> {
  const database = notionDb();
  const before = previous ? new Map(previous.map((row) => [row.key, row])) : null;
  const changed = before ? rows.filter((row) => {
    const old = before.get(row.key);
    return !old || old.order !== row.order || old.lastEditedTime !== row.lastEditedTime || old.text !== row.text;
  }) : rows;
  const keep = new Set(rows.map((row) => row.key));
  await database.transaction('rw', database.rows, database.meta, async () => {
    if (before) await database.rows.bulkDelete([...before.keys()].filter((key) => !keep.has(key)));
    else await database.rows.where('scope').equals(scope).delete();
    if (changed.length) await database.rows.bulkPut(changed);
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

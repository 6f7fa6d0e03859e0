import type { NotionEntry } from '../model/entries';
import { describeEntry } from '../model/entries';
import type { NotionPageObject, NotionProperties } from '../model/properties';
import { translate } from '../../../lib/i18n/i18n';
import { catalogue } from '../i18n';
import { NotionError, notionCall, notionVersions } from './notion-client';

export interface QueryResult {
  results: NotionPageObject[];
  next_cursor: string | null;
  has_more: boolean;
}

export interface QueryBody {
  filter?: unknown;
  sorts?: unknown;
  start_cursor?: string;
  page_size?: number;
}

/** How a database is queried: the 2022-06-28 database query, or (from 2025-09-03) its data source. */
type Route = { kind: 'database' } | { kind: 'data-source'; id: string };
const routes = new Map<string, Route>();

/** Notion's answer when the database has several data sources (or the old path is gone). */
const needsDataSource = (error: unknown) =>
  error instanceof NotionError && error.status === 400 && /data source|invalid request url|invalid_request_url/i.test(`${error.message} ${error.code}`);

async function dataSourceOf(entry: NotionEntry, signal?: AbortSignal): Promise<string> {
  const database = await notionCall<{ data_sources?: Array<{ id: string }> }>(entry.token, `/databases/${entry.databaseId}`, {
    version: notionVersions.dataSources,
    signal,
    what: describeEntry(entry),
  });
  const id = database.data_sources?.[0]?.id;
  if (!id) throw new NotionError(translate(catalogue, 'error.noDataSource', { what: describeEntry(entry) }), { status: 404, code: 'object_not_found' });
  return id;
}

async function route(entry: NotionEntry): Promise<Route> {
  return routes.get(`${entry.token}:${entry.databaseId}`) ?? { kind: 'database' };
}

/** One page of rows (≤ 100). */
export async function queryDatabase(entry: NotionEntry, body: QueryBody, signal?: AbortSignal): Promise<QueryResult> {
  const key = `${entry.token}:${entry.databaseId}`;
  const what = describeEntry(entry);
  const current = await route(entry);
  if (current.kind === 'data-source') {
    return notionCall<QueryResult>(entry.token, `/data_sources/${current.id}/query`, { json: body, version: notionVersions.dataSources, signal, what });
  }
  try {
    return await notionCall<QueryResult>(entry.token, `/databases/${entry.databaseId}/query`, { json: body, version: notionVersions.legacy, signal, what });
  } catch (error) {
    if (!needsDataSource(error)) throw error;
    routes.set(key, { kind: 'data-source', id: await dataSourceOf(entry, signal) });
    return queryDatabase(entry, body, signal);
  }
}

/** Every row, page after page; `onPage` sees the running total. */
export async function queryAll(entry: NotionEntry, body: QueryBody, onPage: (rows: NotionPageObject[], total: number) => void, signal?: AbortSignal): Promise<NotionPageObject[]> {
  const rows: NotionPageObject[] = [];
  let cursor: string | undefined;
  do {
    const page = await queryDatabase(entry, { ...body, page_size: 100, start_cursor: cursor }, signal);
    rows.push(...page.results);
    onPage(page.results, rows.length);
    cursor = page.has_more && page.next_cursor ? page.next_cursor : undefined;
  } while (cursor);
  return rows;
}

const schemas = new Map<string, { at: number; schema: Promise<Record<string, { type: string }>> }>();
const schemaTtlMs = 5 * 60_000;

/** The database's properties: name → {type}; kept for five minutes (search asks on every query). */
export function databaseSchema(entry: NotionEntry): Promise<Record<string, { type: string }>> {
  const key = `${entry.token}:${entry.databaseId}`;
  const known = schemas.get(key);
  if (known && Date.now() - known.at < schemaTtlMs) return known.schema;
  // Not tied to one caller's abort: the answer is shared by every caller.
  const schema = fetchSchema(entry);
  schemas.set(key, { at: Date.now(), schema });
  schema.catch(() => schemas.delete(key));
  return schema;
}

async function fetchSchema(entry: NotionEntry, signal?: AbortSignal): Promise<Record<string, { type: string }>> {
  const what = describeEntry(entry);
  const current = await route(entry);
  if (current.kind === 'data-source') {
    const source = await notionCall<{ properties?: Record<string, { type: string }> }>(entry.token, `/data_sources/${current.id}`, { version: notionVersions.dataSources, signal, what });
    return source.properties ?? {};
  }
  const database = await notionCall<{ properties?: Record<string, { type: string }>; data_sources?: unknown }>(entry.token, `/databases/${entry.databaseId}`, { signal, what });
  if (database.properties) return database.properties;
  routes.set(`${entry.token}:${entry.databaseId}`, { kind: 'data-source', id: await dataSourceOf(entry, signal) });
  return fetchSchema(entry, signal);
}

/** A new page in the database (Save to notes). Not retried on 5xx: Notion may have created it. */
export async function createPage(entry: NotionEntry, properties: Record<string, unknown>, signal?: AbortSignal): Promise<NotionPageObject> {
  const what = describeEntry(entry);
  const current = await route(entry);
  const parent = current.kind === 'data-source' ? { type: 'data_source_id', data_source_id: current.id } : { type: 'database_id', database_id: entry.databaseId };
  return notionCall<NotionPageObject>(entry.token, '/pages', {
    method: 'POST',
    json: { parent, properties },
    version: current.kind === 'data-source' ? notionVersions.dataSources : notionVersions.legacy,
    retryTransient: false,
    signal,
    what,
  });
}

export async function getPage(token: string, pageId: string, signal?: AbortSignal): Promise<NotionPageObject> {
  return notionCall<NotionPageObject>(token, `/pages/${pageId}`, { signal, what: translate(catalogue, 'what.page') });
}

export type { NotionProperties };

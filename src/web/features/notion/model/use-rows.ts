import { useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryAll, queryDatabase } from '../api/databases';
import type { NotionEntry } from './entries';
import { cachedRows, putRows, replaceRows, toCachedRow, type CachedRow } from './notion-db';
import { entryScope } from './use-entries';

export interface RowsState {
  rows: CachedRow[];
  /** Where the rows shown came from. */
  source: 'none' | 'cache' | 'network';
  loading: boolean;
  /** Rows fetched so far in this refresh. */
  fetched: number;
  error: string | null;
  hasMore: boolean;
}

/** The query's data: the rows shown, and what the next fetch continues from. */
interface RowsData extends Omit<RowsState, 'loading' | 'error'> {
  /** Notion's cursor of the next page (paginated lists). */
  cursor: string | null;
  /** What the cache held for this database (all of it), so a complete fetch writes only changes. */
  stored: CachedRow[] | null;
}

const firstScreenful = 60;
const noRows: RowsData = { rows: [], source: 'none', fetched: 0, hasMore: false, cursor: null, stored: null };

const rowsKey = (scope: string, paginate: boolean) => ['notion', 'rows', scope, paginate ? 'pages' : 'all'] as const;

const message = (error: Error | null) => (error ? error.message : null);

/**
 * One load of a database's rows. The first (nothing in the query cache yet) shows the IndexedDB
 * copy at once, the first screenful first; then Notion's rows. What is shown on the way is written
 * into the query's data as it comes, the way a streamed query does.
 */
async function loadRows(entry: NotionEntry, paginate: boolean, client: QueryClient, queryKey: QueryKey, signal: AbortSignal): Promise<RowsData> {
  const scope = entryScope(entry);
  const update = (change: (current: RowsData) => RowsData) => {
    if (!signal.aborted) client.setQueryData<RowsData>(queryKey, (current) => change(current ?? noRows));
  };
  const previous = client.getQueryData<RowsData>(queryKey);
  let stored = previous?.stored ?? null;
  if (previous) update((current) => ({ ...current, fetched: 0 }));
  else {
    // bench/notion.bench.ts measures the first row painted from here.
    performance.mark('kotonoha:notion-rows');
    const showCached = (rows: CachedRow[]) => {
      if (rows.length) update((current) => (current.source === 'network' ? current : { ...current, rows, source: 'cache' }));
    };
    try {
      const first = await cachedRows(scope, firstScreenful);
      showCached(first);
      stored = first.length < firstScreenful ? first : await cachedRows(scope);
      showCached(stored);
    } catch {
      // No IndexedDB copy: Notion's rows are all there is.
    }
  }

  if (paginate) {
    const page = await queryDatabase(entry, { page_size: 100 }, signal);
    const rows = page.results.map((result, index) => toCachedRow(scope, result, index));
    const cursor = page.has_more ? page.next_cursor : null;
    await putRows(scope, rows, { complete: !page.has_more, nextCursor: cursor });
    return { rows, source: 'network', fetched: rows.length, hasMore: Boolean(cursor), cursor, stored };
  }
  let partial: CachedRow[] = [];
  // With nothing cached, rows show as their pages arrive; a cached list stays until the fetch completes.
  const all = await queryAll(
    entry,
    {},
    (page, total) => {
      partial = partial.concat(page.map((result, index) => toCachedRow(scope, result, partial.length + index)));
      const shown = partial;
      update((current) => (current.source === 'cache' ? { ...current, fetched: total } : { ...current, rows: shown, source: 'network', fetched: total }));
    },
    signal,
  );
  // Each page was converted as it arrived; only a mismatch (never expected) converts again.
  const rows = partial.length === all.length ? partial : all.map((result, index) => toCachedRow(scope, result, index));
  await replaceRows(scope, rows, { complete: true, nextCursor: null }, stored ?? undefined);
  return { rows, source: 'network', fetched: rows.length, hasMore: false, cursor: null, stored: rows };
}

/**
 * A database's rows: the IndexedDB copy at once (so the list opens instantly and offline), then
 * Notion's. `paginate` on: 100 rows and "load more"; off (or `all`): every row, with a count.
 */
export function useRows(entry: NotionEntry | undefined, options: { all?: boolean } = {}) {
  const client = useQueryClient();
  const paginate = Boolean(entry?.paginate) && !options.all;
  const scope = entry ? entryScope(entry) : '';
  const queryKey = rowsKey(scope, paginate);
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => loadRows(entry!, paginate, client, queryKey, signal),
    enabled: Boolean(entry),
    // One load per visit to the screen, the cached copy first (also offline): the query is dropped
    // when the screen closes, and its first step reads IndexedDB, which needs no network.
    gcTime: 0,
    networkMode: 'always',
    retry: false,
    // Thousands of rows: comparing them deeply on every page would cost more than it saves.
    structuralSharing: false,
  });

  const more = useMutation({
    mutationFn: async () => {
      const cursor = client.getQueryData<RowsData>(queryKey)?.cursor;
      if (!entry || !cursor) return;
      const page = await queryDatabase(entry, { page_size: 100, start_cursor: cursor });
      const next = page.has_more ? page.next_cursor : null;
      const current = client.getQueryData<RowsData>(queryKey);
      if (!current) return;
      const added = page.results.map((result, index) => toCachedRow(scope, result, current.rows.length + index));
      const rows = [...current.rows, ...added];
      client.setQueryData<RowsData>(queryKey, { ...current, rows, source: 'network', fetched: rows.length, hasMore: Boolean(next), cursor: next });
      void putRows(scope, added, { complete: !next, nextCursor: next });
    },
  });
  const { refetch } = query;
  const { mutateAsync: fetchMore, reset: forgetMore } = more;

  const refresh = useCallback(async () => {
    forgetMore();
    await refetch();
  }, [refetch, forgetMore]);
  const loadMore = useCallback(async () => {
    await fetchMore().catch(() => {});
  }, [fetchMore]);

  /** Reflects a local change (a review-time update) without a refetch. */
  const patchRow = useCallback(
    (id: string, change: (row: CachedRow) => CachedRow) =>
      client.setQueryData<RowsData>(rowsKey(scope, paginate), (current) => current && { ...current, rows: current.rows.map((row) => (row.id === id ? change(row) : row)) }),
    [client, scope, paginate],
  );

  const data = query.data ?? noRows;
  const state: RowsState = {
    rows: data.rows,
    source: data.source,
    fetched: data.fetched,
    hasMore: data.hasMore,
    loading: !entry || query.isFetching || more.isPending,
    // A refresh under way clears the last one's error, as does a page loaded.
    error: query.isFetching ? null : (message(query.error) ?? message(more.error)),
  };
  return { ...state, refresh, loadMore, patchRow };
}

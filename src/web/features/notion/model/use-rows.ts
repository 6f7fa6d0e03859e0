import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbort } from '../../../lib/http/http-client';
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

const firstScreenful = 60;
const initial: RowsState = { rows: [], source: 'none', loading: true, fetched: 0, error: null, hasMore: false };

/**
 * A database's rows: the IndexedDB copy at once (so the list opens instantly and offline), then
 * Notion's. `paginate` on: 100 rows and "load more"; off (or `all`): every row, with a count.
 */
export function useRows(entry: NotionEntry | undefined, options: { all?: boolean } = {}) {
  const [state, setState] = useState<RowsState>(initial);
  const cursor = useRef<string | null>(null);
  /** What the cache held for this database when the screen opened (all of it), to write only changes. */
  const cached = useRef<CachedRow[] | null>(null);
  const controller = useRef<AbortController | null>(null);
  const paginate = Boolean(entry?.paginate) && !options.all;
  const scope = entry ? entryScope(entry) : '';

  const refresh = useCallback(async () => {
    if (!entry) return;
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setState((current) => ({ ...current, loading: true, fetched: 0, error: null }));
    try {
      if (paginate) {
        const page = await queryDatabase(entry, { page_size: 100 }, abort.signal);
        const rows = page.results.map((result, index) => toCachedRow(scope, result, index));
        cursor.current = page.has_more ? page.next_cursor : null;
        await putRows(scope, rows, { complete: !page.has_more, nextCursor: cursor.current });
        if (!abort.signal.aborted) setState({ rows, source: 'network', loading: false, fetched: rows.length, error: null, hasMore: Boolean(cursor.current) });
      } else {
        let partial: CachedRow[] = [];
        // With nothing cached, rows show as their pages arrive; a cached list stays until the fetch completes.
        const all = await queryAll(
          entry,
          {},
          (page, total) => {
            partial = partial.concat(page.map((result, index) => toCachedRow(scope, result, partial.length + index)));
            const shown = partial;
            setState((current) => (current.source === 'cache' ? { ...current, fetched: total } : { ...current, rows: shown, source: 'network', fetched: total }));
          },
          abort.signal,
        );
        // Each page was converted as it arrived; only a mismatch (never expected) converts again.
        const rows = partial.length === all.length ? partial : all.map((result, index) => toCachedRow(scope, result, index));
        await replaceRows(scope, rows, { complete: true, nextCursor: null }, cached.current ?? undefined);
        cached.current = rows;
        if (!abort.signal.aborted) setState({ rows, source: 'network', loading: false, fetched: rows.length, error: null, hasMore: false });
      }
    } catch (error) {
      if (isAbort(error) || abort.signal.aborted) return;
      setState((current) => ({ ...current, loading: false, error: error instanceof Error ? error.message : String(error) }));
    }
  }, [entry, paginate, scope]);

  const loadMore = useCallback(async () => {
    if (!entry || !cursor.current) return;
    const abort = new AbortController();
    controller.current = abort;
    setState((current) => ({ ...current, loading: true, error: null }));
    try {
      const page = await queryDatabase(entry, { page_size: 100, start_cursor: cursor.current }, abort.signal);
      cursor.current = page.has_more ? page.next_cursor : null;
      setState((current) => {
        const rows = [...current.rows, ...page.results.map((result, index) => toCachedRow(scope, result, current.rows.length + index))];
        void putRows(scope, rows.slice(current.rows.length), { complete: !cursor.current, nextCursor: cursor.current });
        return { rows, source: 'network', loading: false, fetched: rows.length, error: null, hasMore: Boolean(cursor.current) };
      });
    } catch (error) {
      if (isAbort(error)) return;
      setState((current) => ({ ...current, loading: false, error: error instanceof Error ? error.message : String(error) }));
    }
  }, [entry, scope]);

  useEffect(() => {
    if (!entry) return;
    let live = true;
    // bench/notion.bench.ts measures the first row painted from here.
    performance.mark('kotonoha:notion-rows');
    setState(initial);
    cursor.current = null;
    cached.current = null;
    const showCached = (rows: CachedRow[]) => {
      if (live && rows.length) setState((current) => (current.source === 'network' ? current : { ...current, rows, source: 'cache' }));
    };
    // The first screenful first, then the rest: a long list paints before it is all read.
    void cachedRows(scope, firstScreenful)
      .then(async (first) => {
        showCached(first);
        const rows = first.length < firstScreenful ? first : await cachedRows(scope);
        cached.current = rows;
        showCached(rows);
      })
      .catch(() => {})
      .finally(() => {
        if (live) void refresh();
      });
    return () => {
      live = false;
      controller.current?.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one load per database
  }, [scope, paginate]);

  /** Reflects a local change (a review-time update) without a refetch. */
  const patchRow = useCallback((id: string, change: (row: CachedRow) => CachedRow) => {
    setState((current) => ({ ...current, rows: current.rows.map((row) => (row.id === id ? change(row) : row)) }));
  }, []);

  return { ...state, refresh, loadMore, patchRow };
}

import { useQuery, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { pageBlocks } from '../api/blocks';
import { getPage } from '../api/databases';
import { touchRow } from '../api/review-updates';
import type { NotionEntry } from './entries';
import { notionDb, rowKey, toCachedRow, type CachedRow } from './notion-db';
import { entryScope } from './use-entries';

/**
 * One opening of a page: the IndexedDB copy shown at once, Notion's page when it comes. Opening a
 * page (from a link, a search hit or a reload) counts as looking at the word: the first copy in
 * touches its review time.
 */
async function loadPage(entry: NotionEntry, pageId: string, client: QueryClient, queryKey: QueryKey, signal: AbortSignal): Promise<CachedRow> {
  const scope = entryScope(entry);
  const page = getPage(entry.token, pageId, signal);
  let touched = false;
  const cached = await notionDb().rows.get(rowKey(scope, pageId));
  if (cached) {
    if (!signal.aborted) client.setQueryData<CachedRow>(queryKey, (current) => current ?? cached);
    touched = true;
    void touchRow(entry, cached);
  }
  const answer = await page;
  const latest = await notionDb().rows.get(rowKey(scope, pageId));
  const fresh = toCachedRow(scope, answer, latest?.order ?? -1);
  // A queued review time is newer than what Notion has until it is sent.
  if (latest) for (const [name, value] of Object.entries(latest.properties)) if (value?.type === 'date' && fresh.properties[name]?.type === 'date') fresh.properties[name] = value;
  if (!touched) {
    await notionDb().rows.put(fresh);
    void touchRow(entry, fresh);
  }
  return fresh;
}

const once = { gcTime: 0, retry: false, networkMode: 'always' } as const;

/** A page's properties and blocks, fetched again each time it is opened. */
export function usePage(entry: NotionEntry | undefined, pageId: string) {
  const scope = entry ? entryScope(entry) : '';
  const queryKey = ['notion', 'page', scope, pageId] as const;
  const enabled = Boolean(entry && pageId);
  const row = useQuery({ queryKey, queryFn: ({ client, signal }) => loadPage(entry!, pageId, client, queryKey, signal), enabled, ...once });
  const blocks = useQuery({ queryKey: ['notion', 'blocks', entry?.token, pageId], queryFn: ({ signal }) => pageBlocks(entry!.token, pageId, signal), enabled, ...once });
  const error = row.error ?? blocks.error;
  return { row: row.data ?? null, blocks: blocks.data ?? null, error: error ? error.message : null };
}

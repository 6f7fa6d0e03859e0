import { useQueries } from '@tanstack/react-query';
import { databaseSchema, queryDatabase } from '../api/databases';
import type { NotionEntry } from './entries';
import { allCachedRows, putRows, toCachedRow, type CachedRow } from './notion-db';
import { propertyText } from './properties';
import { entryScope } from './use-entries';

export interface SearchHit {
  entry: NotionEntry;
  row: CachedRow;
  snippet: string;
}

export interface SearchFailure {
  entry: NotionEntry;
  message: string;
}

const maxLocalHits = 50;

function snippetOf(row: CachedRow, query: string): string {
  const lower = query.toLowerCase();
  for (const property of Object.values(row.properties)) {
    const text = propertyText(property);
    const at = text.toLowerCase().indexOf(lower);
    if (at >= 0 && property.type !== 'title') return text.length > 80 ? `…${text.slice(Math.max(0, at - 30), at + 50)}…` : text;
  }
  return '';
}

/** The IndexedDB copy of every database, searched at once. */
async function localSearch(entries: NotionEntry[], query: string): Promise<SearchHit[]> {
  const lower = query.toLowerCase();
  const byScope = new Map(entries.map((entry) => [entryScope(entry), entry]));
  const hits: SearchHit[] = [];
  for (const row of await allCachedRows()) {
    const entry = byScope.get(row.scope);
    if (entry && row.text.includes(lower)) hits.push({ entry, row, snippet: snippetOf(row, query) });
    if (hits.length >= maxLocalHits) break;
  }
  return hits;
}

/** Notion's filter for the text: every title and rich_text property `contains` it. */
async function remoteSearch(entry: NotionEntry, query: string, signal: AbortSignal): Promise<SearchHit[]> {
  const schema = await databaseSchema(entry);
  const textProperties = Object.entries(schema).filter(([, property]) => property.type === 'title' || property.type === 'rich_text');
  if (!textProperties.length) return [];
  const filter = { or: textProperties.map(([name, property]) => ({ property: name, [property.type]: { contains: query } })) };
  const page = await queryDatabase(entry, { filter, page_size: 25 }, signal);
  const scope = entryScope(entry);
  const rows = page.results.map((result, index) => toCachedRow(scope, result, 1_000_000 + index));
  // Hits found only in Notion join the cache so the page opens from it.
  void putRows(scope, rows);
  return rows.map((row) => ({ entry, row, snippet: snippetOf(row, query) }));
}

/**
 * Asked once per text and dropped when no longer shown: a text typed again is searched again, and
 * a search the learner has typed past is cancelled (its signal aborts when its last observer goes).
 */
const perText = { staleTime: Infinity, gcTime: 0, retry: false, networkMode: 'always' } as const;

/**
 * The search of the "Notion search" dialog: one query for the IndexedDB copy and one per database.
 * Hits are listed in the order their answers came, each hit once.
 */
export function useNotionSearch(entries: NotionEntry[], query: string) {
  const enabled = query !== '';
  const results = useQueries({
    queries: [
      { queryKey: ['notion', 'search', 'local', entries.map(entryScope), query], queryFn: () => localSearch(entries, query), enabled, ...perText },
      ...entries.map((entry) => ({
        queryKey: ['notion', 'search', entryScope(entry), entry.token, query],
        queryFn: ({ signal }: { signal: AbortSignal }) => remoteSearch(entry, query, signal),
        enabled,
        ...perText,
      })),
    ],
  });
  if (!enabled) return { hits: [], searching: false, failures: [] };
  const hits: SearchHit[] = [];
  const seen = new Set<string>();
  const answered = results.filter((result) => result.data).sort((a, b) => a.dataUpdatedAt - b.dataUpdatedAt);
  for (const result of answered)
    for (const hit of result.data!) {
      const key = `${hit.entry.id}|${hit.row.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      hits.push(hit);
    }
  const failures: SearchFailure[] = [];
  results.slice(1).forEach((result, index) => {
    if (result.error) failures.push({ entry: entries[index], message: result.error.message });
  });
  return { hits, searching: results.some((result) => result.isFetching), failures };
}

import Dexie, { type EntityTable } from 'dexie';
import type { SearchMode } from '../../../../common/shonagon';

/** One search as the History tab lists it. */
export interface SearchHistoryEntry {
  id?: number;
  query: string;
  mode: SearchMode;
  total: number;
  createdAt: number;
}

export const historyLimit = 1000;

class ShonagonDatabase extends Dexie {
  searches!: EntityTable<SearchHistoryEntry, 'id'>;

  constructor() {
    super('kotonoha-shonagon');
    this.version(1).stores({ searches: '++id, createdAt, query' });
  }
}

let db: ShonagonDatabase | null = null;
function database(): ShonagonDatabase {
  db ??= new ShonagonDatabase();
  return db;
}

/** The same query and mode searched again moves to the top with its new count instead of repeating. */
export async function recordSearch(entry: Omit<SearchHistoryEntry, 'id'>): Promise<void> {
  const searches = database().searches;
  await database().transaction('rw', searches, async () => {
    const same = await searches.where('query').equals(entry.query).filter((e) => e.mode === entry.mode).primaryKeys();
    await searches.bulkDelete(same);
    await searches.add(entry as SearchHistoryEntry);
    const count = await searches.count();
    if (count > historyLimit) await searches.bulkDelete(await searches.orderBy('createdAt').limit(count - historyLimit).primaryKeys());
  });
}

export function listSearches(limit = 500): Promise<SearchHistoryEntry[]> {
  return database().searches.orderBy('createdAt').reverse().limit(limit).toArray();
}

export async function deleteSearch(id: number): Promise<void> {
  await database().searches.delete(id);
}

export async function clearSearches(): Promise<void> {
  await database().searches.clear();
}

/** Every search, for sync and backup (docs/sync.md "What travels"). */
export function allSearches(): Promise<SearchHistoryEntry[]> {
  return database().searches.toArray();
}

/** Searches made on another device: each replaces the entry of the same query and mode. */
export async function mergeSearches(entries: readonly Omit<SearchHistoryEntry, 'id'>[], removed: readonly Pick<SearchHistoryEntry, 'query' | 'mode'>[]): Promise<void> {
  const searches = database().searches;
  await database().transaction('rw', searches, async () => {
    for (const entry of [...entries, ...removed]) {
      await searches.bulkDelete(await searches.where('query').equals(entry.query).filter((e) => e.mode === entry.mode).primaryKeys());
    }
    if (entries.length) await searches.bulkAdd(entries.map((entry) => ({ ...entry }) as SearchHistoryEntry));
  });
}

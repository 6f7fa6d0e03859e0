import Dexie, { type EntityTable } from 'dexie';
import { translate } from '../../../lib/i18n/i18n';
import { toast } from '../../../lib/notify';
import { catalogue } from '../i18n';
import type { SourceLanguage, TargetLanguage } from '../languages';
import type { TranslationResult } from '../run';

/** One translate run, kept with its results so it can be reopened. */
export interface HistoryEntry {
  id?: number;
  createdAt: number;
  text: string;
  from: SourceLanguage;
  to: TargetLanguage;
  results: Array<Omit<TranslationResult, 'status'> & { status: 'done' | 'failed' }>;
}

/** Runs kept; older ones are dropped so the store stays small. */
export const historyLimit = 500;

class HistoryDatabase extends Dexie {
  runs!: EntityTable<HistoryEntry, 'id'>;

  constructor() {
    super('kotonoha-translate');
    this.version(1).stores({ runs: '++id, createdAt' });
  }
}

let db: HistoryDatabase | null = null;
function database(): HistoryDatabase {
  db ??= new HistoryDatabase();
  return db;
}

export async function addHistory(entry: Omit<HistoryEntry, 'id'>): Promise<number> {
  const runs = database().runs;
  const id = await runs.add(entry as HistoryEntry);
  const count = await runs.count();
  if (count > historyLimit) {
    const stale = await runs.orderBy('createdAt').limit(count - historyLimit).primaryKeys();
    await runs.bulkDelete(stale);
  }
  return id as number;
}

type FinishedResult = HistoryEntry['results'][number];

/**
 * Records one run: added with its first finished result, then updated with each further one.
 * Writes are chained so they land in order; a failed write is reported once as a warning.
 */
export function historyRecorder(run: Omit<HistoryEntry, 'id' | 'results'>, onError = warnNotSaved) {
  const results: FinishedResult[] = [];
  let id: number | null = null;
  let writes: Promise<unknown> = Promise.resolve();
  return {
    record(result: TranslationResult) {
      if (result.status === 'running') return;
      results.push({ ...result, status: result.status });
      const snapshot = [...results];
      writes = writes
        .then(async () => {
          if (id === null) id = await addHistory({ ...run, results: snapshot });
          else await database().runs.update(id, { results: snapshot });
        })
        .catch(onError);
    },
    settled: () => writes,
  };
}

function warnNotSaved(error: unknown) {
  toast(translate(catalogue, 'history.notSaved', { error: error instanceof Error ? error.message : String(error) }), 'warning');
}

/** Newest first; `query` matches the source text or any translation, case-insensitively. */
export async function listHistory(query = '', limit = 100): Promise<HistoryEntry[]> {
  const needle = query.trim().toLowerCase();
  let collection = database().runs.orderBy('createdAt').reverse();
  if (needle) {
    collection = collection.filter(
      (entry) => entry.text.toLowerCase().includes(needle) || entry.results.some((result) => result.translate.toLowerCase().includes(needle)),
    );
  }
  return collection.limit(limit).toArray();
}

export async function deleteHistory(id: number): Promise<void> {
  await database().runs.delete(id);
}

export async function clearHistory(): Promise<void> {
  await database().runs.clear();
}

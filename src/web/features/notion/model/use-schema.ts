import { useQuery } from '@tanstack/react-query';
import { databaseSchema } from '../api/databases';
import type { NotionEntry } from './entries';
import { entryScope } from './use-entries';

export type DatabaseSchema = Record<string, { type: string }>;

/** A database's properties and their types, for choosing where each part of a note goes. */
export function useDatabaseSchema(entry: NotionEntry | undefined) {
  return useQuery({
    queryKey: ['notion', 'schema', entry ? entryScope(entry) : ''],
    queryFn: () => databaseSchema(entry!),
    enabled: Boolean(entry),
    // A failure is shown in the dialog at once, as it was before the dialog read it through the cache.
    retry: false,
  });
}

import { useMemo } from 'react';
import { useSettings } from '../../../lib/settings-store';
import { notionEntries, type NotionEntry } from './entries';

export function useNotionEntries(): NotionEntry[] {
  const notion = useSettings((settings) => settings.notion);
  return useMemo(() => notionEntries(notion), [notion]);
}

export const entryScope = (entry: Pick<NotionEntry, 'id' | 'databaseId'>) => `${entry.id}:${entry.databaseId}`;

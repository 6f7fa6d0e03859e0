import { Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';
import type { NotionEntry } from '../model/entries';

/** The chosen database: `?db=<entry id>`, else the first in the person's order. */
export function useChosenEntry(entries: NotionEntry[]): [NotionEntry | undefined, (id: string) => void] {
  const [params, setParams] = useSearchParams();
  const chosen = entries.find((entry) => entry.id === params.get('db')) ?? entries[0];
  const choose = (id: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('db', id);
        return next;
      },
      { replace: true },
    );
  return [chosen, choose];
}

/** One tab per configured database, in the order set in Settings → Notion. */
export function EntryTabs({ entries, chosen, onChoose }: { entries: NotionEntry[]; chosen: NotionEntry | undefined; onChoose: (id: string) => void }) {
  const t = useT(catalogue);
  return (
    <Tabs value={chosen?.id ?? null} onChange={(value) => value && onChoose(value)} keepMounted={false}>
      <Tabs.List aria-label={t('databases')} style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
        {/* The person's names for their databases. */}
        {entries.map((entry) => (
          <Tabs.Tab key={entry.id} value={entry.id} style={{ flex: 'none' }} translate="no">
            {entry.name}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

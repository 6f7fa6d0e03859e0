import { ActionIcon, Button, Drawer, Group, Loader, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconTrash } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { toast } from '../../../lib/notify';
import { deleteHistory, listHistory, type HistoryEntry } from '../history/history-db';
import { languageLabel } from '../languages';
import classes from './translate.module.css';

interface HistoryPanelProps {
  opened: boolean;
  onClose: () => void;
  onReopen: (entry: HistoryEntry) => void;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' });

/** Past runs (IndexedDB), newest first: reopen one, search them, delete one. */
export function HistoryPanel({ opened, onClose, onReopen }: HistoryPanelProps) {
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, 150);
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);

  const load = useCallback(async () => {
    try {
      setEntries(await listHistory(debounced));
    } catch (error) {
      setEntries([]);
      toast(`history unavailable: ${error instanceof Error ? error.message : String(error)}`, 'error');
    }
  }, [debounced]);

  useEffect(() => {
    if (opened) void load();
  }, [opened, load]);

  const remove = async (id: number) => {
    await deleteHistory(id);
    setEntries((current) => current?.filter((entry) => entry.id !== id) ?? null);
  };

  return (
    <Drawer opened={opened} onClose={onClose} title="History" position="right" size="md" closeButtonProps={{ 'aria-label': 'close' }}>
      <Stack gap="sm">
        <TextInput
          aria-label="search history"
          placeholder="search text or translations"
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
        {entries === null ? (
          <Loader size="sm" />
        ) : entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            {query ? 'Nothing matches.' : 'No translations yet.'}
          </Text>
        ) : (
          <ul aria-label="history" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {entries.map((entry) => {
              const ok = entry.results.filter((result) => result.success).length;
              return (
                <li key={entry.id} className={classes.historyItem} aria-label={entry.text.slice(0, 60)}>
                  <Text size="sm" lineClamp={2} className={classes.historyText}>
                    {entry.text}
                  </Text>
                  <Group gap="xs" justify="space-between" wrap="nowrap" mt={4}>
                    <Text size="xs" c="dimmed">
                      {dateFormat.format(entry.createdAt)} · {languageLabel(entry.from)} → {languageLabel(entry.to)} · {ok}/{entry.results.length} engines
                    </Text>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-xs"
                        variant="light"
                        onClick={() => {
                          onReopen(entry);
                          onClose();
                        }}
                      >
                        reopen
                      </Button>
                      <Tooltip label="delete" withArrow>
                        <ActionIcon size="sm" variant="subtle" color="red" aria-label="delete" onClick={() => void remove(entry.id!)}>
                          <IconTrash size={14} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Group>
                </li>
              );
            })}
          </ul>
        )}
      </Stack>
    </Drawer>
  );
}

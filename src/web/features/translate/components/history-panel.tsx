import { ActionIcon, Button, Drawer, Group, Loader, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconTrash } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { formatDate, formatNumber } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/use-t';
import { toast } from '../../../lib/notify';
import { deleteHistory, listHistory, type HistoryEntry } from '../history/history-db';
import { catalogue } from '../i18n';
import classes from './translate.module.css';

interface HistoryPanelProps {
  opened: boolean;
  onClose: () => void;
  onReopen: (entry: HistoryEntry) => void;
}

const dateOptions: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'short' };

/** Past runs (IndexedDB), newest first: reopen one, search them, delete one. */
export function HistoryPanel({ opened, onClose, onReopen }: HistoryPanelProps) {
  const t = useT(catalogue);
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, 150);
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);

  const load = useCallback(async () => {
    try {
      setEntries(await listHistory(debounced));
    } catch (error) {
      setEntries([]);
      toast(t('history.unavailable', { error: error instanceof Error ? error.message : String(error) }), 'error');
    }
  }, [debounced, t]);

  useEffect(() => {
    if (opened) void load();
  }, [opened, load]);

  const remove = async (id: number) => {
    await deleteHistory(id);
    setEntries((current) => current?.filter((entry) => entry.id !== id) ?? null);
  };

  return (
    <Drawer opened={opened} onClose={onClose} title={t('history.title')} position="right" size="md" closeButtonProps={{ 'aria-label': t('history.close') }}>
      <Stack gap="sm">
        <TextInput
          aria-label={t('history.search')}
          placeholder={t('history.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
        {entries === null ? (
          <Loader size="sm" />
        ) : entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            {query ? t('history.noMatch') : t('history.empty')}
          </Text>
        ) : (
          <ul aria-label={t('history.list')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {entries.map((entry) => {
              const ok = entry.results.filter((result) => result.success).length;
              return (
                // Named by its text (the person's own, shown as written).
                <li key={entry.id} className={classes.historyItem} aria-labelledby={`translate-history-${entry.id}`}>
                  <Text size="sm" lineClamp={2} className={classes.historyText} id={`translate-history-${entry.id}`} translate="no">
                    {entry.text}
                  </Text>
                  <Group gap="xs" justify="space-between" wrap="nowrap" mt={4}>
                    <Text size="xs" c="dimmed">
                      {t('history.meta', {
                        date: formatDate(entry.createdAt, dateOptions),
                        from: t(`language.${entry.from}`),
                        to: t(`language.${entry.to}`),
                        ok: formatNumber(ok),
                        total: formatNumber(entry.results.length),
                      })}
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
                        {t('history.reopen')}
                      </Button>
                      <Tooltip label={t('history.delete')} withArrow>
                        <ActionIcon size="sm" variant="subtle" color="red" aria-label={t('history.delete')} onClick={() => void remove(entry.id!)}>
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

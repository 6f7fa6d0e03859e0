import '@mantine/core/styles/Table.css';
import { ActionIcon, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime, formatNumber } from '../../../lib/i18n/format';
import { translate } from '../../../lib/i18n/i18n';
import { useT } from '../../../lib/i18n/use-t';
import { toast } from '../../../lib/notify';
import { catalogue } from '../i18n';
import { clearSearches, deleteSearch, listSearches, type SearchHistoryEntry } from './history-db';

export function HistoryTab() {
  const t = useT(catalogue);
  const [entries, setEntries] = useState<SearchHistoryEntry[] | null>(null);
  const navigate = useNavigate();
  const load = useCallback(() => {
    listSearches()
      .then(setEntries)
      .catch((error: unknown) => {
        setEntries([]);
        toast(translate(catalogue, 'history.unavailable', { message: error instanceof Error ? error.message : String(error) }), 'warning');
      });
  }, []);
  useEffect(load, [load]);

  const runAgain = (entry: SearchHistoryEntry) => {
    const query = new URLSearchParams({ query_string: entry.query });
    if (entry.mode === 'lemma') query.set('mode', 'lemma');
    navigate(`/shonagon/single?${query}`);
  };

  if (entries === null) return null;
  if (entries.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t('history.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('history.count', { count: entries.length })}
        </Text>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={() => {
            if (window.confirm(t('history.clearConfirm'))) void clearSearches().then(load);
          }}
        >
          {t('history.clear')}
        </Button>
      </Group>
      <Table aria-label={t('history.table')} striped highlightOnHover verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('history.query')}</Table.Th>
            <Table.Th>{t('history.mode')}</Table.Th>
            <Table.Th ta="right">{t('history.total')}</Table.Th>
            <Table.Th>{t('history.date')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td lang="ja" fw={600} translate="no">
                {entry.query}
              </Table.Td>
              <Table.Td c="dimmed">{entry.mode === 'lemma' ? t('mode.lemma') : t('mode.string')}</Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatNumber(entry.total)}
              </Table.Td>
              <Table.Td c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {/* Already in the interface language (Intl), so not translated again. */}
                <time dateTime={Number.isFinite(entry.createdAt) ? new Date(entry.createdAt).toISOString() : undefined} translate="no">
                  {formatDateTime(entry.createdAt)}
                </time>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  <ActionIcon variant="subtle" aria-label={t('history.runAgain', { query: entry.query })} onClick={() => runAgain(entry)}>
                    <IconPlayerPlay size={16} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="red" aria-label={t('history.delete', { query: entry.query })} onClick={() => void deleteSearch(entry.id!).then(load)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

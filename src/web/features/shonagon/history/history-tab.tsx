import '@mantine/core/styles/Table.css';
import { ActionIcon, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/notify';
import { clearSearches, deleteSearch, listSearches, type SearchHistoryEntry } from './history-db';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function HistoryTab() {
  const [entries, setEntries] = useState<SearchHistoryEntry[] | null>(null);
  const navigate = useNavigate();
  const load = useCallback(() => {
    listSearches()
      .then(setEntries)
      .catch((error: unknown) => {
        setEntries([]);
        toast(`history unavailable: ${error instanceof Error ? error.message : String(error)}`, 'warning');
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
        No searches yet. Searches you run in Single search appear here with their counts, to run again.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {entries.length} past {entries.length === 1 ? 'search' : 'searches'}, kept in this browser
        </Text>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={() => {
            if (window.confirm('Delete the whole search history?')) void clearSearches().then(load);
          }}
        >
          clear history
        </Button>
      </Group>
      <Table aria-label="search history" striped highlightOnHover verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>query</Table.Th>
            <Table.Th>mode</Table.Th>
            <Table.Th ta="right">count</Table.Th>
            <Table.Th>date</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td lang="ja" fw={600}>
                {entry.query}
              </Table.Td>
              <Table.Td c="dimmed">{entry.mode}</Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {entry.total.toLocaleString()}
              </Table.Td>
              <Table.Td c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {dateFormat.format(entry.createdAt)}
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  <ActionIcon variant="subtle" aria-label={`run ${entry.query} again`} onClick={() => runAgain(entry)}>
                    <IconPlayerPlay size={16} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="red" aria-label={`delete ${entry.query}`} onClick={() => void deleteSearch(entry.id!).then(load)}>
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

import '../../../components/screen-styles/screen-styles';
import { Alert, Group, Loader, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../../lib/i18n/use-t';
import { useSettings } from '../../../lib/settings-store';
import { catalogue } from '../i18n';
import { pageTitle } from '../model/properties';
import { useNotionEntries } from '../model/use-entries';
import { useNotionSearch, type SearchHit } from '../model/use-search';

/**
 * The "Notion search" dialog (docs/behaviour.md "Application events", `open-notion-search`): the
 * local cache at once, then Notion's filters, for every database.
 */
export function NotionSearch({ initialQuery = '', onDone }: { initialQuery?: string; onDone: () => void }) {
  const t = useT(catalogue);
  const entries = useNotionEntries();
  const inApp = useSettings((settings) => settings.notion.openLinkInApp);
  const navigate = useNavigate();
  const [input, setInput] = useState(initialQuery);
  const [query] = useDebouncedValue(input.trim(), 250);
  const { hits, searching, failures } = useNotionSearch(entries, query);

  const open = (hit: SearchHit) => {
    onDone();
    if (inApp || !hit.row.url) void navigate(`/notion/page?db=${encodeURIComponent(hit.entry.id)}&id=${encodeURIComponent(hit.row.id)}`);
    else window.open(hit.row.url, '_blank', 'noopener,noreferrer');
  };

  return (
    <Stack gap="sm">
      <TextInput
        aria-label={t('search.text')}
        placeholder={t('search.placeholder')}
        value={input}
        onChange={(event) => setInput(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={searching ? <Loader size="xs" aria-label={t('search.searching')} /> : null}
        lang="ja"
        data-autofocus
      />
      {entries.length === 0 ? <Text c="dimmed">{t('search.noDatabase')}</Text> : null}
      {failures.map(({ entry, message }) => (
        <Alert key={entry.id} color="red" role="alert" py={6}>
          {t('search.error', { name: entry.name, error: message })}
        </Alert>
      ))}
      {query && !searching && hits.length === 0 && entries.length ? <Text role="status">{t('search.nothing', { query })}</Text> : null}
      {hits.length ? (
        <Stack gap={4} role="list" aria-label={t('search.hits')}>
          {hits.map((hit) => (
            <div role="listitem" key={`${hit.entry.id}|${hit.row.id}`}>
              <UnstyledButton onClick={() => open(hit)} p="xs" w="100%" style={{ borderRadius: 'var(--mantine-radius-sm)' }} className="notion-search-hit">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={600} lang="ja" truncate translate={pageTitle(hit.row) ? 'no' : undefined}>
                    {pageTitle(hit.row) || t('untitled')}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ flex: 'none' }} translate="no">
                    {hit.entry.name}
                  </Text>
                </Group>
                {hit.snippet ? (
                  <Text size="sm" c="dimmed" lang="ja" lineClamp={2} translate="no">
                    {hit.snippet}
                  </Text>
                ) : null}
              </UnstyledButton>
            </div>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

import '../../../components/screen-styles/screen-styles';
import { Alert, Group, Loader, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { isAbort } from '../../../lib/http/http-client';
import { useT } from '../../../lib/i18n/use-t';
import { useSettings } from '../../../lib/settings-store';
import { databaseSchema, queryDatabase } from '../api/databases';
import { catalogue } from '../i18n';
import type { NotionEntry } from '../model/entries';
import { allCachedRows, putRows, toCachedRow, type CachedRow } from '../model/notion-db';
import { pageTitle, propertyText } from '../model/properties';
import { entryScope, useNotionEntries } from '../model/use-entries';

interface Hit {
  entry: NotionEntry;
  row: CachedRow;
  snippet: string;
}

const maxLocalHits = 50;

function snippetOf(row: CachedRow, query: string): string {
  const lower = query.toLowerCase();
  for (const property of Object.values(row.properties)) {
    const text = propertyText(property);
    const at = text.toLowerCase().indexOf(lower);
    if (at >= 0 && property.type !== 'title') return text.length > 80 ? `…${text.slice(Math.max(0, at - 30), at + 50)}…` : text;
  }
  return '';
}

/** Notion's filter for the text: every title and rich_text property `contains` it. */
async function remoteSearch(entry: NotionEntry, query: string, signal: AbortSignal): Promise<CachedRow[]> {
  const schema = await databaseSchema(entry);
  const textProperties = Object.entries(schema).filter(([, property]) => property.type === 'title' || property.type === 'rich_text');
  if (!textProperties.length) return [];
  const filter = { or: textProperties.map(([name, property]) => ({ property: name, [property.type]: { contains: query } })) };
  const page = await queryDatabase(entry, { filter, page_size: 25 }, signal);
  const scope = entryScope(entry);
  const rows = page.results.map((result, index) => toCachedRow(scope, result, 1_000_000 + index));
  return rows;
}

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
  const [hits, setHits] = useState<Hit[]>([]);
  const [searching, setSearching] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  useEffect(() => {
    setErrors([]);
    if (!query) {
      setHits([]);
      return;
    }
    const abort = new AbortController();
    const lower = query.toLowerCase();
    const byScope = new Map(entries.map((entry) => [entryScope(entry), entry]));
    const seen = new Set<string>();
    const add = (found: Hit[]) =>
      setHits((current) => {
        const next = [...current];
        for (const hit of found) {
          const key = `${hit.entry.id}|${hit.row.id}`;
          if (seen.has(key)) continue;
          seen.add(key);
          next.push(hit);
        }
        return next;
      });
    setHits([]);
    setSearching(true);
    void allCachedRows().then((rows) => {
      if (abort.signal.aborted) return;
      const local: Hit[] = [];
      for (const row of rows) {
        const entry = byScope.get(row.scope);
        if (entry && row.text.includes(lower)) local.push({ entry, row, snippet: snippetOf(row, query) });
        if (local.length >= maxLocalHits) break;
      }
      add(local);
    });
    void Promise.all(
      entries.map((entry) =>
        remoteSearch(entry, query, abort.signal)
          .then((rows) => {
            if (abort.signal.aborted) return;
            add(rows.map((row) => ({ entry, row, snippet: snippetOf(row, query) })));
            // Hits found only in Notion join the cache so the page opens from it.
            void putRows(entryScope(entry), rows);
          })
          .catch((error: unknown) => {
            if (!isAbort(error) && !abort.signal.aborted) setErrors((current) => [...current, t('search.error', { name: entry.name, error: error instanceof Error ? error.message : String(error) })]);
          }),
      ),
    ).finally(() => !abort.signal.aborted && setSearching(false));
    return () => abort.abort();
  }, [query, entries, t]);

  const open = (hit: Hit) => {
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
      {errors.map((error) => (
        <Alert key={error} color="red" role="alert" py={6}>
          {error}
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

import { ActionIcon, Alert, Button, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconArrowsSort, IconFilter, IconRefresh } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatNumber } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/use-t';
import { useSettings } from '../../../lib/settings-store';
import { touchRow } from '../api/review-updates';
import { catalogue } from '../i18n';
import type { NotionEntry } from '../model/entries';
import type { CachedRow } from '../model/notion-db';
import { columnOrder, propertyText } from '../model/properties';
import { useRows } from '../model/use-rows';
import { EntryTabs, useChosenEntry } from './entry-tabs';
import { RowCards, RowTable } from './row-list';

/** Opening a row: in the app (openLinkInApp) or Notion's page in a new tab; either way its review time is touched. */
export function useOpenRow(entry: NotionEntry | undefined, onTouched?: (row: CachedRow, property: string, date: string) => void) {
  const navigate = useNavigate();
  const inApp = useSettings((settings) => settings.notion.openLinkInApp);
  return (row: CachedRow): void => {
    if (!entry) return;
    // The page view touches the review time itself (also when reached by a link or a reload).
    if (inApp || !row.url) {
      void navigate(`/notion/page?db=${encodeURIComponent(entry.id)}&id=${encodeURIComponent(row.id)}`);
      return;
    }
    window.open(row.url, '_blank', 'noopener,noreferrer');
    void touchRow(entry, row).then((touched) => {
      if (touched.property && touched.date) onTouched?.(row, touched.property, touched.date);
    });
  };
}

export function BrowseView({ entries }: { entries: NotionEntry[] }) {
  const [entry, choose] = useChosenEntry(entries);
  return (
    <Stack gap="sm">
      <EntryTabs entries={entries} chosen={entry} onChoose={choose} />
      {entry ? <DatabaseRows key={entry.id} entry={entry} /> : null}
    </Stack>
  );
}

function DatabaseRows({ entry }: { entry: NotionEntry }) {
  const t = useT(catalogue);
  const rows = useRows(entry);
  const narrow = useMediaQuery('(max-width: 48em)');
  const [view, setView] = useState<string | null>(null);
  const layout = view ?? (narrow ? 'cards' : 'table');
  const [filter, setFilter] = useState('');
  const [debounced] = useDebouncedValue(filter.trim().toLowerCase(), 150);
  const [sortBy, setSortBy] = useState<string | null>(null);
  const [descending, setDescending] = useState(false);
  const open = useOpenRow(entry, (row, property, date) =>
    rows.patchRow(row.id, (current) => ({ ...current, properties: { ...current.properties, [property]: { type: 'date', date: { start: date, end: null } } } })),
  );

  const columns = useMemo(() => {
    const seen = new Map<string, true>();
    for (const row of rows.rows.slice(0, 50)) for (const name of columnOrder(row.properties)) seen.set(name, true);
    return [...seen.keys()];
  }, [rows.rows]);

  const shown = useMemo(() => {
    let list = debounced ? rows.rows.filter((row) => row.text.includes(debounced)) : rows.rows;
    if (sortBy) {
      const collator = new Intl.Collator('ja', { numeric: true });
      const keyed = list.map((row) => [propertyText(row.properties[sortBy]), row] as const);
      keyed.sort((a, b) => (a[0] === '' ? 1 : b[0] === '' ? -1 : collator.compare(a[0], b[0]) * (descending ? -1 : 1)));
      list = keyed.map(([, row]) => row);
    }
    return list;
  }, [rows.rows, debounced, sortBy, descending]);

  const count = rows.rows.length;
  const fetched = formatNumber(rows.fetched);
  const status = rows.loading
    ? rows.source === 'cache'
      ? t(rows.fetched ? 'rows.cachedRefreshingFetched' : 'rows.cachedRefreshing', { count, fetched })
      : t('rows.loading', { fetched })
    : rows.error
      ? t('rows.cached', { count })
      : t(debounced ? (rows.hasMore ? 'rows.countLoadedMatch' : 'rows.countMatch') : rows.hasMore ? 'rows.countLoaded' : 'rows.count', { count, matches: formatNumber(shown.length) });

  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap" align="flex-end">
        <TextInput
          aria-label={t('browse.filter')}
          placeholder={t('browse.filter')}
          leftSection={<IconFilter size={16} aria-hidden />}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          style={{ flex: '1 1 180px' }}
          lang="ja"
        />
        <Select
          aria-label={t('browse.sortBy')}
          placeholder={t('browse.sortBy')}
          data={columns}
          renderOption={({ option }) => <span translate="no">{option.label}</span>}
          value={sortBy}
          onChange={setSortBy}
          clearable
          searchable
          style={{ flex: '1 1 120px', maxWidth: 220 }}
          comboboxProps={{ withinPortal: true }}
        />
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={descending ? t('browse.sortDescending') : t('browse.sortAscending')}
          aria-pressed={descending}
          onClick={() => setDescending((value) => !value)}
          disabled={!sortBy}
        >
          <IconArrowsSort size={18} aria-hidden style={{ transform: descending ? 'scaleY(-1)' : undefined }} />
        </ActionIcon>
        <SegmentedControl
          aria-label={t('browse.layout')}
          value={layout}
          onChange={setView}
          data={[
            { value: 'table', label: t('browse.layout.table') },
            { value: 'cards', label: t('browse.layout.cards') },
          ]}
        />
        <ActionIcon variant="default" size="lg" aria-label={t('browse.refresh')} onClick={() => void rows.refresh()} loading={rows.loading}>
          <IconRefresh size={18} aria-hidden />
        </ActionIcon>
      </Group>
      <Text size="sm" c="dimmed" role="status" aria-label={t('rows.status')}>
        {status}
      </Text>
      {rows.error ? (
        <Alert color="red" title={t('rows.error')} role="alert">
          {rows.error}
        </Alert>
      ) : null}
      {shown.length ? (
        layout === 'table' ? (
          <RowTable label={t('rows.label', { name: entry.name })} rows={shown} columns={columns} onOpen={open} />
        ) : (
          <RowCards label={t('rows.label', { name: entry.name })} rows={shown} columns={columns} onOpen={open} />
        )
      ) : !rows.loading && !rows.error ? (
        <Text c="dimmed">{debounced ? t('rows.noMatch') : t('rows.empty')}</Text>
      ) : null}
      {rows.hasMore ? (
        <Button variant="light" onClick={() => void rows.loadMore()} loading={rows.loading} style={{ alignSelf: 'center' }}>
          {t('rows.loadMore')}
        </Button>
      ) : null}
    </Stack>
  );
}

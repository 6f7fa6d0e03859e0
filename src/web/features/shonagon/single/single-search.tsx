import { Alert, Button, Group, NumberInput, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { SearchItem, SearchMode, SearchParams, SearchSort } from '../../../../common/shonagon';
import { useSettings } from '../../../lib/settings-store';
import { useDocuments, useSearch } from '../api/shonagon-queries';
import { CountChips } from '../components/count-chips';
import { ReaderPanel } from '../components/reader-panel';
import { RichText } from '../../../lib/i18n/rich-text';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';
import { maxQueryLength, prepareQuery, visibleColumns } from './query-rules';
import { FuriganaToggle } from '../../../components/furigana/furigana-toggle';
import { untilLoaded } from '../../../lib/until-loaded';

type Request = Omit<SearchParams, 'offset' | 'limit'>;

interface Filters {
  media: string | null;
  from: number | string;
  to: number | string;
  doc: string | null;
  sort: SearchSort;
  seed: number | string;
}

const emptyFilters = (): Filters => ({ media: null, from: '', to: '', doc: null, sort: 'order', seed: Math.floor(Math.random() * 1e6) });

// The table (its virtualiser, and the row actions with Anki's IndexedDB queue and their menus) comes
// with the first search, not with the screen: the idle screen paints without it (decision 0014).
const loadResultsTable = () => import('../components/results-table');
const ResultsTable = lazy(() => untilLoaded(loadResultsTable).then((m) => ({ default: m.ResultsTable })));

function toRequest(q: string, mode: SearchMode, filters: Filters): Request {
  const num = (value: number | string) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
  return {
    q,
    mode,
    media: filters.media === null ? undefined : [filters.media],
    from: num(filters.from),
    to: num(filters.to),
    doc: filters.doc === null ? undefined : [filters.doc],
    sort: filters.sort,
    seed: filters.sort === 'random' ? num(filters.seed)?.toString() : undefined,
  };
}

export function SingleSearch() {
  const t = useT(catalogue);
  const [params, setParams] = useSearchParams();
  const { autoSubstrQuery, autoFollowFocus, autoTextSelect } = useSettings((s) => s.shonagon);
  const mobile = useMediaQuery('(max-width: 767px)', false, { getInitialValueInEffect: false }) ?? false;
  const urlQuery = params.get('query_string') ?? '';
  const columns = useMemo(() => visibleColumns(params.get('hideColumns'), mobile), [params, mobile]);

  const [text, setText] = useState(urlQuery);
  const [mode, setMode] = useState<SearchMode>(params.get('mode') === 'lemma' ? 'lemma' : 'string');
  const [filters, setFilters] = useState<Filters>(emptyFilters);
  const [request, setRequest] = useState<Request | null>(null);
  const [notice, setNotice] = useState<{ kind: 'info' | 'error'; text: string } | null>(null);
  const [focused, setFocused] = useState<number | null>(null);
  const [showFilters, setShowFilters] = useState(false);
  const [reader, setReader] = useState<SearchItem | null>(null);
  const written = useRef<string | null>(null);

  const run = useCallback(
    (raw: string, nextMode: SearchMode, nextFilters: Filters) => {
      const prepared = prepareQuery(raw, autoSubstrQuery);
      if (!prepared.ok) {
        setNotice({ kind: 'error', text: prepared.message });
        return;
      }
      setNotice(
        prepared.truncatedFrom
          ? { kind: 'info', text: t('query.truncated', { length: prepared.truncatedFrom, max: maxQueryLength, query: prepared.query }) }
          : null,
      );
      setText(prepared.query);
      setFocused(null);
      setReader(null);
      setRequest(toRequest(prepared.query, nextMode, nextFilters));
      written.current = prepared.query;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('query_string', prepared.query);
          return next;
        },
        { replace: true },
      );
    },
    [autoSubstrQuery, setParams, t],
  );

  // ?query_string= fills the box and runs (also when another link changes it later).
  useEffect(() => {
    if (urlQuery && urlQuery !== written.current) {
      setText(urlQuery);
      run(urlQuery, mode, filters);
    }
    // Only a new URL query runs; mode and filter edits wait for the search button.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlQuery]);

  const search = useSearch(request);
  useEffect(() => {
    if (request) void loadResultsTable();
  }, [request]);
  const rows = useMemo(() => search.data?.pages.flatMap((page) => page.items) ?? [], [search.data]);
  const first = search.data?.pages[0];
  // While the next query runs the previous rows stay (dimmed) under their own query's heading.
  const shownRef = useRef<Request | null>(null);
  if (request && first && !search.isPlaceholderData) shownRef.current = request;
  const shown = shownRef.current;
  const showing = shown !== null && first !== undefined;

  const recorded = useRef<Request | null>(null);
  useEffect(() => {
    if (!request || !first || search.isPlaceholderData || recorded.current === request) return;
    recorded.current = request;
    // The history's IndexedDB (dexie) comes with the first search to keep, not with the screen.
    const entry = { query: request.q, mode: request.mode ?? 'string', total: first.total, createdAt: Date.now() } as const;
    void import('../history/history-db').then((db) => db.recordSearch(entry)).catch(() => undefined);
  }, [request, first, search.isPlaceholderData]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(text, mode, filters);
  };
  const narrow = (patch: Partial<Filters>) => {
    const next = { ...filters, ...patch };
    setFilters(next);
    if (request) run(request.q, mode, next);
  };
  const followed = autoFollowFocus && focused !== null ? rows[focused] : null;
  const readerItem = followed ?? reader;
  const loadMore = useCallback(() => void search.fetchNextPage(), [search]);

  return (
    <Stack gap="sm">
      <form onSubmit={submit} role="search" aria-label={t('search.form')}>
        <Stack gap="xs">
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              aria-label={t('query.label')}
              placeholder={t('query.placeholder')}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              style={{ flex: 1 }}
              lang="ja"
              autoFocus={!urlQuery}
            />
            <Button type="submit" leftSection={<IconSearch size={16} />} loading={search.isFetching && !search.isFetchingNextPage}>
              {t('search')}
            </Button>
          </Group>
          <Group gap="md" align="flex-end" wrap="wrap">
            <Radio.Group value={mode} onChange={(value) => setMode(value as SearchMode)} aria-label={t('mode.label')}>
              <Group gap="sm" h={36} align="center">
                <Radio value="string" label={t('mode.string')} />
                <Radio value="lemma" label={t('mode.lemma')} />
              </Group>
            </Radio.Group>
            <Group h={36} align="center">
              <FuriganaToggle />
            </Group>
            {mobile && (
              <Button variant="subtle" size="xs" onClick={() => setShowFilters((v) => !v)} aria-expanded={showFilters}>
                {showFilters ? t('filters.hide') : t('filters.show')}
              </Button>
            )}
          </Group>
          {/* On a phone the filters (and the corpus's document list they offer) wait until asked for. */}
          {(!mobile || showFilters) && <SearchFilters filters={filters} onChange={setFilters} />}
        </Stack>
      </form>

      {notice && (
        <Alert color={notice.kind === 'error' ? 'red' : 'blue'} variant="light" role={notice.kind === 'error' ? 'alert' : 'status'} py={8}>
          {notice.text}
        </Alert>
      )}

      {search.isError && !showing && (
        <Alert color="red" variant="light" role="alert" py={8}>
          {t('search.failed')}
        </Alert>
      )}

      {showing && (
        <Stack gap={6}>
          <Text size="sm" role="status" aria-live="polite">
            <RichText
              text={t('results.summary', { total: first.total, query: shown.q, mode: shown.mode ?? 'string' })}
              parts={{ b: (count) => <b>{count}</b>, query: () => <QueryText query={shown.q} /> }}
            />
          </Text>
          <CountChips label={t('counts.media')} groupLabel={t('counts.byMedia')} counts={first.counts.media} by="count" onPick={(media) => narrow({ media })} />
          <CountChips label={t('counts.year')} groupLabel={t('counts.byYear')} counts={first.counts.year} by="key" onPick={(year) => narrow({ from: Number(year), to: Number(year) })} />
        </Stack>
      )}

      {showing && first.total === 0 && (
        <Text c="dimmed" size="sm">
          <RichText text={t('results.none', { query: shown.q, mode: shown.mode ?? 'string' })} parts={{ query: () => <QueryText query={shown.q} /> }} />
        </Text>
      )}

      {showing && rows.length > 0 && (
        <div aria-busy={search.isPlaceholderData} style={{ opacity: search.isPlaceholderData ? 0.55 : 1, display: 'grid', gridTemplateColumns: readerItem && !mobile ? 'minmax(0, 1fr) 300px' : 'minmax(0, 1fr)', gap: 12, alignItems: 'start' }}>
          <div style={{ minWidth: 0 }}>
            <Suspense fallback={null}>
              <ResultsTable
                rows={rows}
                total={first.total}
                columns={columns}
                hasMore={search.hasNextPage}
                loadingMore={search.isFetchingNextPage}
                onLoadMore={loadMore}
                followFocus={autoFollowFocus}
                autoTextSelect={autoTextSelect}
                focusedIndex={focused}
                onFocusedIndex={setFocused}
                onOpenReader={setReader}
              />
            </Suspense>
          </div>
          {readerItem && <ReaderPanel item={readerItem} sheet={mobile} onClose={() => (setReader(null), setFocused(null))} />}
        </div>
      )}
    </Stack>
  );
}

/** Media, years, document and order; the corpus's document list is fetched with them. */
function SearchFilters({ filters, onChange: setFilters }: { filters: Filters; onChange: (filters: Filters) => void }) {
  const t = useT(catalogue);
  const documents = useDocuments();
  const mediaOptions = useMemo(() => [...new Set((documents.data ?? []).map((d) => d.media).filter((m): m is string => !!m))].sort(), [documents.data]);
  const docOptions = useMemo(() => (documents.data ?? []).map((d) => ({ value: d.id, label: d.title })), [documents.data]);
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <Select label={t('filter.media')} placeholder={t('filter.all')} data={mediaOptions} value={filters.media} onChange={(media) => setFilters({ ...filters, media })} clearable w={130} size="xs" />
      <NumberInput label={t('filter.from')} value={filters.from} onChange={(from) => setFilters({ ...filters, from })} w={90} size="xs" min={0} max={9999} hideControls />
      <NumberInput label={t('filter.to')} value={filters.to} onChange={(to) => setFilters({ ...filters, to })} w={90} size="xs" min={0} max={9999} hideControls />
      <Select label={t('filter.document')} placeholder={t('filter.all')} data={docOptions} value={filters.doc} onChange={(doc) => setFilters({ ...filters, doc })} clearable searchable w={180} size="xs" />
      <Select
        label={t('filter.sort')}
        data={[
          { value: 'order', label: t('sort.order') },
          { value: 'year', label: t('sort.year') },
          { value: 'random', label: t('sort.random') },
        ]}
        value={filters.sort}
        onChange={(sort) => setFilters({ ...filters, sort: (sort as SearchSort) ?? 'order' })}
        allowDeselect={false}
        w={130}
        size="xs"
      />
      {filters.sort === 'random' && <NumberInput label={t('filter.seed')} value={filters.seed} onChange={(seed) => setFilters({ ...filters, seed })} w={100} size="xs" min={0} hideControls />}
    </Group>
  );
}

/** A query inside a message: the learner's own words, never translated. */
function QueryText({ query }: { query: string }) {
  return (
    <span lang="ja" translate="no">
      {query}
    </span>
  );
}

import '@mantine/core/styles/Table.css';
import { Alert, Button, Group, Radio, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import type { SearchMode } from '../../../../common/shonagon';
import { isAbort } from '../../../lib/http/http-client';
import { reportShonagonError, searchCorpus } from '../../../lib/shonagon-client';
import { useSettings } from '../../../lib/settings-store';
import { TaskPool } from '../../../lib/task-pool';
import { useSearch } from '../api/shonagon-queries';
import { ResultsTable } from '../components/results-table';
import { AutoTextarea } from '../../../components/auto-textarea/auto-textarea';
import { formatNumber } from '../../../lib/i18n/format';
import { RichText } from '../../../lib/i18n/rich-text';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';
import { parseQueryLines, prepareQuery, visibleColumns } from '../single/query-rules';
import { chartData, type QueryCounts } from './chart-data';
import { seriesColorsLite } from './series-colors';
import { FuriganaToggle } from '../../../components/furigana/furigana-toggle';
import { untilLoaded } from '../../../lib/until-loaded';

const YearChart = lazy(() => untilLoaded(() => import('./count-chart')).then((m) => ({ default: m.YearChart })));

/** Searches of one run share this pool: at most three at once (docs/behaviour.md "Limits and constants"). */
export const multiConcurrency = 3;
export const maxQueries = 20;

type Row = { query: string; state: 'queued' | 'running' | 'failed' } | ({ state: 'done' } & QueryCounts);

function MediaBars({ rows, labels }: { rows: QueryCounts[]; labels: string[] }) {
  const t = useT(catalogue);
  const max = Math.max(1, ...rows.flatMap((row) => labels.map((label) => row.media[label] ?? 0)));
  return (
    <Stack gap={8} role="img" aria-label={t('counts.byMedia')}>
      {labels.slice(0, 8).map((label) => (
        <div key={label}>
          <Text size="xs" c="dimmed" translate="no">
            {label || '—'}
          </Text>
          {rows.map((row, i) => (
            <Group key={row.query} gap={6} wrap="nowrap" h={12}>
              <div style={{ height: 8, borderRadius: 2, width: `${((row.media[label] ?? 0) / max) * 100}%`, minWidth: 1, background: seriesColorsLite[i % seriesColorsLite.length] }} />
              <Text size="10px" c="dimmed">
                {row.media[label] ?? 0}
              </Text>
            </Group>
          ))}
        </div>
      ))}
    </Stack>
  );
}

function Drilldown({ query, mode, media }: { query: string; mode: SearchMode; media?: string }) {
  const t = useT(catalogue);
  const mobile = useMediaQuery('(max-width: 767px)', false, { getInitialValueInEffect: false }) ?? false;
  const { autoTextSelect } = useSettings((s) => s.shonagon);
  const search = useSearch({ q: query, mode, media: media === undefined ? undefined : [media] });
  const rows = useMemo(() => search.data?.pages.flatMap((page) => page.items) ?? [], [search.data]);
  const [focused, setFocused] = useState<number | null>(null);
  const loadMore = useCallback(() => void search.fetchNextPage(), [search]);
  const total = search.data?.pages[0]?.total ?? 0;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        <RichText
          text={media ? t('multi.rowsInMedia', { query, media, count: formatNumber(total) }) : t('multi.rows', { query, count: formatNumber(total) })}
          parts={{
            query: () => (
              <span lang="ja" translate="no">
                {query}
              </span>
            ),
            media: () => <span translate="no">{media}</span>,
          }}
        />
      </Text>
      <ResultsTable
        rows={rows}
        total={total}
        columns={visibleColumns(null, mobile)}
        hasMore={search.hasNextPage}
        loadingMore={search.isFetchingNextPage}
        onLoadMore={loadMore}
        followFocus={false}
        autoTextSelect={autoTextSelect}
        focusedIndex={focused}
        onFocusedIndex={setFocused}
        onOpenReader={() => undefined}
      />
    </Stack>
  );
}

export function MultiSearch() {
  const t = useT(catalogue);
  const { autoSubstrQuery } = useSettings((s) => s.shonagon);
  const [text, setText] = useState('');
  const [mode, setMode] = useState<SearchMode>('string');
  const [rows, setRows] = useState<Row[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [pick, setPick] = useState<{ query: string; mode: SearchMode; media?: string } | null>(null);
  const run = useRef<AbortController | null>(null);

  const start = () => {
    run.current?.abort();
    const lines = parseQueryLines(text);
    const prepared = lines.map((line) => prepareQuery(line, autoSubstrQuery));
    const refused = prepared.find((p) => !p.ok);
    if (lines.length === 0) return setMessage(t('multi.empty'));
    if (refused && !refused.ok) return setMessage(refused.message);
    if (lines.length > maxQueries) return setMessage(t('multi.tooMany', { max: maxQueries, count: lines.length }));
    setMessage(null);
    setPick(null);
    const queries = [...new Set(prepared.map((p) => (p.ok ? p.query : '')))];
    const controller = new AbortController();
    run.current = controller;
    const runMode = mode;
    setRows(queries.map((query) => ({ query, state: 'queued' })));
    const pool = new TaskPool(multiConcurrency);
    const set = (query: string, row: Row) => !controller.signal.aborted && setRows((list) => list.map((r) => (r.query === query ? row : r)));
    for (const query of queries) {
      void pool
        .run(async () => {
          set(query, { query, state: 'running' });
          const answer = await searchCorpus({ q: query, mode: runMode, limit: 1 }, controller.signal);
          set(query, { query, state: 'done', total: answer.total, media: answer.counts.media, year: answer.counts.year });
        })
        .catch((error: unknown) => {
          if (isAbort(error)) return;
          set(query, { query, state: 'failed' });
          reportShonagonError(error);
        });
    }
  };

  const done = rows.filter((row): row is Extract<Row, { state: 'done' }> => row.state === 'done');
  const media = useMemo(() => chartData(done, 'media'), [done]);
  const years = useMemo(() => chartData(done, 'year'), [done]);
  const mediaLabels = media.labels.slice(0, 6);

  return (
    <Stack gap="sm">
      {/* Grows in CSS: Mantine's autosize measures in a hidden textarea of its own, named in English. */}
      <AutoTextarea
        aria-label={t('multi.queries')}
        description={t('multi.hint')}
        placeholder={'食べる\n飲む\n見る'}
        minRows={4}
        maxRows={12}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        lang="ja"
        onKeyDown={(event) => {
          if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') start();
        }}
      />
      <Group gap="md">
        <Radio.Group value={mode} onChange={(value) => setMode(value as SearchMode)} aria-label={t('mode.label')}>
          <Group gap="sm">
            <Radio value="string" label={t('mode.string')} />
            <Radio value="lemma" label={t('mode.lemma')} />
          </Group>
        </Radio.Group>
        <FuriganaToggle />
        <Button onClick={start}>{t('search')}</Button>
      </Group>
      {message && (
        <Alert color="red" variant="light" role="alert" py={8}>
          {message}
        </Alert>
      )}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={360}>
          <Table aria-label={t('multi.counts')} verticalSpacing={4} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('multi.query')}</Table.Th>
                <Table.Th ta="right">{t('multi.total')}</Table.Th>
                {mediaLabels.map((label) => (
                  <Table.Th key={label} ta="right" translate="no">
                    {label || '—'}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, i) => (
                <Table.Tr key={row.query}>
                  <Table.Td lang="ja" fw={600} translate="no">
                    <span style={{ display: 'inline-block', width: 8, height: 8, borderRadius: 4, marginRight: 6, background: seriesColorsLite[i % seriesColorsLite.length] }} />
                    {row.query}
                  </Table.Td>
                  {row.state === 'done' ? (
                    <>
                      <Table.Td ta="right">
                        <UnstyledButton aria-label={t('multi.rowsLabel', { query: row.query, count: formatNumber(row.total) })} onClick={() => setPick({ query: row.query, mode })} td="underline" fz="sm">
                          {formatNumber(row.total)}
                        </UnstyledButton>
                      </Table.Td>
                      {mediaLabels.map((label) => (
                        <Table.Td key={label} ta="right">
                          {row.media[label] ? (
                            <UnstyledButton aria-label={t('multi.rowsInMediaLabel', { query: row.query, media: label, count: formatNumber(row.media[label]) })} onClick={() => setPick({ query: row.query, mode, media: label })} td="underline" fz="sm">
                              {formatNumber(row.media[label])}
                            </UnstyledButton>
                          ) : (
                            <Text span c="dimmed" size="sm">
                              0
                            </Text>
                          )}
                        </Table.Td>
                      ))}
                    </>
                  ) : (
                    <Table.Td colSpan={mediaLabels.length + 1} ta="right" c={row.state === 'failed' ? 'red' : 'dimmed'}>
                      {row.state === 'failed' ? t('multi.failed') : row.state === 'running' ? t('multi.running') : t('multi.waiting')}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {done.length > 0 && (years.labels.length > 0 || media.labels.length > 0) && (
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))', gap: 16 }}>
          {years.labels.length > 0 && (
            <Stack gap={4}>
              <Text size="xs" fw={600} c="dimmed">
                {t('multi.byYear')}
              </Text>
              <Suspense fallback={<div style={{ height: 180 }} />}>
                <YearChart data={years} title={t('counts.byYear')} yearLabel={t('counts.year')} />
              </Suspense>
            </Stack>
          )}
          {media.labels.length > 0 && (
            <Stack gap={4}>
              <Text size="xs" fw={600} c="dimmed">
                {t('multi.byMedia')}
              </Text>
              <MediaBars rows={done} labels={media.labels} />
            </Stack>
          )}
        </div>
      )}
      {pick && <Drilldown key={`${pick.query}|${pick.media ?? ''}`} {...pick} />}
    </Stack>
  );
}

import { Alert, Button, Group, Kbd, Stack, Text, Textarea } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { formatNumber } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/use-t';
import { EntryTabs, useChosenEntry } from '../components/entry-tabs';
import classes from '../components/notion.module.css';
import { catalogue } from '../i18n';
import type { NotionEntry } from '../model/entries';
import { useRows } from '../model/use-rows';
import type { QueryResult } from './sql-engine';
import { SqlRunner } from './sql-runner';
import { tableData } from './table-data';

/** The Executor (docs/behaviour.md "Shell", /notion/sql): SQL over a database's fetched rows, SQLite in a worker. */
export function ExecutorView({ entries }: { entries: NotionEntry[] }) {
  const [entry, choose] = useChosenEntry(entries);
  return (
    <Stack gap="sm">
      <EntryTabs entries={entries} chosen={entry} onChoose={choose} />
      {entry ? <Executor key={entry.id} entry={entry} /> : null}
    </Stack>
  );
}

const defaultQuery = 'select * from db limit 20';

function Executor({ entry }: { entry: NotionEntry }) {
  const t = useT(catalogue);
  const rows = useRows(entry, { all: true });
  const [sql, setSql] = useState(entry.sql.trim() || defaultQuery);
  const [result, setResult] = useState<QueryResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const runner = useRef<SqlRunner | null>(null);
  const loaded = useRef<Promise<string | null> | null>(null);
  const wantsRun = useRef(true);

  useEffect(() => {
    runner.current = new SqlRunner();
    return () => runner.current?.dispose();
  }, []);

  // The table is (re)loaded whenever the rows change: first the cached copy, then Notion's.
  useEffect(() => {
    // Rows arriving page by page are not loaded one page at a time: the cached copy, then the complete fetch.
    if (!runner.current || rows.source === 'none' || (rows.loading && rows.source !== 'cache')) return;
    loaded.current = runner.current.load(tableData(rows.rows)).then((reply) => (reply.ok ? null : reply.error));
    if (wantsRun.current) {
      wantsRun.current = rows.loading;
      void run();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- run reads the current query
  }, [rows.rows, rows.source, rows.loading]);

  async function run(query = sql) {
    if (!runner.current || !loaded.current) return;
    setRunning(true);
    const loadError = await loaded.current;
    const reply = loadError ? { ok: false as const, error: loadError } : await runner.current.exec(query);
    setRunning(false);
    if (reply.ok) {
      setResult(reply.result ?? null);
      setError(null);
    } else {
      setError(reply.error);
    }
  }

  return (
    <Stack gap="sm">
      <Textarea
        label={t('executor.sql')}
        description={t('executor.description', { name: entry.name })}
        value={sql}
        onChange={(event) => setSql(event.currentTarget.value)}
        onKeyDown={(event) => {
          if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
            event.preventDefault();
            void run();
          }
        }}
        autosize
        minRows={3}
        maxRows={12}
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <Group gap="xs" wrap="wrap">
        <Button leftSection={<IconPlayerPlay size={16} aria-hidden />} onClick={() => void run()} loading={running} disabled={rows.source === 'none'}>
          {t('executor.run')}
        </Button>
        <Text size="sm" c="dimmed">
          <Kbd size="xs">{t('key.ctrl')}</Kbd> + <Kbd size="xs">{t('key.enter')}</Kbd>
        </Text>
        <Text size="sm" c="dimmed" role="status" aria-label={t('executor.status')}>
          {rows.loading
            ? rows.rows.length
              ? t('executor.cachedFetching', { count: rows.rows.length, fetched: formatNumber(rows.fetched) })
              : t('executor.fetching', { fetched: formatNumber(rows.fetched) })
            : t('executor.rows', { count: rows.rows.length })}
        </Text>
      </Group>
      {rows.error ? (
        <Alert color="yellow" role="alert">
          {rows.error}
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" title={t('executor.error')} role="alert">
          {/* SQLite's own message, about the person's query: shown as SQLite words it. */}
          <span translate="no">{error}</span>
        </Alert>
      ) : null}
      {result && !error ? <ResultTable result={result} /> : null}
    </Stack>
  );
}

function ResultTable({ result }: { result: QueryResult }) {
  const t = useT(catalogue);
  if (!result.columns.length) return <Text c="dimmed">{t('executor.noRows')}</Text>;
  const ms = formatNumber(result.ms, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed" role="status" aria-label={t('executor.summaryLabel')}>
        {result.rowCount > result.values.length
          ? t('executor.summaryFirst', { count: result.rowCount, ms, shown: formatNumber(result.values.length) })
          : t('executor.summary', { count: result.rowCount, ms })}
      </Text>
      <div style={{ overflow: 'auto', maxHeight: '60vh' }}>
        {/* Column names and values come from the person's notes and query. */}
        <table className={classes.resultTable} aria-label={t('executor.result')}>
          <thead translate="no">
            <tr>
              {result.columns.map((column, index) => (
                <th key={index}>{column}</th>
              ))}
            </tr>
          </thead>
          <tbody lang="ja" translate="no">
            {result.values.map((row, index) => (
              <tr key={index}>
                {row.map((value, column) => (
                  <td key={column}>{value === null ? '' : value instanceof Uint8Array ? t('executor.bytes', { count: value.length }) : String(value)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Stack>
  );
}

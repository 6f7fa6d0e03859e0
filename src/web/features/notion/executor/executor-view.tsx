import { Alert, Button, Group, Kbd, Stack, Text, Textarea } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { EntryTabs, useChosenEntry } from '../components/entry-tabs';
import classes from '../components/notion.module.css';
import type { NotionEntry } from '../model/entries';
import { useRows } from '../model/use-rows';
import type { QueryResult } from './sql-engine';
import { SqlRunner } from './sql-runner';
import { tableData } from './table-data';

/** The Executor (spec §2, /notion/sql): SQL over a database's fetched rows, SQLite in a worker. */
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
        label="SQL"
        description={`Table db: one column per property of “${entry.name}”, plain-text values.`}
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
          run
        </Button>
        <Text size="sm" c="dimmed">
          <Kbd size="xs">Ctrl</Kbd> + <Kbd size="xs">Enter</Kbd>
        </Text>
        <Text size="sm" c="dimmed" role="status" aria-label="executor status">
          {rows.loading ? `${rows.rows.length ? `${rows.rows.length.toLocaleString()} rows from this browser; ` : ''}fetching rows… ${rows.fetched.toLocaleString()}` : `${rows.rows.length.toLocaleString()} rows in db`}
        </Text>
      </Group>
      {rows.error ? (
        <Alert color="yellow" role="alert">
          {rows.error}
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" title="SQLite error" role="alert">
          {error}
        </Alert>
      ) : null}
      {result && !error ? <ResultTable result={result} /> : null}
    </Stack>
  );
}

function ResultTable({ result }: { result: QueryResult }) {
  if (!result.columns.length) return <Text c="dimmed">The statement ran; it returns no rows.</Text>;
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed" role="status" aria-label="result summary">
        {result.rowCount === 1 ? '1 row' : `${result.rowCount.toLocaleString()} rows`} in {result.ms.toFixed(1)} ms
        {result.rowCount > result.values.length ? ` (first ${result.values.length.toLocaleString()} shown)` : ''}
      </Text>
      <div style={{ overflow: 'auto', maxHeight: '60vh' }}>
        <table className={classes.resultTable} aria-label="query result">
          <thead>
            <tr>
              {result.columns.map((column, index) => (
                <th key={index}>{column}</th>
              ))}
            </tr>
          </thead>
          <tbody lang="ja">
            {result.values.map((row, index) => (
              <tr key={index}>
                {row.map((value, column) => (
                  <td key={column}>{value === null ? '' : value instanceof Uint8Array ? `(${value.length} bytes)` : String(value)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Stack>
  );
}

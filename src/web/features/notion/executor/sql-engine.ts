import type { Database, SqlJsStatic, SqlValue } from 'sql.js';

/** The rows of a database as a table: one column per property, plain-text values (numbers stay numbers). */
export interface TableData {
  columns: string[];
  rows: SqlValue[][];
}

export interface QueryResult {
  columns: string[];
  values: SqlValue[][];
  /** Rows the query produced (values may hold fewer). */
  rowCount: number;
  ms: number;
}

export const maxResultRows = 1000;

/** SQLite folds column names case-insensitively; duplicates get a suffix. */
export function uniqueColumns(names: string[]): string[] {
  const seen = new Set<string>();
  return names.map((name) => {
    let candidate = name || 'column';
    for (let n = 2; seen.has(candidate.toLowerCase()); n++) candidate = `${name}_${n}`;
    seen.add(candidate.toLowerCase());
    return candidate;
  });
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Creates table `db` (columns without a declared type, so numbers compare as numbers) and fills it. */
export function loadTable(SQL: SqlJsStatic, data: TableData): Database {
  const db = new SQL.Database();
  const columns = uniqueColumns(data.columns);
  db.run(`CREATE TABLE db (${columns.map(quote).join(', ')})`);
  const insert = db.prepare(`INSERT INTO db VALUES (${columns.map(() => '?').join(', ')})`);
  db.run('BEGIN');
  try {
    for (const row of data.rows) insert.run(row);
    db.run('COMMIT');
  } finally {
    insert.free();
  }
  return db;
}

/** Runs the statements; the last one that returns rows is the result. SQLite's errors are thrown as they are. */
export function runQuery(db: Database, sql: string): QueryResult {
  const started = performance.now();
  const results = db.exec(sql);
  const last = results[results.length - 1];
  const ms = performance.now() - started;
  if (!last) return { columns: [], values: [], rowCount: 0, ms };
  return { columns: last.columns, values: last.values.slice(0, maxResultRows), rowCount: last.values.length, ms };
}

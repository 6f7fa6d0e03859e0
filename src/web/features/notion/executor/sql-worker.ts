/// <reference lib="webworker" />
import initSqlJs, { type Database, type SqlJsStatic } from 'sql.js';
import wasmUrl from 'sql.js/dist/sql-wasm-browser.wasm?url';
import { loadTable, runQuery, type TableData } from './sql-engine';

/** SQLite off the main thread: the page posts the table once, then queries. */
export type WorkerRequest = { id: number; type: 'load'; data: TableData } | { id: number; type: 'exec'; sql: string };
/** `code` marks the worker's own failures (the page words them); SQLite's messages come as they are. */
export type WorkerReply = { id: number; ok: true; result?: ReturnType<typeof runQuery>; ms?: number } | { id: number; ok: false; error: string; code?: 'not-loaded' };

let engine: Promise<SqlJsStatic> | null = null;
let db: Database | null = null;

self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  const reply = (message: WorkerReply) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(message);
  try {
    engine ??= initSqlJs({ locateFile: () => wasmUrl });
    const SQL = await engine;
    if (request.type === 'load') {
      const started = performance.now();
      db?.close();
      db = loadTable(SQL, request.data);
      reply({ id: request.id, ok: true, ms: performance.now() - started });
    } else {
      if (!db) return reply({ id: request.id, ok: false, error: 'no rows are loaded yet', code: 'not-loaded' });
      reply({ id: request.id, ok: true, result: runQuery(db, request.sql) });
    }
  } catch (error) {
    reply({ id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
};

// The part of sql.js (SQLite compiled to WebAssembly) the executor uses; the package ships no types.
declare module 'sql.js' {
  export type SqlValue = number | string | Uint8Array | null;
  export interface QueryExecResult {
    columns: string[];
    values: SqlValue[][];
  }
  export interface Statement {
    run(values?: SqlValue[]): void;
    free(): boolean;
  }
  export interface Database {
    exec(sql: string): QueryExecResult[];
    run(sql: string, values?: SqlValue[]): Database;
    prepare(sql: string): Statement;
    close(): void;
  }
  export interface SqlJsStatic {
    Database: new () => Database;
  }
  export default function initSqlJs(config?: { locateFile?: (file: string) => string; wasmBinary?: ArrayBuffer | Uint8Array }): Promise<SqlJsStatic>;
}

import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { posClassMask } from './deinflect';
import { parseEdictLine } from './edict-parse';
import { createIndexes, createTables, encodeKeyFilter, keyHash, normalizeKey, schemaVersion } from './schema';

export type EdictEncoding = 'utf-8' | 'euc-jp';

export interface ImportOptions {
  /** Called with 0..1 as the file is read (the last few percent are index building). */
  onProgress?: (progress: number) => void;
  signal?: AbortSignal;
}

export interface ImportResult {
  entries: number;
  encoding: EdictEncoding;
  skippedLines: number;
  milliseconds: number;
}

export class DictImportError extends Error {}

/** UTF-8 unless the bytes are not valid UTF-8 (EDICT's traditional encoding is EUC-JP). */
export function detectEncoding(head: Uint8Array): EdictEncoding {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  // Drop a possibly cut multi-byte character at the end of the sample.
  let end = head.length;
  for (let back = 1; back <= 3 && end - back >= 0; back++) {
    const byte = head[end - back];
    if ((byte & 0xc0) === 0xc0) {
      end -= back;
      break;
    }
    if ((byte & 0x80) === 0) break;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, end));
    return 'utf-8';
  } catch {
    return 'euc-jp';
  }
}

/** Path of the live dictionary database under DATA_DIR. */
export const dictDbPath = (dataDir: string) => path.join(dataDir, 'dict', 'edict.sqlite');

const tempMarker = '.import-';

/**
 * Imports an EDICT/EDICT2 file into a new database beside `dbPath`, then renames it over `dbPath`.
 * A failed or aborted import leaves the previous dictionary untouched.
 */
export async function importEdict(sourcePath: string, dbPath: string, options: ImportOptions = {}): Promise<ImportResult> {
  const started = performance.now();
  let size: number;
  try {
    const stat = fs.statSync(sourcePath);
    if (!stat.isFile()) throw new DictImportError(`Not a file: ${sourcePath}`);
    size = stat.size;
  } catch (error) {
    if (error instanceof DictImportError) throw error;
    throw new DictImportError(`Cannot read the EDICT file ${sourcePath}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  fs.mkdirSync(path.dirname(dbPath), { recursive: true });
  removeStaleTemps(dbPath);
  const tempPath = `${dbPath}${tempMarker}${process.pid}-${Date.now()}`;
  const db = new Database(tempPath);
  let closed = false;
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -65536');
    db.exec(createTables);
    const insertEntry = db.prepare('INSERT INTO entries (id, common, pos_mask, data) VALUES (?, ?, ?, ?)');
    const insertKey = db.prepare('INSERT INTO keys (key, entry_id, common, len) VALUES (?, ?, ?, ?)');

    let encoding: EdictEncoding | null = null;
    let decoder: TextDecoder | null = null;
    let carry = '';
    let read = 0;
    let entries = 0;
    let skippedLines = 0;
    let lineNumber = 0;
    const hashes: number[] = [];

    const handleLine = (line: string) => {
      lineNumber++;
      if (line.trim() === '') return;
      const parsed = parseEdictLine(line);
      if (!parsed) {
        skippedLines++;
        return;
      }
      const id = ++entries;
      const common = parsed.common ? 1 : 0;
      const posMask = posClassMask(parsed.senses.flatMap((sense) => sense.pos));
      const data = JSON.stringify({ h: parsed.headwords, r: parsed.readings, s: parsed.senses, ...(parsed.seq ? { q: parsed.seq } : {}) });
      insertEntry.run(id, common, posMask, data);
      const keys = new Set<string>();
      for (const form of parsed.headwords) keys.add(normalizeKey(form.text));
      for (const form of parsed.readings) keys.add(normalizeKey(form.text));
      for (const key of keys) {
        if (key === '') continue;
        insertKey.run(key, id, common, [...key].length);
        hashes.push(keyHash(key));
      }
    };

    db.exec('BEGIN');
    const stream = fs.createReadStream(sourcePath, { highWaterMark: 256 * 1024 });
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (options.signal?.aborted) throw new DictImportError('Import aborted');
      if (!decoder) {
        encoding = detectEncoding(chunk);
        decoder = new TextDecoder(encoding, { ignoreBOM: false });
      }
      read += chunk.length;
      const text = carry + decoder.decode(chunk, { stream: true });
      const lines = text.split('\n');
      carry = lines.pop() ?? '';
      for (const line of lines) handleLine(line.endsWith('\r') ? line.slice(0, -1) : line);
      options.onProgress?.(Math.min(0.95, (read / Math.max(size, 1)) * 0.95));
    }
    if (decoder) carry += decoder.decode();
    if (carry !== '') handleLine(carry);
    if (entries === 0) throw new DictImportError(`No EDICT entries found in ${sourcePath} (${lineNumber} lines read)`);

    const meta = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
    meta.run('schema', String(schemaVersion));
    meta.run('entries', String(entries));
    meta.run('source', path.resolve(sourcePath));
    meta.run('encoding', encoding ?? 'utf-8');
    meta.run('imported_at', new Date().toISOString());
    db.prepare('INSERT INTO key_filter (data) VALUES (?)').run(encodeKeyFilter(hashes));
    db.exec('COMMIT');
    db.exec(createIndexes);
    db.exec('ANALYZE');
    options.onProgress?.(0.99);
    // Readers open the file read-only; a rollback journal leaves no -wal file to carry along.
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.pragma('journal_mode = DELETE');
    db.close();
    closed = true;
    fs.renameSync(tempPath, dbPath);
    options.onProgress?.(1);
    return { entries, encoding: encoding ?? 'utf-8', skippedLines, milliseconds: Math.round(performance.now() - started) };
  } catch (error) {
    if (!closed) db.close();
    removeFiles(tempPath);
    throw error;
  }
}

function removeFiles(base: string) {
  for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(base + suffix, { force: true });
}

/** Temp files of imports whose process is gone (killed mid-import). */
function removeStaleTemps(dbPath: string) {
  const dir = path.dirname(dbPath);
  const prefix = path.basename(dbPath) + tempMarker;
  for (const name of fs.readdirSync(dir)) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length).split('-')[0]);
    if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) continue;
    if (pid === process.pid) continue;
    fs.rmSync(path.join(dir, name), { force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

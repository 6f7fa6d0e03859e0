import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { syncLimits, type PushRecord, type Snapshot, type StoredRecord } from '../../common/sync';

/** Why a vault refused a request; the route words it (docs/errors.md). */
export class VaultError extends Error {
  constructor(
    readonly kind: 'no-vault' | 'token' | 'record-too-large' | 'vault-full' | 'no-snapshot',
    message: string,
    readonly details: { id?: string; size?: number } = {},
  ) {
    super(message);
  }
}

type PushResult = { id: string; seq: number } | { id: string; conflict: number };

interface RecordRow {
  id: string;
  type: string;
  seq: number;
  ciphertext: Buffer;
  deleted: number;
}

const toStored = (row: RecordRow): StoredRecord => ({ id: row.id, type: row.type, seq: row.seq, ciphertext: row.ciphertext.toString('base64'), deleted: row.deleted === 1 });

/** The server keeps a hash of the write token, never the token (which a device derives from the passphrase). */
const tokenHash = (token: string) => crypto.createHash('sha256').update(token).digest();

const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The sync vaults (docs/api.md "Sync"): one SQLite file under `DATA_DIR/sync`. Each vault holds the
 * latest version of every record (ciphertext the server cannot read), a sequence number per write
 * so devices ask for "changes since N", and copies of its records as they stood at the start of
 * each of its last ten days with a write. A push is one transaction, committed to disk
 * (synchronous FULL) before it is answered: an acknowledged record survives a kill. A request for
 * changes may wait for the vault's next write (`nextChange`); every write wakes it once committed.
 */
export class VaultStore {
  private readonly db: Database.Database;
  /** Per vault, the held "changes" requests to wake when its records change. */
  private readonly waiters = new Map<string, Set<() => void>>();
  private stopping = false;

  constructor(
    dataDir: string,
    /** Tests make them small. */
    readonly limits: Pick<typeof syncLimits, 'recordBytes' | 'vaultBytes' | 'snapshots'> = syncLimits,
  ) {
    const dir = path.join(dataDir, 'sync');
    fs.mkdirSync(dir, { recursive: true });
    this.db = new Database(path.join(dir, 'vaults.db'));
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS vaults (id TEXT PRIMARY KEY, token_hash BLOB NOT NULL, created_at INTEGER NOT NULL, seq INTEGER NOT NULL DEFAULT 0, bytes INTEGER NOT NULL DEFAULT 0);
      CREATE TABLE IF NOT EXISTS records (vault TEXT NOT NULL, id TEXT NOT NULL, type TEXT NOT NULL, seq INTEGER NOT NULL, ciphertext BLOB NOT NULL, deleted INTEGER NOT NULL, PRIMARY KEY (vault, id)) WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS records_by_seq ON records (vault, seq);
      CREATE TABLE IF NOT EXISTS snapshots (vault TEXT NOT NULL, day TEXT NOT NULL, seq INTEGER NOT NULL, records INTEGER NOT NULL, bytes INTEGER NOT NULL, PRIMARY KEY (vault, day)) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS snapshot_records (vault TEXT NOT NULL, day TEXT NOT NULL, id TEXT NOT NULL, type TEXT NOT NULL, seq INTEGER NOT NULL, ciphertext BLOB NOT NULL, deleted INTEGER NOT NULL, PRIMARY KEY (vault, day, id)) WITHOUT ROWID;
    `);
  }

  close(): void {
    this.db.close();
  }

  /**
   * Resolves when the vault's records next change (once the write is committed), after `ms`, or
   * when `signal` aborts, whichever is first; the waiter is gone then. Neither polls nor throws.
   */
  nextChange(vault: string, ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      if (signal?.aborted || this.stopping) return resolve();
      const waiters = this.waiters.get(vault) ?? new Set();
      this.waiters.set(vault, waiters);
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        waiters.delete(done);
        if (waiters.size === 0 && this.waiters.get(vault) === waiters) this.waiters.delete(vault);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener('abort', done, { once: true });
      waiters.add(done);
    });
  }

  /** How many requests wait for the vault's next change. */
  waiting(vault: string): number {
    return this.waiters.get(vault)?.size ?? 0;
  }

  /** The server is stopping: every waiter answers now and no request waits again, so none holds it up. */
  stopWaiting(): void {
    this.stopping = true;
    for (const vault of [...this.waiters.keys()]) this.wake(vault);
  }

  private wake(vault: string): void {
    for (const done of [...(this.waiters.get(vault) ?? [])]) done();
  }

  /** Opens a vault with its write token, making it (with this token) when it does not exist yet. */
  open(vault: string, token: string, now = Date.now()): { created: boolean; seq: number; bytes: number } {
    const hash = tokenHash(token);
    return this.db.transaction(() => {
      const row = this.db.prepare('SELECT token_hash, seq, bytes FROM vaults WHERE id = ?').get(vault) as { token_hash: Buffer; seq: number; bytes: number } | undefined;
      if (!row) {
        this.db.prepare('INSERT INTO vaults (id, token_hash, created_at) VALUES (?, ?, ?)').run(vault, hash, now);
        return { created: true, seq: 0, bytes: 0 };
      }
      if (!crypto.timingSafeEqual(row.token_hash, hash)) throw new VaultError('token', 'The write token does not match this vault: its passphrase is another.');
      return { created: false, seq: row.seq, bytes: row.bytes };
    })();
  }

  /** The vault's state, once its token is checked. */
  private vault(vault: string, token: string): { seq: number; bytes: number } {
    const row = this.db.prepare('SELECT token_hash, seq, bytes FROM vaults WHERE id = ?').get(vault) as { token_hash: Buffer; seq: number; bytes: number } | undefined;
    if (!row) throw new VaultError('no-vault', 'No such vault: open it first.');
    if (!crypto.timingSafeEqual(row.token_hash, tokenHash(token))) throw new VaultError('token', 'The write token does not match this vault: its passphrase is another.');
    return { seq: row.seq, bytes: row.bytes };
  }

  /** The records written after `since`, oldest first, at most `limit`. */
  changes(vault: string, token: string, since: number, limit: number): { seq: number; records: StoredRecord[]; more: boolean } {
    const { seq } = this.vault(vault, token);
    const rows = this.db.prepare('SELECT id, type, seq, ciphertext, deleted FROM records WHERE vault = ? AND seq > ? ORDER BY seq LIMIT ?').all(vault, since, limit + 1) as RecordRow[];
    const more = rows.length > limit;
    return { seq, records: rows.slice(0, limit).map(toStored), more };
  }

  /**
   * Writes the records in one transaction, each with the vault's next sequence number; a record
   * whose `ifSeq` is not its current version is left as it is and reported. A record over its
   * limit, or a vault that would go over its own, refuses the whole push.
   */
  push(vault: string, token: string, records: readonly PushRecord[], now = Date.now()): { seq: number; bytes: number; results: PushResult[] } {
    const answer = this.db.transaction(() => {
      let { seq, bytes } = this.vault(vault, token);
      this.snapshotDay(vault, utcDay(now), seq, bytes);
      const current = this.db.prepare('SELECT seq, length(ciphertext) AS size FROM records WHERE vault = ? AND id = ?');
      const write = this.db.prepare(
        'INSERT INTO records (vault, id, type, seq, ciphertext, deleted) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (vault, id) DO UPDATE SET type = excluded.type, seq = excluded.seq, ciphertext = excluded.ciphertext, deleted = excluded.deleted',
      );
      const results: PushResult[] = [];
      for (const record of records) {
        const ciphertext = Buffer.from(record.ciphertext, 'base64');
        if (ciphertext.length > this.limits.recordBytes) {
          throw new VaultError('record-too-large', `Record ${record.id} is ${ciphertext.length} bytes; a record may be ${this.limits.recordBytes}.`, { id: record.id, size: ciphertext.length });
        }
        const existing = current.get(vault, record.id) as { seq: number; size: number } | undefined;
        if (record.ifSeq !== undefined && (existing?.seq ?? 0) !== record.ifSeq) {
          results.push({ id: record.id, conflict: existing?.seq ?? 0 });
          continue;
        }
        bytes += ciphertext.length - (existing?.size ?? 0);
        if (bytes > this.limits.vaultBytes) {
          throw new VaultError('vault-full', `The vault would hold ${bytes} bytes; it may hold ${this.limits.vaultBytes}.`, { size: bytes });
        }
        seq += 1;
        write.run(vault, record.id, record.type, seq, ciphertext, record.deleted ? 1 : 0);
        results.push({ id: record.id, seq });
      }
      this.db.prepare('UPDATE vaults SET seq = ?, bytes = ? WHERE id = ?').run(seq, bytes, vault);
      return { seq, bytes, results };
    })();
    if (answer.results.some((result) => 'seq' in result)) this.wake(vault);
    return answer;
  }

  /** The vault as it stood before the first write of `day`, kept with the last ten such days. */
  private snapshotDay(vault: string, day: string, seq: number, bytes: number): void {
    if (seq === 0) return;
    const latest = this.db.prepare('SELECT day, seq FROM snapshots WHERE vault = ? ORDER BY day DESC LIMIT 1').get(vault) as { day: string; seq: number } | undefined;
    if (latest && (latest.day >= day || latest.seq === seq)) return;
    const copied = this.db
      .prepare('INSERT INTO snapshot_records (vault, day, id, type, seq, ciphertext, deleted) SELECT vault, ?, id, type, seq, ciphertext, deleted FROM records WHERE vault = ?')
      .run(day, vault).changes;
    this.db.prepare('INSERT INTO snapshots (vault, day, seq, records, bytes) VALUES (?, ?, ?, ?, ?)').run(vault, day, seq, copied, bytes);
    const stale = this.db.prepare('SELECT day FROM snapshots WHERE vault = ? ORDER BY day DESC LIMIT -1 OFFSET ?').pluck().all(vault, this.limits.snapshots) as string[];
    for (const old of stale) {
      this.db.prepare('DELETE FROM snapshot_records WHERE vault = ? AND day = ?').run(vault, old);
      this.db.prepare('DELETE FROM snapshots WHERE vault = ? AND day = ?').run(vault, old);
    }
  }

  snapshots(vault: string, token: string): Snapshot[] {
    this.vault(vault, token);
    return this.db.prepare('SELECT day, seq, records, bytes FROM snapshots WHERE vault = ? ORDER BY day DESC').all(vault) as Snapshot[];
  }

  snapshot(vault: string, token: string, day: string): { day: string; seq: number; records: StoredRecord[] } {
    this.vault(vault, token);
    const found = this.db.prepare('SELECT seq FROM snapshots WHERE vault = ? AND day = ?').get(vault, day) as { seq: number } | undefined;
    if (!found) throw new VaultError('no-snapshot', `No snapshot of ${day} in this vault.`);
    const rows = this.db.prepare('SELECT id, type, seq, ciphertext, deleted FROM snapshot_records WHERE vault = ? AND day = ? ORDER BY seq').all(vault, day) as RecordRow[];
    return { day, seq: found.seq, records: rows.map(toStored) };
  }
}

import Dexie, { type Table } from 'dexie';
import type { Hlc } from './hlc';

/** What this device knows of one record (docs/storage.md "IndexedDB", `kotonoha-sync`). */
export interface RecordMeta {
  id: string;
  type: string;
  /** The stamp of the version this device holds. */
  hlc: Hlc;
  /** A digest of that version's plain content: a different digest on the next look is a local edit. */
  hash: string;
  /** The vault's sequence number of the version last seen there; 0 when the vault has none. */
  seq: number;
  /** 1 while this device's version waits to be pushed (a number, so that it can be indexed). */
  dirty: 0 | 1;
  deleted: boolean;
}

/** A record of the vault this device could not open or read; kept on the server, listed in Settings → Sync. */
export interface UnreadableRecord {
  id: string;
  type: string;
  seq: number;
  reason: 'decrypt' | 'parse';
}

export interface VaultState {
  key: 'vault';
  vaultId: string;
  writeToken: string;
  cryptoKey: CryptoKey;
}

/**
 * `joining`: this device has just joined a vault that holds records already; until its first round
 * ends, what it holds and has never synced is taken as older than the vault's versions.
 */
type StateRow = VaultState | { key: 'cursor'; seq: number } | { key: 'clock'; hlc: Hlc } | { key: 'device'; id: string } | { key: 'joining' };

class SyncDatabase extends Dexie {
  records!: Table<RecordMeta, string>;
  unreadable!: Table<UnreadableRecord, string>;
  state!: Table<StateRow, string>;

  constructor() {
    super('kotonoha-sync');
    this.version(1).stores({ records: 'id, type, dirty', unreadable: 'id', state: 'key' });
  }
}

let database: SyncDatabase | null = null;
export const syncDb = () => (database ??= new SyncDatabase());

export async function readState<K extends StateRow['key']>(key: K): Promise<Extract<StateRow, { key: K }> | undefined> {
  return (await syncDb().state.get(key)) as Extract<StateRow, { key: K }> | undefined;
}

export async function writeState(row: StateRow): Promise<void> {
  await syncDb().state.put(row);
}

/** Turning sync off forgets the vault, its key and what was known of it; the data it brought stays. */
export async function forgetVault(): Promise<void> {
  const db = syncDb();
  await db.transaction('rw', db.records, db.unreadable, db.state, async () => {
    await Promise.all([db.records.clear(), db.unreadable.clear(), db.state.clear()]);
  });
}

import { exportAll, importAll } from '../../lib/sync/backup';
import { readSyncConfig, writeSyncConfig, type SyncKind } from '../../lib/sync/sync-config';
import { writeState } from '../../lib/sync/sync-db';
import { connectVault, forgetVault, listSnapshots, restoreSnapshot, startSync, withdrawKeys, type SyncHandle } from '../../lib/sync/sync-runner';
import { syncSources } from './sync-sources';

/**
 * The app's one handle on sync (docs/sync.md): the shell starts it when this device syncs,
 * Settings → Sync turns it on and off, Settings → System exports and imports everything.
 */
let handle: SyncHandle | null = null;

export function startSyncIfOn(): void {
  if (readSyncConfig().on && !handle) handle = startSync(syncSources);
}

export function syncNow(): Promise<void> {
  return handle?.syncNow() ?? Promise.resolve();
}

/** Checks the passphrase with the vault, keeps the key, and starts syncing; throws SyncSetupError when refused. */
export async function turnOnSync({ vaultName, passphrase, apiKeys }: { vaultName: string; passphrase: string; apiKeys: boolean }): Promise<{ created: boolean }> {
  const result = await connectVault(vaultName, passphrase);
  writeSyncConfig({ ...readSyncConfig(), on: true, vaultName: vaultName.trim(), apiKeys });
  handle?.stop();
  handle = startSync(syncSources);
  await handle.syncNow();
  return result;
}

/** This device stops syncing and forgets the vault's key; its data stays, and the other devices go on. */
export async function turnOffSync(): Promise<void> {
  handle?.stop();
  handle = null;
  await forgetVault();
  writeSyncConfig({ ...readSyncConfig(), on: false });
}

/** Unticking takes the keys off the vault; ticking sends them with the next round. */
export async function setApiKeys(apiKeys: boolean): Promise<void> {
  writeSyncConfig({ ...readSyncConfig(), apiKeys });
  if (!readSyncConfig().on) return;
  if (!apiKeys) await withdrawKeys(syncSources);
  else await writeState({ key: 'cursor', seq: 0 });
  await syncNow();
}

/** A kind switched on again is read from the vault from the start: what was skipped while it was off arrives. */
export async function setKind(kind: SyncKind, on: boolean): Promise<void> {
  const config = readSyncConfig();
  writeSyncConfig({ ...config, kinds: { ...config.kinds, [kind]: on } });
  if (!config.on) return;
  if (on) await writeState({ key: 'cursor', seq: 0 });
  await syncNow();
}

/** Every kind, whatever this device syncs; keys and tokens only when asked for. */
export function exportEverything({ apiKeys, passphrase }: { apiKeys: boolean; passphrase?: string }): Promise<string> {
  return exportAll(syncSources, (kind) => kind !== 'keys' || apiKeys, passphrase || undefined);
}

/** Merges a backup file: every kind it holds, keys included when it has them. */
export async function importEverything(text: string, passphrase?: string) {
  const result = await importAll(text, syncSources, () => true, passphrase || undefined);
  void syncNow();
  return result;
}

export { listSnapshots };

export async function restoreFromSnapshot(day: string) {
  const result = await restoreSnapshot(day, syncSources);
  await syncNow();
  return result;
}

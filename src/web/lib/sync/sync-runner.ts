import Dexie from 'dexie';
import { emit } from '../events';
import { delay, HttpError, isAbort } from '../http/http-client';
import { onStorageWritten } from '../storage';
import { Ledger } from './ledger';
import { kindEnabled, readSyncConfig, type SyncConfig } from './sync-config';
import { forgetVault, readState, syncDb, writeState } from './sync-db';
import { deriveVaultKeys, minPassphraseLength, SyncUnavailableError } from './sync-crypto';
import { checkRecord, openRecord, sealRecord, SyncEngine } from './sync-engine';
import type { SyncSource } from './sync-source';
import { useSyncStatus, type SyncProblemCode } from './sync-status';
import { VaultClient } from './vault-client';

/** Local edits are pushed this long after the last one (a burst of typing is one push)… */
const changeDebounceMs = 50;
/** …and rounds for local edits start at most this often (a streaming reply saves several times a second). */
const changeRoundGapMs = 400;
/** A round every few minutes even when nothing is heard. */
const roundEveryMs = 3 * 60_000;
/** The vault holds a request open this long waiting for another device's change. */
const listenSeconds = 25;
const retryAfterFailureMs = 5_000;

export class SyncSetupError extends Error {
  constructor(readonly code: 'short-passphrase' | 'wrong-passphrase' | 'insecure') {
    super(code);
    this.name = 'SyncSetupError';
  }
}

/** How a failed round is shown: offline, or an error with a code the screens word. */
export function problemOf(error: unknown): { state: 'offline' | 'error'; code?: SyncProblemCode; message: string } {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof SyncUnavailableError) return { state: 'error', code: 'insecure', message };
  if (!(error instanceof HttpError)) return { state: 'error', code: 'server', message };
  if (error.kind === 'network' || error.kind === 'timeout') return { state: 'offline', message };
  const code = (error.body as { code?: unknown } | undefined)?.code;
  if (error.status === 401) return { state: 'error', code: 'wrong-passphrase', message };
  if (code === 'sync-vault-full') return { state: 'error', code: 'vault-full', message };
  if (code === 'sync-record-too-large') return { state: 'error', code: 'record-too-large', message };
  if (error.status === 429) return { state: 'error', code: 'rate', message };
  return { state: 'error', code: 'server', message };
}

async function unreadableCounts(): Promise<{ type: string; count: number }[]> {
  const counts = new Map<string, number>();
  await syncDb().unreadable.each((record) => counts.set(record.type, (counts.get(record.type) ?? 0) + 1));
  return [...counts].map(([type, count]) => ({ type, count }));
}

async function vaultSession(sources: readonly SyncSource[], config: () => SyncConfig) {
  const vault = await readState('vault');
  if (!vault) return null;
  const ledger = new Ledger(sources, (kind) => kindEnabled(config(), kind));
  const client = new VaultClient(vault.vaultId, vault.writeToken);
  return { client, engine: new SyncEngine(ledger, client, vault.cryptoKey), ledger, key: vault.cryptoKey };
}

export interface SyncHandle {
  /** A round now (Settings → Sync's status, a restore); resolves when it has ended. */
  syncNow(): Promise<void>;
  stop(): void;
}

/**
 * Keeps this device in step with its vault (docs/sync.md "When it runs"): a round at start, after
 * local edits (debounced), when another device's change is heard (a held request), every few
 * minutes, and when the network comes back. The status is `useSyncStatus`.
 */
export function startSync(sources: readonly SyncSource[], config: () => SyncConfig = readSyncConfig): SyncHandle {
  const stopper = new AbortController();
  const { signal } = stopper;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // What to look at for local edits next round: every source at first, after a failure and on the
  // periodic round; otherwise only those whose storage was written (a chat of a thousand messages
  // is not read again for a theme switched).
  let toScan: Set<SyncSource> | 'all' = 'all';
  const written = (changedSources: readonly SyncSource[]) => {
    if (toScan !== 'all') for (const source of changedSources) toScan.add(source);
  };

  const round = async (): Promise<void> => {
    const session = await vaultSession(sources, config);
    if (!session) {
      useSyncStatus.setState({ state: 'error', problem: { code: 'no-key', message: 'no vault key on this device' } });
      return;
    }
    useSyncStatus.setState({ state: 'syncing' });
    const start = performance.now();
    const scanning = toScan;
    toScan = new Set();
    try {
      const report = await session.engine.pass(signal, scanning === 'all' ? undefined : scanning);
      // For benches and the browser's performance panel: how long a round took and what it moved.
      performance.measure('kotonoha:sync-round', { start, detail: { pulled: report.pulled, pushed: report.pushed } });
      if (report.applied.size) emit('synced', { types: [...report.applied.keys()] });
      useSyncStatus.setState({ state: 'synced', problem: undefined, syncedAt: Date.now(), unreadable: await unreadableCounts() });
    } catch (error) {
      toScan = 'all';
      if (isAbort(error)) return;
      const problem = problemOf(error);
      useSyncStatus.setState({ state: problem.state, problem: problem.code ? { code: problem.code, message: problem.message } : undefined, unreadable: await unreadableCounts() });
    }
  };

  const syncNow = (): Promise<void> => {
    if (signal.aborted) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await round();
      } while (again && !signal.aborted);
    })().finally(() => {
      running = null;
      clearTimeout(timer);
      if (!signal.aborted)
        timer = setTimeout(() => {
          toScan = 'all';
          void syncNow();
        }, roundEveryMs);
    });
    return running;
  };

  let debounce: ReturnType<typeof setTimeout> | undefined;
  let lastChangeRound = 0;
  const changed = (changedSources: readonly SyncSource[]) => {
    written(changedSources);
    clearTimeout(debounce);
    const wait = Math.max(changeDebounceMs, lastChangeRound + changeRoundGapMs - Date.now());
    debounce = setTimeout(() => {
      lastChangeRound = Date.now();
      void syncNow();
    }, wait);
  };

  const listen = async () => {
    let failed = false;
    while (!signal.aborted) {
      try {
        const session = await vaultSession(sources, config);
        if (!session) return;
        const since = (await readState('cursor'))?.seq ?? 0;
        const asked = Date.now();
        const answer = await session.client.changes(since, { waitSeconds: listenSeconds, signal });
        // The vault answers again after a failure (the network is back): a round says so and catches up.
        if (answer.records.length || failed) await syncNow();
        // An empty answer that came at once (the vault holds as many listeners as it will): ask again later, not in a loop.
        else if (Date.now() - asked < 1000) await delay(retryAfterFailureMs, signal);
        failed = false;
      } catch (error) {
        if (signal.aborted || isAbort(error)) return;
        failed = true;
        await delay(retryAfterFailureMs, signal).catch(() => undefined);
      }
    }
  };

  const keyWritten = (key: string | null) => {
    const changedSources = sources.filter((source) => source.storageKeys?.some((watched) => watched === key));
    if (changedSources.length) changed(changedSources);
  };
  const lookAtEverything = () => {
    toScan = 'all';
    void syncNow();
  };
  const unsubscribers = [
    onStorageWritten(keyWritten),
    on(window, 'storage', (event) => keyWritten((event as StorageEvent).key)),
    on(window, 'online', lookAtEverything),
    on(window, 'offline', () => useSyncStatus.setState({ state: 'offline' })),
    on(document, 'visibilitychange', () => document.visibilityState === 'visible' && lookAtEverything()),
  ];
  const dexieChanged = (parts: Record<string, unknown>) => {
    const written = Object.keys(parts);
    const changedSources = sources.filter((source) => source.databases?.some((name) => written.some((part) => part.startsWith(`idb://${name}/`))));
    if (changedSources.length) changed(changedSources);
  };
  Dexie.on('storagemutated', dexieChanged);
  unsubscribers.push(() => Dexie.on('storagemutated').unsubscribe(dexieChanged));

  void syncNow();
  void listen();
  return {
    syncNow,
    stop: () => {
      stopper.abort();
      clearTimeout(timer);
      clearTimeout(debounce);
      for (const unsubscribe of unsubscribers) unsubscribe();
      useSyncStatus.setState({ state: 'off', problem: undefined, unreadable: [] });
    },
  };
}

function on(target: EventTarget, type: string, listener: (event: Event) => void): () => void {
  target.addEventListener(type, listener);
  return () => target.removeEventListener(type, listener);
}

/**
 * Checks the passphrase against the vault and keeps its key on this device (docs/sync.md "Turning
 * it on"): a new vault gets its check record; an existing one must open it, else the passphrase
 * is wrong. The passphrase itself is kept nowhere.
 */
export async function connectVault(vaultName: string, passphrase: string): Promise<{ created: boolean }> {
  if (passphrase.length < minPassphraseLength) throw new SyncSetupError('short-passphrase');
  let keys;
  const start = performance.now();
  try {
    keys = await deriveVaultKeys(vaultName, passphrase);
    performance.measure('kotonoha:sync-key-derivation', { start });
  } catch (error) {
    if (error instanceof SyncUnavailableError) throw new SyncSetupError('insecure');
    throw error;
  }
  const client = new VaultClient(keys.vaultId, keys.writeToken);
  let opened;
  try {
    opened = await client.open();
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) throw new SyncSetupError('wrong-passphrase');
    throw error;
  }
  const sealedCheck = () => sealRecord(keys.key, { id: checkRecord.id, type: checkRecord.type, hlc: '00000000000-00000-0', data: checkRecord.text });
  if (opened.created || opened.seq === 0) {
    await client.push([{ id: checkRecord.id, type: checkRecord.type, ciphertext: await sealedCheck(), ifSeq: 0 }]);
  } else {
    const check = await findCheck(client);
    if (!check) await client.push([{ id: checkRecord.id, type: checkRecord.type, ciphertext: await sealedCheck(), ifSeq: 0 }]);
    else {
      const opened = await openRecord(keys.key, check);
      if (typeof opened === 'string' || opened.data !== checkRecord.text) throw new SyncSetupError('wrong-passphrase');
    }
  }
  const clock = await readState('clock');
  const device = await readState('device');
  await forgetVault();
  if (clock) await writeState(clock);
  if (device) await writeState(device);
  await writeState({ key: 'vault', vaultId: keys.vaultId, writeToken: keys.writeToken, cryptoKey: keys.key });
  // More than its check record: another device's data is there, and wins over what this one held before.
  if (opened.seq > 1) await writeState({ key: 'joining' });
  return { created: opened.created };
}

async function findCheck(client: VaultClient) {
  let since = 0;
  for (;;) {
    const page = await client.changes(since);
    const check = page.records.find((record) => record.id === checkRecord.id);
    if (check) return check;
    if (!page.more || !page.records.length) return undefined;
    since = page.records.at(-1)!.seq;
  }
}

/** Takes the keys and tokens off the vault (tombstones); this device and the others keep theirs. */
export async function withdrawKeys(sources: readonly SyncSource[], config: () => SyncConfig = readSyncConfig): Promise<void> {
  const session = await vaultSession(sources, config);
  const types = sources.filter((source) => source.kind === 'keys').flatMap((source) => source.types);
  if (session) await session.engine.withdraw(types);
}

export async function listSnapshots(signal?: AbortSignal) {
  const vault = await readState('vault');
  if (!vault) return [];
  return (await new VaultClient(vault.vaultId, vault.writeToken).snapshots(signal)).snapshots;
}

/**
 * Brings back what the vault held on that day: each readable record of the snapshot becomes this
 * device's newest edit and is pushed on the next round; nothing made since is removed.
 */
export async function restoreSnapshot(day: string, sources: readonly SyncSource[], config: () => SyncConfig = readSyncConfig): Promise<{ restored: number; unreadable: number }> {
  const session = await vaultSession(sources, config);
  if (!session) return { restored: 0, unreadable: 0 };
  const snapshot = await session.client.snapshot(day);
  await session.ledger.load();
  await session.ledger.scan();
  const readable = [];
  let unreadable = 0;
  for (const record of snapshot.records) {
    if (record.type === checkRecord.type || record.deleted || !session.ledger.sourceOf(record.type)) continue;
    const opened = await openRecord(session.key, record);
    if (typeof opened === 'string') unreadable++;
    else readable.push({ id: record.id, type: record.type, hlc: opened.hlc, data: opened.data });
  }
  const { applied, rejected } = await session.ledger.merge(session.ledger.restamp(readable), { fromVault: false });
  return { restored: [...applied.values()].reduce((a, b) => a + b, 0), unreadable: unreadable + rejected.length };
}

export { forgetVault };

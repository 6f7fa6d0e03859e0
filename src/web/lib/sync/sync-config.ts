import { readJson, removeKey, storageKeys, writeJson } from '../storage';

/**
 * What this device syncs (docs/sync.md "What travels"): read by the shell at start, so it stays small;
 * the sync code itself loads only when `on`.
 */
export const syncKinds = ['settings', 'preferences', 'engines', 'prompts', 'chats', 'shonagon', 'anki'] as const;
export type SyncKind = (typeof syncKinds)[number];
/** Keys and tokens: a kind of its own, off unless the learner ticks `API keys`. */
export type RecordKind = SyncKind | 'keys';

/** A shorter passphrase is refused before any work. */
export const minPassphraseLength = 10;

export interface SyncConfig {
  on: boolean;
  vaultName: string;
  apiKeys: boolean;
  kinds: Record<SyncKind, boolean>;
}

export function defaultSyncConfig(): SyncConfig {
  return { on: false, vaultName: '', apiKeys: false, kinds: Object.fromEntries(syncKinds.map((kind) => [kind, true])) as Record<SyncKind, boolean> };
}

export function readSyncConfig(): SyncConfig {
  const stored = readJson<unknown>(storageKeys.sync, null);
  const config = defaultSyncConfig();
  if (typeof stored !== 'object' || stored === null) return config;
  const { on, vaultName, apiKeys, kinds } = stored as Partial<Record<keyof SyncConfig, unknown>>;
  if (typeof on === 'boolean') config.on = on;
  if (typeof vaultName === 'string') config.vaultName = vaultName;
  if (typeof apiKeys === 'boolean') config.apiKeys = apiKeys;
  if (typeof kinds === 'object' && kinds !== null) {
    for (const kind of syncKinds) {
      const value = (kinds as Record<string, unknown>)[kind];
      if (typeof value === 'boolean') config.kinds[kind] = value;
    }
  }
  return config;
}

export function writeSyncConfig(config: SyncConfig): void {
  writeJson(storageKeys.sync, config);
}

export function clearSyncConfig(): void {
  removeKey(storageKeys.sync);
}

export function kindEnabled(config: SyncConfig, kind: RecordKind): boolean {
  return kind === 'keys' ? config.apiKeys : config.kinds[kind];
}

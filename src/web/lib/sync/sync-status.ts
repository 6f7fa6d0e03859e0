import { create } from 'zustand';

export type SyncState = 'off' | 'syncing' | 'synced' | 'offline' | 'error';

/** Why the last round failed; the screens word it (docs/sync.md "Errors"). */
export type SyncProblemCode = 'wrong-passphrase' | 'vault-full' | 'record-too-large' | 'rate' | 'no-key' | 'insecure' | 'server';

export interface SyncStatus {
  state: SyncState;
  problem?: { code: SyncProblemCode; message: string };
  /** When the last round ended well (ms). */
  syncedAt?: number;
  /** Records of the vault this device cannot read, by type. */
  unreadable: { type: string; count: number }[];
}

export const useSyncStatus = create<SyncStatus>(() => ({ state: 'off', unreadable: [] }));

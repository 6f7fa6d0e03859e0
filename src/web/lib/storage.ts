/** Every localStorage key the app uses (docs/storage.md "localStorage keys"). */
export const storageKeys = {
  settings: 'kotonoha.settings',
  chat: 'kotonoha.chat',
  translatorEngines: 'kotonoha.translator.engines',
  /** Stand-ins for Web Locks outside a secure context (secure-context.ts withLock): one key per lock. */
  ankiQueueLock: 'kotonoha.lock.kotonoha-anki-queue',
  reviewQueueLock: 'kotonoha.lock.kotonoha-notion-review-queue',
  syncLock: 'kotonoha.lock.kotonoha-sync',
  /** Whether this device syncs, with which vault and which kinds of record (src/web/lib/sync/sync-config.ts). */
  sync: 'kotonoha.sync',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

export function readText(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Reads and parses a JSON value; anything unreadable gives `fallback`. */
export function readJson<T>(key: StorageKey, fallback: T): T {
  const text = readText(key);
  if (text == null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

const writeListeners = new Set<(key: StorageKey) => void>();

/** Called after each write through this module in this tab (another tab's writes arrive as the window's `storage` event). */
export function onStorageWritten(listener: (key: StorageKey) => void): () => void {
  writeListeners.add(listener);
  return () => writeListeners.delete(listener);
}

export function writeJson(key: StorageKey, value: unknown): void {
  window.localStorage.setItem(key, JSON.stringify(value));
  for (const listener of writeListeners) listener(key);
}

export function removeKey(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Storage switched off: there is nothing to remove.
  }
}

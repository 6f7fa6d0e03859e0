/** Every localStorage key the app uses (docs/storage.md "localStorage keys"). */
export const storageKeys = {
  settings: 'kotonoha.settings',
  chat: 'kotonoha.chat',
  translatorEngines: 'kotonoha.translator.engines',
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

export function writeJson(key: StorageKey, value: unknown): void {
  window.localStorage.setItem(key, JSON.stringify(value));
}

import { create } from 'zustand';
import { readJson, storageKeys, writeJson } from '../../lib/storage';

/**
 * docs/storage.md "Translator engine flags": `kotonoha.translator.engines` holds `{[engineName]:
 * {enabled}}`; missing = enabled.
 */
export type EngineFlags = Record<string, { enabled: boolean }>;

function readFlags(): EngineFlags {
  const stored = readJson<unknown>(storageKeys.translatorEngines, {});
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  const flags: EngineFlags = {};
  for (const [name, value] of Object.entries(stored)) {
    if (typeof value === 'object' && value !== null && typeof (value as { enabled?: unknown }).enabled === 'boolean') {
      flags[name] = { enabled: (value as { enabled: boolean }).enabled };
    }
  }
  return flags;
}

interface FlagsState {
  flags: EngineFlags;
  setEnabled: (name: string, enabled: boolean) => void;
}

export const useEngineFlags = create<FlagsState>((set, get) => ({
  flags: readFlags(),
  setEnabled: (name, enabled) => {
    const flags = { ...get().flags, [name]: { enabled } };
    writeJson(storageKeys.translatorEngines, flags);
    set({ flags });
  },
}));

/** Flags written on another device (sync, a backup's import). */
export function replaceEngineFlags(flags: EngineFlags): void {
  writeJson(storageKeys.translatorEngines, flags);
  useEngineFlags.setState({ flags: readFlags() });
}

export function isEnabled(flags: EngineFlags, name: string): boolean {
  return flags[name]?.enabled ?? true;
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === storageKeys.translatorEngines) useEngineFlags.setState({ flags: readFlags() });
  });
}

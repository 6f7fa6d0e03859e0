import { create } from 'zustand';
import { defaultSettings, parseStoredSettings, type Settings } from '../../common/settings';
import { readText, storageKeys, writeJson } from './storage';

interface SettingsState {
  /** The saved settings. Screens edit a copy and call `save` (spec §4: persisted only on Save). */
  settings: Settings;
  save: (next: Settings) => void;
  resetToDefaults: () => void;
  /** Re-reads storage, e.g. after another tab saved. */
  reload: () => void;
}

export const useSettingsStore = create<SettingsState>((set) => ({
  settings: parseStoredSettings(readText(storageKeys.settings)),
  save: (next) => {
    writeJson(storageKeys.settings, next);
    set({ settings: next });
  },
  resetToDefaults: () => {
    const defaults = defaultSettings();
    writeJson(storageKeys.settings, defaults);
    set({ settings: defaults });
  },
  reload: () => set({ settings: parseStoredSettings(readText(storageKeys.settings)) }),
}));

export function useSettings<T>(selector: (settings: Settings) => T): T {
  return useSettingsStore((state) => selector(state.settings));
}

export function getSettings(): Settings {
  return useSettingsStore.getState().settings;
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === storageKeys.settings) useSettingsStore.getState().reload();
  });
}

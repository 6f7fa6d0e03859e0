import { create } from 'zustand';
import type { FuriganaMode } from '../../common/reading';
import { defaultSettings, parseStoredSettings, type Language, type Settings, type Theme } from '../../common/settings';
import { readText, storageKeys, writeJson } from './storage';

interface SettingsState {
  /**
   * The saved settings. Screens edit a copy and call `save` (docs/behaviour.md "Settings screen":
   * persisted only on Save).
   */
  settings: Settings;
  save: (next: Settings) => void;
  /**
   * Language, theme and furigana apply and are saved at once, from wherever they are switched
   * (docs/on-screen-names.md "Shell", docs/storage.md "Settings"); so `save` keeps them as they are
   * now, and a Save of a Settings draft opened earlier never undoes a switch made since.
   */
  setPreferences: (preferences: Partial<{ language: Language; theme: Theme; furigana: FuriganaMode }>) => void;
  resetToDefaults: () => void;
  /** Sections written on another device (sync, a backup's import), over the saved settings. */
  applySections: (sections: Partial<Settings>) => void;
  /** Re-reads storage, e.g. after another tab saved. */
  reload: () => void;
}

export const useSettingsStore = create<SettingsState>((set, get) => ({
  settings: parseStoredSettings(readText(storageKeys.settings)),
  save: (next) => {
    const { language, theme, furigana } = get().settings;
    const kept = { ...next, language, theme, furigana };
    writeJson(storageKeys.settings, kept);
    set({ settings: kept });
  },
  setPreferences: (preferences) => {
    const next = { ...get().settings, ...preferences };
    writeJson(storageKeys.settings, next);
    set({ settings: next });
  },
  resetToDefaults: () => {
    const defaults = defaultSettings();
    writeJson(storageKeys.settings, defaults);
    set({ settings: defaults });
  },
  applySections: (sections) => {
    const next = { ...get().settings, ...sections };
    writeJson(storageKeys.settings, next);
    set({ settings: next });
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

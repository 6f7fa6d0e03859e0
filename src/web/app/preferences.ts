import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import type { Theme } from '../../common/settings';
import { activateLanguage } from '../lib/i18n/i18n';
import { common } from '../lib/i18n/common';
import { loadCatalogue } from '../lib/i18n/i18n';
import { getSettings, useSettingsStore } from '../lib/settings-store';

const colorScheme = (theme: Theme): MantineColorScheme => (theme === 'system' ? 'auto' : theme);

const prefersDark = () => window.matchMedia?.('(prefers-color-scheme: dark)').matches === true;

/**
 * Mantine reads and follows the theme from the settings store (it follows the system's scheme
 * live for `system`); switching is done by the store, never by Mantine's own storage.
 */
export function settingsColorSchemeManager(): MantineColorSchemeManager {
  let stop: (() => void) | undefined;
  return {
    get: () => colorScheme(getSettings().theme),
    set: () => {},
    subscribe: (onUpdate) => {
      stop = useSettingsStore.subscribe((state, previous) => {
        if (state.settings.theme !== previous.settings.theme) onUpdate(colorScheme(state.settings.theme));
      });
    },
    unsubscribe: () => stop?.(),
    clear: () => {},
  };
}

/**
 * Before the first render: the theme's colours on <html> and the active language's shell
 * catalogue, so the first paint is already in the right colours and words (no flash). Then every
 * later change of language, from this tab or another, is applied when its catalogues are in.
 */
export async function startPreferences(): Promise<void> {
  const { language, theme } = getSettings();
  const scheme = theme === 'system' ? (prefersDark() ? 'dark' : 'light') : theme;
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  document.documentElement.style.colorScheme = scheme;
  await loadCatalogue(common, language);
  await activateLanguage(language);
  useSettingsStore.subscribe((state, previous) => {
    if (state.settings.language !== previous.settings.language) void activateLanguage(state.settings.language);
  });
}

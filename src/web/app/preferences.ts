import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import type { Theme } from '../../common/settings';
import { activateLanguage } from '../lib/i18n/i18n';
import { common } from '../lib/i18n/common';
import { loadCatalogue } from '../lib/i18n/i18n';
import { getSettings, useSettingsStore } from '../lib/settings-store';
import { themeColors } from './theme-colors';

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
  followThemeColor();
  await loadCatalogue(common, language);
  await activateLanguage(language);
  useSettingsStore.subscribe((state, previous) => {
    if (state.settings.language !== previous.settings.language) void activateLanguage(state.settings.language);
  });
}

/**
 * The page's <meta name="theme-color"> (a phone's status bar, an installed app's title bar) in the
 * colour of the scheme on screen: Mantine marks <html> with it, for a chosen theme and for the
 * system's alike, so following that mark follows every change.
 */
function followThemeColor(): void {
  const root = document.documentElement;
  // index.html has it.
  const meta = document.querySelector('meta[name="theme-color"]');
  const apply = () => meta?.setAttribute('content', themeColors[root.getAttribute('data-mantine-color-scheme') === 'dark' ? 'dark' : 'light']);
  apply();
  new MutationObserver(apply).observe(root, { attributes: true, attributeFilter: ['data-mantine-color-scheme'] });
}

import { defineCatalogue } from './i18n';
import type english from './locales/en.json';
import chinese from './locales/zh.json';

/**
 * The shell's words and those of the shared library and components: loaded before the first paint.
 * Chinese, the default language, comes inside the shell, so a first visit's paint waits for no
 * catalogue file after the shell (a round trip on a phone); the others load on demand (decision 0015).
 */
export const common = defineCatalogue<typeof english>('common', {
  en: () => import('./locales/en.json'),
  zh: () => Promise.resolve({ default: chinese }),
  ja: () => import('./locales/ja.json'),
});

import { defineCatalogue } from './i18n';
import type english from './locales/en.json';

/** The shell's words and those of the shared library and components: loaded before the first paint. */
export const common = defineCatalogue<typeof english>('common', {
  en: () => import('./locales/en.json'),
  zh: () => import('./locales/zh.json'),
  ja: () => import('./locales/ja.json'),
});

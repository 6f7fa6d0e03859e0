import { defineCatalogue } from '../../lib/i18n/i18n';
import type english from './locales/en.json';

/** This screen's words (locales/<language>.json), loaded with its chunk in the active language only. */
export const catalogue = defineCatalogue<typeof english>('share', {
  en: () => import('./locales/en.json'),
  zh: () => import('./locales/zh.json'),
  ja: () => import('./locales/ja.json'),
});

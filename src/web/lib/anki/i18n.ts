import { defineCatalogue } from '../i18n/i18n';
import type english from './locales/en.json';

/** The words of "add to Anki" and its messages (locales/<language>.json), loaded with the first control. */
export const ankiCatalogue = defineCatalogue<typeof english>('anki', {
  en: () => import('./locales/en.json'),
  zh: () => import('./locales/zh.json'),
  ja: () => import('./locales/ja.json'),
});

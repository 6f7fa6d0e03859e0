import { defineCatalogue } from '../../../lib/i18n/i18n';
import type english from './locales/en.json';

/** Settings → Dictionaries' words, apart from the lookup's: Settings loads these without the card's. */
export const catalogue = defineCatalogue<typeof english>('dictionaries', {
  en: () => import('./locales/en.json'),
  zh: () => import('./locales/zh.json'),
  ja: () => import('./locales/ja.json'),
});

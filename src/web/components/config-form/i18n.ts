import { defineCatalogue } from '../../lib/i18n/i18n';
import type english from './locales/en.json';

/** The configuration form's words: loaded with the form (a dialog), not with the screens that list configurations. */
export const catalogue = defineCatalogue<typeof english>('configForm', {
  en: () => import('./locales/en.json'),
  zh: () => import('./locales/zh.json'),
  ja: () => import('./locales/ja.json'),
});

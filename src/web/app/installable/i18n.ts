import { defineCatalogue } from '../../lib/i18n/i18n';
import type english from './locales/en.json';

/** The installed app's words (the update toast, the offline notice): loaded when one is shown, never with the shell. */
export const catalogue = defineCatalogue<typeof english>('installable', {
  en: () => import('./locales/en.json'),
  zh: () => import('./locales/zh.json'),
  ja: () => import('./locales/ja.json'),
});

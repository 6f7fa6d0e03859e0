import { defineCatalogue } from '../../lib/i18n/i18n';
import type english from './locales/en.json';

/**
 * Sync's words beyond the set-up form (whose few are in the settings catalogue, for Settings' first
 * paint): the status, the sidebar's badge, snapshots, backups. Loaded with their lazy code.
 */
export const catalogue = defineCatalogue<typeof english>('sync', {
  en: () => import('./locales/en.json'),
  zh: () => import('./locales/zh.json'),
  ja: () => import('./locales/ja.json'),
});

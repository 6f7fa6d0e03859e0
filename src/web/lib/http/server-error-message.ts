import { formatBytes } from '../../../common/bytes';
import { codedErrorOf, serverErrors, type ErrorParamKind } from '../../../common/server-errors';
import { formatNumber } from '../i18n/format';
import { defineCatalogue, loadCatalogue, translate } from '../i18n/i18n';
import type english from './locales/en.json';

/**
 * The learner's words for the codes of docs/errors.md. Loaded the first time this server answers
 * an error, not with the shell: most sessions never need it.
 */
export const serverErrorCatalogue = defineCatalogue<typeof english>('serverErrors', {
  en: () => import('./locales/en.json'),
  zh: () => import('./locales/zh.json'),
  ja: () => import('./locales/ja.json'),
});

function formatParam(kind: ErrorParamKind, value: string | number): string {
  if (typeof value === 'string') return value;
  if (kind === 'bytes' || kind === 'limit') return formatBytes(value, kind === 'limit' ? 'limit' : 'size');
  return formatNumber(value, kind === 'seconds' ? { maximumFractionDigits: 1 } : undefined);
}

/**
 * An error body of this server worded in the interface language, its params filled in; undefined
 * for a body without a code this app knows (a newer server's, a relayed service's own), whose
 * English `error` the caller shows instead.
 */
export async function serverErrorMessage(body: unknown): Promise<string | undefined> {
  const coded = codedErrorOf(body);
  if (!coded) return undefined;
  try {
    await loadCatalogue(serverErrorCatalogue);
  } catch {
    return undefined;
  }
  const kinds = serverErrors[coded.code].params as Record<string, ErrorParamKind>;
  const values = Object.fromEntries(Object.entries(coded.params).map(([name, value]) => [name, formatParam(kinds[name], value)]));
  return translate(serverErrorCatalogue, coded.code, values);
}

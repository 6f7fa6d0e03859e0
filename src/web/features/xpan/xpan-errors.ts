import { xpanErrnoTable, xpanMissingTokenMessage } from '../../../common/xpan';
import { httpErrorMessage } from '../../lib/http/http-client';
import type { KeysOf } from '../../lib/i18n/i18n';
import type { Translate } from '../../lib/i18n/use-t';
import { XpanError } from './api/xpan-api';
import type { catalogue } from './i18n';

type XpanKey = KeysOf<typeof catalogue>;

/** Baidu's errno (the one table in common/xpan.ts) → its words in the catalogue. */
const errnoKeys: Record<number, XpanKey> = {
  [-6]: 'error.token',
  111: 'error.token',
  31045: 'error.token',
  [-7]: 'error.badName',
  6: 'error.notAllowed',
  [-8]: 'error.nameTaken',
  31061: 'error.fileNameTaken',
  [-9]: 'error.noSuchEntry',
  [-3]: 'error.noSuchFile',
  [-31066]: 'error.noSuchFile',
  [-10]: 'error.full',
  2: 'error.badParameter',
  31023: 'error.badParameter',
  31034: 'error.rateLimited',
};

function keyOfMessage(message: string): XpanKey | undefined {
  if (message === xpanMissingTokenMessage) return 'error.noToken';
  for (const [errno, entry] of Object.entries(xpanErrnoTable)) {
    if (entry.message === message) return errnoKeys[Number(errno)];
  }
  return undefined;
}

/**
 * A failed drive call in the interface language: Baidu's errno, or our relay's answer when it is
 * one of the same table's messages (an expired token while streaming); any other answer as sent.
 */
export function xpanErrorText(t: Translate<XpanKey>, error: unknown): string {
  if (error instanceof XpanError && error.errno !== undefined) {
    const key = errnoKeys[error.errno];
    return key ? t(key) : t('error.errno', { errno: error.errno });
  }
  const message = httpErrorMessage(error);
  const key = keyOfMessage(message);
  return key ? t(key) : message;
}

import { describe, expect, it } from 'vitest';
import { xpanErrno, xpanErrnoTable, xpanMissingTokenMessage, xpanTokenMessage } from '../../../common/xpan';
import { translate, type KeysOf } from '../../lib/i18n/i18n';
import type { Translate } from '../../lib/i18n/use-t';
import { XpanError } from './api/xpan-api';
import { xpanErrorText } from './xpan-errors';
import { catalogue } from './i18n';

// Unit tests load every catalogue in English first (test-setup.ts).
const t: Translate<KeysOf<typeof catalogue>> = (key, values) => translate(catalogue, key, values);

describe('drive errors in the interface language', () => {
  it('words every errno of the table as the table does, in English', () => {
    for (const errno of [...Object.keys(xpanErrnoTable).map(Number), 12345]) {
      const { status, message } = xpanErrno(errno);
      expect(xpanErrorText(t, new XpanError(message, status, errno)), String(errno)).toBe(message);
    }
  });

  it("rewords the relay's answers that come from the same table, and keeps any other as sent", () => {
    expect(xpanErrorText(t, new Error(xpanTokenMessage))).toBe(xpanTokenMessage);
    expect(xpanErrorText(t, new Error(xpanMissingTokenMessage))).toBe(xpanMissingTokenMessage);
    expect(xpanErrorText(t, new Error('answered with a redirect (302), which is not followed'))).toBe('answered with a redirect (302), which is not followed');
  });
});

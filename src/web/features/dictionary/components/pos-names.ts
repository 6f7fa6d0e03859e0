import type { KeysOf } from '../../../lib/i18n/i18n';
import type { Translate } from '../../../lib/i18n/use-t';
import type { catalogue } from '../i18n';

/** Plain words for the EDICT part-of-speech codes a learner meets most (`pos.<code>` in the catalogue); the rest show as codes. */
const posCodes = new Set([
  'n', 'n-adv', 'n-suf', 'n-pref', 'n-t', 'v1', 'v5', 'v5k-s', 'vk', 'vs', 'vs-i', 'vs-s', 'vi', 'vt', 'adj-i', 'adj-ix', 'adj-na', 'adj-no',
  'adj-pn', 'adj-t', 'adj-f', 'adv', 'adv-to', 'exp', 'int', 'conj', 'ctr', 'pn', 'prt', 'pref', 'suf', 'aux', 'aux-v', 'aux-adj', 'num', 'unc',
]);

export type Words = Translate<KeysOf<typeof catalogue>>;

/** The part of speech in words, or `null` for a code without a name (shown as the code itself). */
export function posName(t: Words, code: string): string | null {
  if (posCodes.has(code)) return t(`pos.${code}` as KeysOf<typeof catalogue>);
  return code.startsWith('v5') ? t('pos.v5') : null;
}

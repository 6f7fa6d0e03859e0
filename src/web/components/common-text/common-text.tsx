import { common } from '../../lib/i18n/common';
import type { KeysOf, Values } from '../../lib/i18n/i18n';
import { useT } from '../../lib/i18n/use-t';

/**
 * A message of the shell's catalogue as an element, for words handed over before they are shown
 * (a modal's title opened from an event handler): it follows a switch of language while shown.
 */
export function CommonText({ id, values }: { id: KeysOf<typeof common>; values?: Values }) {
  const t = useT(common);
  return <>{t(id, values)}</>;
}

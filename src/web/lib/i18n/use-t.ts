import { use, useCallback, useSyncExternalStore } from 'react';
import { i18n, loadCatalogue, type Catalogue, type Language, type Values } from './i18n';

export type Translate<Keys extends string> = (key: Keys, values?: Values) => string;

const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const activeLocale = () => i18n.locale as Language;

/**
 * The messages of one catalogue in the active language, re-rendered when it changes. A component
 * rendered before its catalogue arrived suspends until it has (routes load it with their chunk).
 */
export function useT<Keys extends string>(catalogue: Catalogue<Keys>): Translate<Keys> {
  const locale = useSyncExternalStore(subscribe, activeLocale, activeLocale);
  const load = loadCatalogue(catalogue, locale);
  // Once loaded, `use` reads the settled promise without suspending.
  if (load.status !== 'fulfilled') use(load as Promise<void>);
  const { namespace } = catalogue;
  // `locale` in the dependencies: a new function after a switch, so memoised children re-render too.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- i18n is a singleton; the locale is what changes.
  return useCallback((key: Keys, values?: Values) => i18n._(`${namespace}.${key}`, values), [locale, namespace]);
}

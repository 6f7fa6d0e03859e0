import { i18n, type Messages } from '@lingui/core';
import type { Language } from '../../../common/settings';

export type { Language };

/** `<html lang>` per interface language (docs/on-screen-names.md "Shell"). */
export const htmlLang: Record<Language, string> = { zh: 'zh-CN', en: 'en', ja: 'ja' };
/** The locale Intl formats dates, numbers and sizes with. */
export const intlLocale: Record<Language, string> = { zh: 'zh-CN', en: 'en', ja: 'ja-JP' };

type Loader = () => Promise<{ default: Messages }>;

/**
 * One screen's (or the shell's) messages: loaded with its chunk, in the active language only.
 * `Keys` is the English catalogue's type, so a key that is not in it does not compile.
 */
export interface Catalogue<Keys extends string = string> {
  namespace: string;
  load: Record<Language, Loader>;
  /** Phantom: carries the key type. */
  readonly keys?: Keys;
}

/** The keys of a catalogue, e.g. for a route's heading kept as a key. */
export type KeysOf<C> = C extends Catalogue<infer Keys> ? Keys : never;

export function defineCatalogue<English extends Record<string, string>>(namespace: string, load: Record<Language, Loader>): Catalogue<keyof English & string> {
  return { namespace, load };
}

/**
 * The pseudo-locale (tests only, `localStorage['kotonoha.pseudo-locale'] = '1'`): the English
 * messages, each wrapped in ⟦…⟧, so a test can tell catalogue text from text that skipped it.
 */
const pseudo = (() => {
  try {
    return localStorage.getItem('kotonoha.pseudo-locale') === '1';
  } catch {
    return false;
  }
})();

const wrap = (messages: Messages): Messages => Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, ['⟦', ...(message as unknown[]), '⟧']])) as Messages;

const prefixed = (namespace: string, messages: Messages): Messages =>
  Object.fromEntries(Object.entries(messages).map(([key, message]) => [`${namespace}.${key}`, message])) as Messages;

/** A promise React's `use` reads synchronously once settled (it checks `status`). */
export type Tracked = Promise<void> & { status: 'pending' | 'fulfilled' | 'rejected'; value?: void; reason?: unknown };

const loads = new Map<string, Tracked>();
const known = new Map<string, Catalogue>();

function track(promise: Promise<void>): Tracked {
  const tracked = promise as Tracked;
  tracked.status = 'pending';
  tracked.then(
    () => {
      tracked.status = 'fulfilled';
    },
    (reason: unknown) => {
      tracked.status = 'rejected';
      tracked.reason = reason;
    },
  );
  return tracked;
}

/** Loads a catalogue in a language once; the same promise for every later caller. */
export function loadCatalogue(catalogue: Catalogue, language: Language = activeLanguage()): Tracked {
  known.set(catalogue.namespace, catalogue);
  const id = `${catalogue.namespace}:${language}`;
  let load = loads.get(id);
  if (!load) {
    load = track(
      catalogue.load[pseudo ? 'en' : language]().then(({ default: messages }) => {
        i18n.load(language, prefixed(catalogue.namespace, pseudo ? wrap(messages) : messages));
      }),
    );
    // A failed download (offline, a new deploy) may be tried again.
    load.catch(() => loads.delete(id));
    loads.set(id, load);
  }
  return load;
}

export function activeLanguage(): Language {
  return (i18n.locale || 'zh') as Language;
}

/**
 * Switches the interface: every catalogue loaded so far is fetched in the new language first,
 * then everything re-renders at once in it (no half-translated frame). A catalogue first asked
 * for while those download (Anki's messages, say) is fetched in the new language too: activated
 * without it, its messages would show as key names.
 */
export async function activateLanguage(language: Language): Promise<void> {
  for (let fetched = -1; fetched !== known.size; ) {
    fetched = known.size;
    await Promise.all([...known.values()].map((catalogue) => loadCatalogue(catalogue, language)));
  }
  if (i18n.locale !== language) i18n.activate(language);
  document.documentElement.lang = htmlLang[language];
}

export type Values = Record<string, unknown>;

/** A message for code outside React (toasts, errors): the catalogue must be loaded. */
export function translate<Keys extends string>(catalogue: Catalogue<Keys>, key: Keys, values?: Values): string {
  return i18n._(`${catalogue.namespace}.${key}`, values);
}

export { i18n };

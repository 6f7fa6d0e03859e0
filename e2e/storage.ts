import type { BrowserContext, Page } from '@playwright/test';

/** The storage keys of CONTRACT.md "Browser storage". */
export const storageKeys = {
  settings: 'kotonoha.settings',
  chat: 'kotonoha.chat',
  engines: 'kotonoha.translator.engines',
  pseudoLocale: 'kotonoha.pseudo-locale',
} as const;

/** What every test's browser starts with: the interface in English (the app's default is Chinese). */
export const baseSettings = { language: 'en' } as const;

export interface Seed {
  /** Merged over `baseSettings` and written to `kotonoha.settings`. */
  settings?: Record<string, unknown>;
  /** Other localStorage keys, written as JSON (strings as they are). */
  storage?: Record<string, unknown>;
  /** Every message wrapped in ⟦…⟧ (docs/decisions/0015). */
  pseudoLocale?: boolean;
  /**
   * `once` (the default): written before the first page of the tab loads, so what the app saves
   * survives a reload; `every-load`: written again before each navigation.
   */
  when?: 'once' | 'every-load';
}

let seeds = 0;

/**
 * The one way an e2e test puts settings and storage into the browser before a page loads. The
 * `page` fixture (fixtures.ts) seeds `baseSettings` for every test; a test that calls this again
 * replaces the settings with its own, still over `baseSettings`.
 */
export async function seedStorage(target: Page | BrowserContext, { settings = {}, storage = {}, pseudoLocale = false, when = 'once' }: Seed = {}) {
  seeds += 1;
  const entries: Array<[string, string]> = [
    [storageKeys.settings, JSON.stringify({ ...baseSettings, ...settings })],
    ...Object.entries(storage).map(([key, value]): [string, string] => [key, typeof value === 'string' ? value : JSON.stringify(value)]),
  ];
  if (pseudoLocale) entries.push([storageKeys.pseudoLocale, '1']);
  await target.addInitScript(
    ({ entries, id, everyLoad }) => {
      const mark = `kotonoha.e2e-seeded.${id}`;
      if (!everyLoad && sessionStorage.getItem(mark)) return;
      for (const [key, value] of entries) localStorage.setItem(key, value);
      sessionStorage.setItem(mark, '1');
    },
    { entries, id: `${process.pid}.${seeds}`, everyLoad: when === 'every-load' },
  );
}

/**
 * Writes the settings into a page that is already open (the next load reads them): an object is
 * merged over `baseSettings`; `raw` text is written as it is (a corrupted value, for instance).
 */
export async function writeSettings(page: Page, value: Record<string, unknown> | { raw: string }) {
  const text = 'raw' in value && typeof value.raw === 'string' ? value.raw : JSON.stringify({ ...baseSettings, ...value });
  await page.evaluate(([key, text]) => localStorage.setItem(key, text), [storageKeys.settings, text] as const);
}

/** The interface switched to a language from the sidebar's foot, as a person does. */
export async function chooseLanguage(page: Page, language: 'zh' | 'en' | 'ja') {
  await page.getByRole('combobox', { name: /^(language|语言|言語)$/ }).first().selectOption(language);
}

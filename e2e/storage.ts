import type { BrowserContext, Page } from '@playwright/test';
import { storageKeys } from '../src/web/lib/storage';

/** Where the app keeps its settings (docs/storage.md "localStorage keys"). */
export const settingsKey = storageKeys.settings;

/**
 * What every test's browser starts with, under what the test gives: the English interface, whatever
 * the app's default language (the names the tests look for are the `en` ones).
 */
export const baseSettings: Record<string, unknown> = { language: 'en' };

export interface StorageSeed {
  /** Settings for `kotonoha.settings`, over `baseSettings` (a section given here replaces that section). */
  settings?: Record<string, unknown>;
  /** Other localStorage entries: a string is stored as it is (also a raw, even broken, settings text), anything else as JSON. */
  localStorage?: Record<string, unknown>;
}

export interface SeedOptions extends StorageSeed {
  /**
   * `every-load` (the default) writes before each page load, so a reload starts from the seed again;
   * `first-load` only before the tab's first, so what the app saves survives a reload;
   * `if-absent` only where no settings are stored yet (the base every test gets).
   */
  on?: 'every-load' | 'first-load' | 'if-absent';
}

function entries({ settings = {}, localStorage = {} }: StorageSeed): Record<string, string> {
  const items: Record<string, string> = { [settingsKey]: JSON.stringify({ ...baseSettings, ...settings }) };
  for (const [key, value] of Object.entries(localStorage)) items[key] = typeof value === 'string' ? value : JSON.stringify(value);
  return items;
}

/**
 * The one way tests put settings and other storage in place before the app reads them: an init
 * script, run before any of the page's own scripts. On a context it covers every page opened in it.
 */
export async function seedStorage(target: Page | BrowserContext, { on = 'every-load', ...seed }: SeedOptions = {}): Promise<void> {
  await target.addInitScript(
    ([items, mode, key]) => {
      if (mode === 'first-load') {
        if (sessionStorage.getItem('kotonoha.e2e.seeded')) return;
        sessionStorage.setItem('kotonoha.e2e.seeded', '1');
      }
      if (mode === 'if-absent' && localStorage.getItem(key) !== null) return;
      for (const [name, value] of Object.entries(items)) localStorage.setItem(name, value);
    },
    [entries(seed), on, settingsKey] as const,
  );
}

/** Replaces storage now, on the page's current origin, for its next load: a test that changes it midway. */
export async function writeStorage(page: Page, seed: StorageSeed): Promise<void> {
  await page.evaluate((items) => {
    for (const [name, value] of Object.entries(items)) localStorage.setItem(name, value);
  }, entries(seed));
}

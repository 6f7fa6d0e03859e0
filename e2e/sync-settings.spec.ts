import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { seedStorage } from './storage';

/** Settings → Sync against the real server's vault (docs/on-screen-names.md "Settings" and "Shell"). */

const syncSection = (page: Page) => page.getByRole('region', { name: 'Sync' });
const badge = (page: Page) => page.getByRole('navigation', { name: 'sidebar' }).getByRole('status', { name: 'sync' });

async function turnOn(page: Page, vaultName: string, passphrase: string) {
  await page.goto('/settings#sync');
  const section = syncSection(page);
  await section.getByRole('textbox', { name: 'vault name' }).fill(vaultName);
  await section.getByLabel('passphrase', { exact: true }).fill(passphrase);
  await section.getByRole('button', { name: 'turn on sync' }).click();
}

test('turned on with a fresh vault the sidebar says synced; the same vault with another passphrase is refused; turned off, the form is back', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const vaultName = `e2e-${Date.now()}`;
  await page.goto('/settings#sync');
  const section = syncSection(page);
  await expect(badge(page)).toHaveCount(0);

  // A short passphrase is refused under the field, before any request.
  const requests: string[] = [];
  page.on('request', (request) => request.url().includes('/api/sync/') && requests.push(request.url()));
  await section.getByLabel('passphrase', { exact: true }).fill('too short');
  await section.getByRole('button', { name: 'turn on sync' }).click();
  await expect(section.getByText('The passphrase needs at least 10 characters.')).toBeVisible();
  expect(requests).toEqual([]);
  await expect(section.getByRole('checkbox', { name: 'API keys' })).not.toBeChecked();

  await turnOn(page, vaultName, 'correct horse battery');
  await expect(badge(page)).toContainText('synced', { timeout: 30_000 });
  await expect(section.getByRole('status')).toContainText('Last synced');
  await expect(section.getByRole('checkbox', { name: 'chats' })).toBeChecked();
  // The vault's snapshot of today (as it stood before today's first write): restored after a confirm.
  const snapshot = section.getByRole('list', { name: 'snapshots' }).getByRole('listitem').first();
  await expect(snapshot).toContainText(/^\d{4}-\d{2}-\d{2} · \d+ records? · /);
  await snapshot.getByRole('button', { name: 'restore', exact: true }).click();
  await snapshot.getByRole('button', { name: /^restore \d{4}/ }).click();
  await expect(page.getByText(/^\d+ records? restored, 0 unreadable\.$/)).toBeVisible({ timeout: 20_000 });
  // A kind unticked is saved at once; API keys ticked then unticked come off the server.
  await section.getByRole('checkbox', { name: 'chats' }).uncheck();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('kotonoha.sync')!).kinds.chats)).toBe(false);
  await section.getByRole('checkbox', { name: 'API keys' }).check();
  await section.getByRole('checkbox', { name: 'API keys' }).uncheck();
  await expect(section.getByText('The keys are off the server; this device and the others keep their own.')).toBeVisible({ timeout: 20_000 });
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('kotonoha.sync')!).apiKeys)).toBe(false);

  // The badge leads to the section.
  await page.goto('/translate');
  await badge(page).getByRole('link').click();
  await expect(page).toHaveURL(/\/settings#sync$/);

  // Another browser, the same vault, another passphrase: told, and nothing turned on.
  const other = await browser.newContext({ baseURL });
  await seedStorage(other, { on: 'if-absent' });
  const second = await other.newPage();
  await turnOn(second, vaultName, 'a different passphrase');
  await expect(syncSection(second).getByRole('alert')).toContainText('The passphrase does not open this vault', { timeout: 30_000 });
  await expect(badge(second)).toHaveCount(0);
  await other.close();

  // Turned off: this device forgets the key, the badge goes, the form comes back.
  await syncSection(page).getByRole('button', { name: 'turn off sync' }).click();
  await expect(syncSection(page).getByRole('button', { name: 'turn on sync' })).toBeVisible();
  await expect(badge(page)).toHaveCount(0);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('kotonoha.sync') ?? '{}').on)).toBe(false);
});

test('export all and import all: a plain file merges back, an encrypted one asks for its passphrase and a wrong one changes nothing', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await seedStorage(page, { settings: { shonagon: { apiBase: '/exported' } }, on: 'first-load' });
  await page.goto('/settings#system');
  const system = page.getByRole('region', { name: 'System' });

  // Plain: downloaded under the backup's name.
  await system.getByRole('button', { name: 'export all' }).click();
  const plainDownload = page.waitForEvent('download');
  await system.getByRole('button', { name: 'download backup' }).click();
  const plain = await plainDownload;
  expect(plain.suggestedFilename()).toMatch(/^kotonoha-backup_\d{4}-\d{2}-\d{2}\.json$/);
  const plainPath = testInfo.outputPath('plain.json');
  await plain.saveAs(plainPath);
  expect(JSON.parse(fs.readFileSync(plainPath, 'utf8'))).toMatchObject({ format: 'kotonoha-backup', version: 1 });

  // Encrypted with a passphrase of its own.
  await system.getByRole('button', { name: 'export all' }).click();
  await system.getByLabel('file passphrase').fill('backup passphrase');
  const sealedDownload = page.waitForEvent('download');
  await system.getByRole('button', { name: 'download backup' }).click();
  const sealedPath = testInfo.outputPath('sealed.json');
  await (await sealedDownload).saveAs(sealedPath);
  const sealed = fs.readFileSync(sealedPath, 'utf8');
  expect(sealed).not.toContain('/exported');

  // Not a backup: said, nothing changed.
  await system.getByLabel('backup file').setInputFiles({ name: 'other.json', mimeType: 'application/json', buffer: Buffer.from('{"language":"ja"}') });
  await expect(page.getByText('This file is not a Kotonoha backup: nothing was changed.')).toBeVisible();

  // The setting changed since; the encrypted file with a wrong passphrase changes nothing.
  await page.evaluate(() => {
    const settings = JSON.parse(localStorage.getItem('kotonoha.settings')!);
    localStorage.setItem('kotonoha.settings', JSON.stringify({ ...settings, shonagon: { ...settings.shonagon, apiBase: '/later' } }));
  });
  await system.getByLabel('backup file').setInputFiles(sealedPath);
  await system.getByLabel('file passphrase').fill('not the passphrase');
  await system.getByRole('button', { name: 'import backup' }).click();
  await expect(system.getByText('The passphrase does not open this backup: nothing was changed.')).toBeVisible({ timeout: 20_000 });
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('kotonoha.settings')!).shonagon.apiBase)).toBe('/later');

  // The right passphrase: merged, and the newer edit here stays.
  await system.getByLabel('file passphrase').fill('backup passphrase');
  await system.getByRole('button', { name: 'import backup' }).click();
  await expect(page.getByText(/^\d+ records? restored, 0 unreadable\.$/)).toBeVisible({ timeout: 20_000 });
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('kotonoha.settings')!).shonagon.apiBase)).toBe('/later');

  // The plain file likewise merges.
  await system.getByLabel('backup file').setInputFiles(plainPath);
  await expect(page.getByText(/restored, 0 unreadable\./).last()).toBeVisible({ timeout: 20_000 });
});

test('screenshots of Settings → Sync (set-up, a problem) and the sidebar badge, zh dark and en light, 1280 and 390 px', async ({ page }) => {
  test.setTimeout(180_000);
  fs.mkdirSync('docs/screenshots/sync', { recursive: true });
  for (const [language, theme] of [
    ['zh', 'dark'],
    ['en', 'light'],
  ] as const) {
    for (const width of [1280, 390]) {
      const name = `${language}-${theme}-${width}`;
      await seedStorage(page, { settings: { language, theme }, localStorage: { 'kotonoha.sync': { on: false, vaultName: '', apiKeys: false, kinds: {} } } });
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      // From the same URL with its #hash, goto would not load the page again.
      await page.goto('about:blank');
      await page.goto('/settings#sync');
      const section = page.locator('#sync');
      await section.locator('input[type="password"]').fill('correct horse battery');
      await page.evaluate(() => document.getElementById('sync')!.scrollIntoView());
      await scrollUnderToolbar(page);
      await page.screenshot({ path: `docs/screenshots/sync/setup-${name}.png` });

      await section.locator('input').first().fill(`my-vault-${language}-${theme}`);
      await section.locator('button[type="submit"]').click();
      // On: the snapshots' list is the status panel's.
      await expect(section.locator('ul')).toBeAttached({ timeout: 30_000 });
      // A full vault, as the server answers it, for the problem's wording.
      await page.route('**/api/sync/*/changes*', (route) => route.fulfill({ status: 413, json: { error: 'the vault is full', code: 'sync-vault-full' } }));
      await section.locator('button').first().click();
      await expect(page.locator('#sync').getByText(/full|已满|いっぱい/).first()).toBeVisible({ timeout: 30_000 });
      await expect(section.locator('button').first()).not.toHaveAttribute('data-loading', { timeout: 30_000 });
      await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
      await scrollUnderToolbar(page);
      await page.screenshot({ path: `docs/screenshots/sync/problem-${name}.png` });
      await page.unroute('**/api/sync/*/changes*');

      if (width < 500) await page.locator('header button').first().click();
      await expect(page.locator('nav [role="status"]')).toBeVisible();
      await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
      await page.screenshot({ path: `docs/screenshots/sync/sidebar-${name}.png` });
      if (width < 500) await page.keyboard.press('Escape');
      await page.evaluate(() => localStorage.setItem('kotonoha.sync', JSON.stringify({ on: false, vaultName: '', apiKeys: false, kinds: {} })));
    }
  }
});

/** The section's top under the sticky action bar, as a person scrolled to it sees it. */
async function scrollUnderToolbar(page: Page) {
  await page.evaluate(() => {
    const top = document.getElementById('sync')!.getBoundingClientRect().top + window.scrollY;
    const covered = document.querySelector('[role="toolbar"]')!.getBoundingClientRect().bottom;
    window.scrollTo(0, top - covered - 8);
  });
}

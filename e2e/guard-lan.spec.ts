import type { Page } from '@playwright/test';
import { writeSampleEdict } from '../test-support/edict-sample';
import { expect, test as base } from './fixtures';
import { writeStorage } from './storage';

/*
 * Issue 14 off loopback: the server is started as README's "Opening Kotonoha to your phone" says
 * (HOST=0.0.0.0 plus ACCESS_TOKEN). "Off loopback" is decided by HOST, so the browser may still
 * visit through 127.0.0.1; the app asks for the token once, and screens then work.
 */

const accessToken = 'e2e-lan-access-token-7f3a9c2d';

const test = base.extend({
  // The server prints http://0.0.0.0:port; the browser visits it through loopback.
  baseURL: async ({ workerApp }, use) => use(workerApp.url.replace('0.0.0.0', '127.0.0.1')),
});

test.use({ appEnv: { HOST: '0.0.0.0', ACCESS_TOKEN: accessToken, KOTONOHA_EDICT_PATH: writeSampleEdict('utf-8') } });

const accessDialog = (page: Page) => page.getByRole('dialog', { name: 'Access token' });

async function lookUp(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'source text' }).fill(text);
  await page.getByRole('button', { name: 'dictionary' }).click();
  return page.getByRole('dialog', { name: 'Dictionary' });
}

test('the app asks for the token once, refuses a wrong one, keeps the right one, and the dictionary then works', async ({ page, baseURL }) => {
  expect((await page.request.get(`${baseURL}/api/dict/status`)).status()).toBe(401);

  await page.goto('/translate');
  const dialog = accessDialog(page);
  await expect(dialog).toBeVisible();
  const field = dialog.getByLabel('access token', { exact: true });
  await expect(field).toBeFocused();
  await field.fill('not-the-right-token');
  await dialog.getByRole('button', { name: 'unlock' }).click();
  await expect(dialog.getByText('Wrong access token')).toBeVisible();
  await page.screenshot({ path: 'docs/screenshots/access-token-1280.png' });

  await field.fill(accessToken);
  await dialog.getByRole('button', { name: 'unlock' }).click();
  await expect(dialog).toBeHidden();

  const dictionary = await lookUp(page, '食べた');
  await expect(dictionary.getByRole('article', { name: '食べる' })).toBeVisible();

  // Kept in settings, and the cookie is HttpOnly: no script on the page can read the token from it.
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('kotonoha.settings') ?? '{}') as { accessToken?: string });
  expect(stored.accessToken).toBe(accessToken);
  expect(await page.evaluate(() => document.cookie)).not.toContain(accessToken);
  const cookie = (await page.context().cookies()).find((entry) => entry.name === 'kotonoha_access');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });

  // A reload asks nothing again.
  await page.reload();
  const again = await lookUp(page, '読んだ');
  await expect(again.getByRole('article', { name: '読む' })).toBeVisible();
  await expect(accessDialog(page)).toHaveCount(0);
});

test('a new browser with the token in its settings gets in without being asked; Settings shows it in the Access section', async ({ page }) => {
  await page.goto('/about');
  await writeStorage(page, { settings: { accessToken } });
  await page.goto('/translate');
  const dictionary = await lookUp(page, '見る');
  await expect(dictionary.getByRole('article', { name: '見る' })).toBeVisible();
  await expect(accessDialog(page)).toHaveCount(0);

  await page.goto('/settings');
  await expect(page.getByRole('region', { name: 'Access', exact: true }).getByLabel('access token', { exact: true })).toHaveValue(accessToken);
});

test('the token dialog fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/translate');
  const dialog = accessDialog(page);
  await expect(dialog.getByRole('button', { name: 'unlock' })).toBeInViewport();
  await page.screenshot({ path: 'docs/screenshots/access-token-390.png' });
});

import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { startApp } from '../test-support/start-app';
import { expect, test } from './fixtures';

const edictPath = '/usr/share/edict/edict';
const haveEdict = fs.existsSync(edictPath);

/** Waits for the server's start-up import of the full EDICT file (a few seconds). */
async function waitUntilReady(request: APIRequestContext, baseURL: string) {
  const states: string[] = [];
  await expect
    .poll(
      async () => {
        const status = await (await request.get(`${baseURL}/api/dict/status`)).json();
        states.push(status.state);
        return status.state;
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe('ready');
  return states;
}

async function selectText(page: Page, text: string) {
  await page.evaluate((wanted) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.indexOf(wanted);
      if (at === -1) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      document.dispatchEvent(new Event('selectionchange'));
      return;
    }
    throw new Error(`text not on the page: ${wanted}`);
  }, text);
}

// This file's server imports the real EDICT file on start-up, as `npm start` does.
test.use({ appEnv: { KOTONOHA_EDICT_PATH: edictPath } });

test.describe('with the full EDICT imported on start-up', () => {
  test.skip(!haveEdict, `${edictPath} is absent: install Debian's edict (apt install edict)`);

  test('the server imports in the background, then answers lookups; bad queries get JSON errors', async ({ request, app }) => {
    test.setTimeout(90_000);
    const states = await waitUntilReady(request, app.url);
    expect(states.every((state) => state === 'importing' || state === 'ready')).toBe(true);
    const status = await (await request.get(`${app.url}/api/dict/status`)).json();
    expect(status).toMatchObject({ state: 'ready', progress: 1 });
    expect(status.entries).toBeGreaterThan(150_000);
    expect(app.output()).toContain('"message":"dictionary imported"');
    expect(app.output()).toContain('"message":"dictionary import progress"');

    const eat = await request.get(`${app.url}/api/dict/lookup?q=${encodeURIComponent('食べた')}`);
    expect(eat.status()).toBe(200);
    const body = await eat.json();
    expect(body.results[0]).toMatchObject({ headwords: [{ text: '食べる' }], deinflection: { from: '食べた', to: '食べる', rules: ['past'] } });
    const romaji = await (await request.get(`${app.url}/api/dict/lookup?q=neko`)).json();
    expect(romaji.results[0].headwords[0].text).toBe('猫');

    const missing = await request.get(`${app.url}/api/dict/lookup`);
    expect(missing.status()).toBe(400);
    expect(await missing.json()).toEqual({ error: expect.stringContaining('Missing query') });
    const long = await request.get(`${app.url}/api/dict/lookup?q=${'a'.repeat(65)}`);
    expect(long.status()).toBe(400);
    expect(await long.json()).toEqual({ error: expect.stringContaining('Query too long') });
  });

  test('the translate screen\'s "dictionary" button opens the modal with the text; search, de-inflection, links, copy', async ({ page, request, app, context }) => {
    test.setTimeout(90_000);
    await waitUntilReady(request, app.url);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/translate');
    await page.getByRole('textbox', { name: 'source text' }).fill('書かれている');
    await page.getByRole('button', { name: 'dictionary' }).click();

    const dialog = page.getByRole('dialog', { name: 'Dictionary' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'search the dictionary' })).toHaveValue('書かれている');
    const write = dialog.getByRole('article', { name: '書く' });
    await expect(write).toBeVisible();
    await expect(write.getByTestId('deinflection')).toHaveText('書かれている ← passive + progressive (-te iru) of 書く');
    await expect(write.getByText('common', { exact: true })).toBeVisible();
    await expect(write.getByText('to write', { exact: false })).toBeVisible();
    await expect(write.getByRole('button', { name: 'speak' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Jisho' })).toHaveAttribute('href', `https://jisho.org/search/${encodeURIComponent('書かれている')}`);
    await expect(dialog.getByRole('link', { name: 'Weblio' })).toHaveAttribute('href', `https://www.weblio.jp/content/${encodeURIComponent('書かれている')}`);
    await expect(dialog.getByRole('link', { name: 'MOJi' })).toHaveAttribute('href', `https://www.mojidict.com/searchText/${encodeURIComponent('書かれている')}`);
    await expect(dialog.getByRole('link', { name: 'Jisho' })).toHaveAttribute('target', '_blank');

    // A new search: romaji, common entries first, the links follow the query.
    const box = dialog.getByRole('textbox', { name: 'search the dictionary' });
    await box.fill('neko');
    await box.press('Enter');
    const results = dialog.getByRole('list', { name: 'results' });
    await expect(results.getByRole('article').first()).toHaveAccessibleName('猫');
    await expect(dialog.getByRole('link', { name: 'Jisho' })).toHaveAttribute('href', 'https://jisho.org/search/neko');

    await results.getByRole('article').first().getByRole('button', { name: 'copy' }).click();
    await expect(page.getByText('Copied 猫')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^猫【ねこ】 cat/);

    await box.fill('ぬぬぬぬぬ');
    await expect(dialog.getByText('No entries for')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Jisho' })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  test('the selection menu\'s "dictionary" opens the modal with the selection', async ({ page, request, app }) => {
    test.setTimeout(90_000);
    await waitUntilReady(request, app.url);
    await page.goto('/test');
    await selectText(page, '激怒した');
    await page.getByRole('button', { name: 'more' }).click();
    await page.getByRole('menuitem', { name: 'dictionary' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dictionary' });
    await expect(dialog.getByRole('textbox', { name: 'search the dictionary' })).toHaveValue('激怒した');
    const rage = dialog.getByRole('article', { name: '激怒' });
    await expect(rage).toBeVisible();
    await expect(rage.getByTestId('deinflection')).toHaveText('激怒した ← past of 激怒する');
  });
});

test('without a dictionary: status is empty, lookups answer 503, and the modal says how to import one and still links out', async ({ page, request }) => {
  const bare = await startApp({ KOTONOHA_EDICT_PATH: '/nonexistent/edict' });
  try {
    expect(bare.output()).toContain('"message":"no dictionary"');
    const status = await (await request.get(`${bare.url}/api/dict/status`)).json();
    expect(status).toEqual({ state: 'empty', progress: 0, entries: 0 });
    const lookup = await request.get(`${bare.url}/api/dict/lookup?q=neko`);
    expect(lookup.status()).toBe(503);
    expect(await lookup.json()).toMatchObject({ state: 'empty', error: expect.stringContaining('npm run dict:import') });

    await page.goto(`${bare.url}/translate`);
    await page.getByRole('textbox', { name: 'source text' }).fill('猫');
    await page.getByRole('button', { name: 'dictionary' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dictionary' });
    await expect(dialog.getByText('No dictionary is installed')).toBeVisible();
    await expect(dialog.getByText('npm run dict:import -- /usr/share/edict/edict')).toBeVisible();
    await expect(dialog.getByText('apt install edict')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Jisho' })).toHaveAttribute('href', `https://jisho.org/search/${encodeURIComponent('猫')}`);
    await expect(dialog.getByRole('link', { name: 'MOJi' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Weblio' })).toBeVisible();
  } finally {
    await bare.stop();
  }
});

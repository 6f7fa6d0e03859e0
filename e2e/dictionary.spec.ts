import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { startApp, type RunningApp } from '../test-support/start-app';
import { expect, test } from './fixtures';

const edictPath = '/usr/share/edict/edict';
const haveEdict = fs.existsSync(edictPath);

/** Waits for the server's start-up import of the full EDICT file (a few seconds). */
async function waitUntilReady(request: APIRequestContext, baseURL: string) {
  await expect
    .poll(async () => (await (await request.get(`${baseURL}/api/dict/status`)).json()).state, { timeout: 60_000, intervals: [250] })
    .toBe('ready');
}

async function selectText(page: Page, text: string) {
  await page.getByText(text, { exact: false }).first().waitFor();
  await page.evaluate((wanted) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.indexOf(wanted);
      if (at === -1) continue;
      node.parentElement!.scrollIntoView({ block: 'center' });
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

// The fixture server has no dictionary; the full-EDICT tests start their own server, which
// imports /usr/share/edict/edict on start-up as `npm start` does.
test.use({ appEnv: { KOTONOHA_EDICT_PATH: '/nonexistent/edict' } });

test.describe('with the full EDICT imported on start-up', () => {
  test.skip(!haveEdict, `${edictPath} is absent: install Debian's edict (apt install edict)`);
  let full: RunningApp;
  test.beforeAll(async () => {
    full = await startApp({ KOTONOHA_EDICT_PATH: edictPath });
  });
  test.afterAll(async () => {
    await full?.stop();
  });

  test('the modal shows the import progress, then results; the API answers and rejects bad queries', async ({ page, request }) => {
    test.setTimeout(90_000);
    // The import takes seconds: the modal opens while it runs.
    await page.goto(`${full.url}/translate`);
    await page.getByRole('textbox', { name: 'source text' }).fill('食べた');
    await page.getByRole('button', { name: 'dictionary' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dictionary' });
    await expect(dialog.getByText(/Importing the dictionary… \d+%/)).toBeVisible();
    await expect(dialog.getByRole('progressbar', { name: 'dictionary import progress' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Jisho' })).toBeVisible();
    const busy = await request.get(`${full.url}/api/dict/lookup?q=neko`);
    expect(busy.status()).toBe(503);
    expect(await busy.json()).toMatchObject({ state: 'importing', error: expect.stringContaining('being imported') });

    // Without reopening: when the import ends, the modal looks the word up.
    const eatCard = dialog.getByRole('article', { name: '食べる' });
    await expect(eatCard).toBeVisible({ timeout: 60_000 });
    await expect(eatCard.getByTestId('deinflection')).toHaveText('食べた ← past of 食べる');
    await expect(dialog.getByText(/Importing the dictionary/)).toHaveCount(0);

    const status = await (await request.get(`${full.url}/api/dict/status`)).json();
    expect(status).toMatchObject({ state: 'ready', progress: 1 });
    expect(status.entries).toBeGreaterThan(150_000);
    expect(full.output()).toContain('"message":"dictionary import progress"');
    expect(full.output()).toContain('"message":"dictionary imported"');

    const eat = await request.get(`${full.url}/api/dict/lookup?q=${encodeURIComponent('食べた')}`);
    expect(eat.status()).toBe(200);
    expect((await eat.json()).results[0]).toMatchObject({ headwords: [{ text: '食べる' }], deinflection: { from: '食べた', to: '食べる', rules: ['past'] } });
    const romaji = await (await request.get(`${full.url}/api/dict/lookup?q=neko`)).json();
    expect(romaji.results[0].headwords[0].text).toBe('猫');

    const missing = await request.get(`${full.url}/api/dict/lookup`);
    expect(missing.status()).toBe(400);
    expect(await missing.json()).toEqual({ error: expect.stringContaining('Missing query'), code: 'query-missing' });
    const long = await request.get(`${full.url}/api/dict/lookup?q=${'a'.repeat(65)}`);
    expect(long.status()).toBe(400);
    expect(await long.json()).toEqual({ error: expect.stringContaining('Query too long'), code: 'query-too-long', params: { length: 65, max: 64 } });
  });

  test('the translate screen\'s "dictionary" button opens the modal with the text; search, de-inflection, links, copy', async ({ page, request, context }) => {
    await waitUntilReady(request, full.url);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: full.url });
    await page.goto(`${full.url}/translate`);
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
    const query = encodeURIComponent('書かれている');
    await expect(dialog.getByRole('link', { name: 'Jisho' })).toHaveAttribute('href', `https://jisho.org/search/${query}`);
    await expect(dialog.getByRole('link', { name: 'Weblio' })).toHaveAttribute('href', `https://www.weblio.jp/content/${query}`);
    await expect(dialog.getByRole('link', { name: 'MOJi' })).toHaveAttribute('href', `https://www.mojidict.com/searchText/${query}`);
    await expect(dialog.getByRole('link', { name: 'Jisho' })).toHaveAttribute('target', '_blank');

    // A new search in romaji; the links follow the query.
    const box = dialog.getByRole('textbox', { name: 'search the dictionary' });
    await box.fill('neko');
    await box.press('Enter');
    const results = dialog.getByRole('list', { name: 'results' });
    await expect(results.getByRole('article').first()).toHaveAccessibleName('猫');
    await expect(dialog.getByRole('link', { name: 'Jisho' })).toHaveAttribute('href', 'https://jisho.org/search/neko');

    await results.getByRole('article').first().getByRole('button', { name: 'copy' }).click();
    await expect(page.getByText('Copied 猫')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^猫【ねこ】 cat/);

    // Typing searches too (debounced), and an unknown word says so and keeps the links. (Kana
    // always holds some word now that phrases are scanned: ぬぬぬ is ぬ, ぬ, ぬ.)
    await box.fill('xyzzy');
    await expect(dialog.getByText('No entries for')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Jisho' })).toHaveAttribute('href', 'https://jisho.org/search/xyzzy');

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  test('the selection menu\'s "dictionary" opens the modal with the selection', async ({ page, request }) => {
    await waitUntilReady(request, full.url);
    await page.goto(`${full.url}/test`);
    await selectText(page, '激怒した');
    await page.getByRole('button', { name: 'ellipsis' }).click();
    await page.getByRole('menuitem', { name: 'dictionary' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dictionary' });
    await expect(dialog.getByRole('textbox', { name: 'search the dictionary' })).toHaveValue('激怒した');
    const rage = dialog.getByRole('article', { name: '激怒' });
    await expect(rage).toBeVisible();
    await expect(rage.getByTestId('deinflection')).toHaveText('激怒した ← past of 激怒する');
  });
  test('a selected phrase shows its first word; next/previous word and the arrow keys step through the rest', async ({ page, request }) => {
    test.setTimeout(90_000);
    await waitUntilReady(request, full.url);
    await page.goto(`${full.url}/test`);
    await selectText(page, '日本語を勉強しています');
    await page.getByRole('button', { name: 'ellipsis' }).click();
    await page.getByRole('menuitem', { name: 'dictionary' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dictionary' });
    await expect(dialog.getByRole('textbox', { name: 'search the dictionary' })).toHaveValue('日本語を勉強しています');

    const words = dialog.getByRole('toolbar', { name: 'words of the phrase' });
    await expect(words.getByRole('button')).toHaveText(['日本語', 'を', '勉強', 'して', 'います']);
    const results = dialog.getByRole('list', { name: 'results' });
    const current = () => words.getByRole('button', { pressed: true });
    await expect(current()).toHaveText('日本語');
    await expect(results.getByRole('article').first()).toHaveAccessibleName('日本語');
    await expect(dialog.getByText('word 1 of 5')).toBeVisible();
    // The links search for the word shown.
    await expect(dialog.getByRole('link', { name: 'Jisho' })).toHaveAttribute('href', `https://jisho.org/search/${encodeURIComponent('日本語')}`);
    const previous = dialog.getByRole('button', { name: 'previous word' });
    const next = dialog.getByRole('button', { name: 'next word' });
    await expect(previous).toBeDisabled();
    // Opened from a selection, the phrase has the keyboard: the arrows step at once.
    await expect(current()).toBeFocused();

    await next.click();
    await expect(current()).toHaveText('を');
    await expect(results.getByRole('article').first()).toHaveAccessibleName('を');
    await next.click();
    await expect(current()).toHaveText('勉強');
    await expect(results.getByRole('article').first()).toHaveAccessibleName('勉強');
    await next.click();
    await expect(current()).toHaveText('して');
    await expect(dialog.getByText('word 4 of 5: して → する')).toBeVisible();
    // The word the scan found comes first, before other entries spelled して.
    const suru = results.getByRole('article').first();
    await expect(suru).toHaveAccessibleName('為る');
    await expect(suru.getByTestId('deinflection')).toHaveText('して ← te-form of する');
    await next.click();
    await expect(current()).toHaveText('います');
    await expect(results.getByRole('article').first().getByTestId('deinflection')).toHaveText('います ← polite of いる');
    await expect(next).toBeDisabled();
    await expect(dialog.getByRole('link', { name: 'Jisho' })).toHaveAttribute('href', `https://jisho.org/search/${encodeURIComponent('います')}`);

    await previous.click();
    await expect(current()).toHaveText('して');
    await current().focus();
    await page.keyboard.press('ArrowLeft');
    await expect(current()).toHaveText('勉強');
    await expect(current()).toBeFocused();
    await expect(results.getByRole('article').first()).toHaveAccessibleName('勉強');
    await page.keyboard.press('Home');
    await expect(current()).toHaveText('日本語');
    await page.keyboard.press('ArrowRight');
    await expect(current()).toHaveText('を');
    await words.getByRole('button', { name: 'います' }).click();
    await expect(current()).toHaveText('います');

    // A single word typed into the box shows no phrase.
    const box = dialog.getByRole('textbox', { name: 'search the dictionary' });
    await box.fill('見せてもらいました');
    await box.press('Enter');
    await expect(results.getByRole('article').first().getByTestId('deinflection')).toHaveText('見せてもらいました ← favour received (-te morau) + polite past of 見せる');
    await expect(words).toHaveCount(0);
  });

  test('screenshots of a phrase in the modal at 1280 and 390 px', async ({ page, request }) => {
    test.setTimeout(90_000);
    await waitUntilReady(request, full.url);
    for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(viewport);
      await page.goto(`${full.url}/test`);
      await selectText(page, '日本語を勉強しています');
      await page.getByRole('button', { name: 'ellipsis' }).click();
      await page.getByRole('menuitem', { name: 'dictionary' }).click();
      const dialog = page.getByRole('dialog', { name: 'Dictionary' });
      const words = dialog.getByRole('toolbar', { name: 'words of the phrase' });
      await expect(words.getByRole('button', { pressed: true })).toHaveText('日本語');
      for (let step = 0; step < 3; step++) await dialog.getByRole('button', { name: 'next word' }).click();
      await expect(dialog.getByText('word 4 of 5: して → する')).toBeVisible();
      await expect(dialog.getByRole('list', { name: 'results' }).getByRole('article').first()).toHaveAccessibleName('為る');
      await page.screenshot({ path: `.tmp/shots-dictionary/dictionary-phrase-${viewport.width}.png` });
      const box = await dialog.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }
  });
});

test('without a dictionary: status is empty, lookups answer 503, and the modal says how to import one and still links out', async ({ page, request, app }) => {
  expect(app.output()).toContain('"message":"no dictionary"');
  const status = await (await request.get(`${app.url}/api/dict/status`)).json();
  expect(status).toEqual({ state: 'empty', progress: 0, entries: 0 });
  const lookup = await request.get(`${app.url}/api/dict/lookup?q=neko`);
  expect(lookup.status()).toBe(503);
  expect(await lookup.json()).toMatchObject({ state: 'empty', error: expect.stringContaining('npm run dict:import') });

  await page.goto('/translate');
  await page.getByRole('textbox', { name: 'source text' }).fill('猫');
  await page.getByRole('button', { name: 'dictionary' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dictionary' });
  await expect(dialog.getByText('No dictionary is installed')).toBeVisible();
  await expect(dialog.getByText('npm run dict:import -- /usr/share/edict/edict')).toBeVisible();
  await expect(dialog.getByText('apt install edict')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Jisho' })).toHaveAttribute('href', `https://jisho.org/search/${encodeURIComponent('猫')}`);
  await expect(dialog.getByRole('link', { name: 'MOJi' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Weblio' })).toBeVisible();
});

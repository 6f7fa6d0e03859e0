import fs from 'node:fs';
import { chromiumLaunch } from './chromium';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { writeSampleEdict } from '../test-support/edict-sample';
import { startFakeServer, type FakeServer } from '../test-support/fake-server';
import { startAiFake, type AiFake } from '../test-support/fakes/ai-provider-fake';
import { startFakeAnki, type FakeAnki } from '../test-support/fakes/anki';
import { createNiutransFake } from '../test-support/fakes/niutrans';
import { expect, test as base } from './fixtures';
import { seedStorage } from './storage';

/*
 * Issue 32 item 5: Kotonoha opened over plain http under a network name (README "HTTPS on your
 * phone"), as a phone on the home network opens it. Chromium resolves kotonoha.test to 127.0.0.1,
 * and an http origin that is not localhost is no secure context: no Async Clipboard, no Web Locks,
 * no crypto.subtle, no service worker. Every screen must still load without an uncaught error, and
 * every copy, paste and add-to-Anki button must work or say what it needs.
 */

const hostName = 'kotonoha.test';

const uploadToken = 'e2e-insecure-upload-token';

const test = base.extend<object, { anki: FakeAnki; niutrans: FakeServer; gemini: AiFake; dataDir: string }>({
  gemini: [
    async ({}, use) => {
      const gemini = await startAiFake('gemini');
      await use(gemini);
      await gemini.close();
    },
    { scope: 'worker' },
  ],
  dataDir: [
    async ({}, use) => {
      // A finished upload, so the Upload screen lists a file with its copy-link button.
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-insecure-e2e-'));
      fs.mkdirSync(path.join(dir, 'uploads'));
      fs.writeFileSync(path.join(dir, 'uploads', 'notes.txt'), '日本語のメモ');
      await use(dir);
      fs.rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  anki: [
    async ({}, use) => {
      const anki = await startFakeAnki();
      await use(anki);
      await anki.stop();
    },
    { scope: 'worker' },
  ],
  niutrans: [
    async ({}, use) => {
      const server = await startFakeServer(createNiutransFake().handler);
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  appEnv: [
    async ({ anki, niutrans, gemini, dataDir }, use) =>
      use({
        ALLOWED_HOSTS: hostName,
        DATA_DIR: dataDir,
        UPLOAD_TOKEN: uploadToken,
        ANKICONNECT_URL: anki.url,
        UPSTREAM_NIUTRANS: niutrans.url,
        PROXY_ALLOW_ORIGINS: new URL(gemini.baseURL).origin,
        KOTONOHA_EDICT_PATH: writeSampleEdict('utf-8'),
      }),
    { scope: 'worker' },
  ],
  baseURL: async ({ workerApp }, use) => use(workerApp.url.replace('127.0.0.1', hostName)),
});

test.use({
  launchOptions: chromiumLaunch([`--host-resolver-rules=MAP ${hostName} 127.0.0.1`]),
});

const sentence = '毎日日本語を勉強する。図書館で本を読む。';

test.beforeAll(async ({ workerApp, anki }) => {
  await anki.start();
  await expect.poll(async () => ((await (await fetch(`${workerApp.url}/api/dict/status`)).json()) as { state: string }).state, { timeout: 30_000 }).toBe('ready');
  const imported = await fetch(`${workerApp.url}/shonagon_api/documents`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ title: '日記', text: sentence }),
  });
  expect(imported.ok).toBe(true);
  await expect
    .poll(async () => ((await (await fetch(`${workerApp.url}/shonagon_api/search?q=${encodeURIComponent('勉強')}`)).json()) as { total: number }).total, { timeout: 30_000 })
    .toBe(1);
});

test.beforeEach(async ({ page, gemini }) => {
  await seedStorage(page, {
    settings: {
      translator: { niuTransApikey: 'niu-key', niuTransVoiceAppId: 'voice-app', niuTransPicAppId: 'pic-app' },
      aichat: { gemini_key: gemini.apiKey, gemini_base_url: gemini.baseURL },
      uploadToken,
    },
  });
});

/**
 * The browser's own console lines, not the app's: a failed request, and the Cross-Origin-Opener-Policy
 * header the server always sends, which a browser ignores on an origin that is not trustworthy.
 */
const browserNotes = [/^Failed to load resource/, /^The Cross-Origin-Opener-Policy header has been ignored, because the URL's origin was untrustworthy/];

/** Uncaught errors and console errors of the page. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !browserNotes.some((note) => note.test(message.text()))) errors.push(`console: ${message.text()}`);
  });
  return errors;
}

/** What the clipboard holds, read from a page of the same browser on a secure origin (loopback). */
async function clipboardText(page: Page, secureUrl: string): Promise<string> {
  const reader = await page.context().newPage();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: secureUrl });
  await reader.goto(`${secureUrl}/about`);
  const text = await reader.evaluate(() => navigator.clipboard.readText());
  await reader.close();
  return text;
}

const toastSaying = (page: Page, text: RegExp) => page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: text }).first();

/** Clicks a copy button and checks the text really reached the clipboard (the hidden-field fallback). */
async function copyAndCheck(page: Page, button: Locator, evidence: Locator, expected: string | RegExp, secureUrl: string) {
  await page.evaluate(() => window.getSelection()?.removeAllRanges());
  await button.click();
  await expect(evidence).toBeVisible();
  expect(await clipboardText(page, secureUrl)).toMatch(expected);
}

test('the origin is not a secure context: the browser withholds the clipboard, locks, crypto.subtle and service workers', async ({ page }) => {
  await page.goto('/about');
  expect(new URL(page.url()).hostname).toBe(hostName);
  expect(
    await page.evaluate(() => ({
      secure: window.isSecureContext,
      clipboard: 'clipboard' in navigator,
      locks: 'locks' in navigator,
      subtle: typeof crypto.subtle,
      serviceWorker: 'serviceWorker' in navigator,
    })),
  ).toEqual({ secure: false, clipboard: false, locks: false, subtle: 'undefined', serviceWorker: false });
});

test('every route loads without an uncaught error; every copy, paste and add-to-Anki button on it works or says what it needs', async ({ page }) => {
  const errors = collectErrors(page);
  const clicked: string[] = [];
  const routes = ['/', '/av-search', '/shonagon/single', '/shonagon/multi', '/shonagon/history', '/shonagon/library', '/notion/pages', '/notion/review', '/notion/sql', '/yunpan/view', '/yunpan/search', '/upload', '/chat', '/translate', '/settings', '/about', '/test', '/no-such-page'];
  for (const route of routes) {
    await page.goto(route);
    await expect(page.getByRole('main')).toBeVisible();
    // Room for a screen's first requests and lazy chunks to fail loudly, if they would.
    await page.waitForLoadState('networkidle');
    for (const button of await page.getByRole('button', { name: /^(copy|paste|add to Anki)/i }).all()) {
      if (!(await button.isVisible()) || !(await button.isEnabled())) continue;
      const name = (await button.getAttribute('aria-label')) ?? (await button.innerText());
      await button.click();
      // Worked (copied, added, queued) or said why (paste with the keyboard, Anki not running).
      await expect(toastSaying(page, /copied|paste with the keyboard|Anki/i), `${name} on ${route}`).toBeVisible();
      clicked.push(`${route}: ${name}`);
    }
    expect(errors, `on ${route}`).toEqual([]);
  }
  expect(clicked).toEqual(expect.arrayContaining(['/translate: paste', '/upload: Copy link']));
});

test('translate: paste says to use the keyboard and that HTTPS would enable it; a result card copies the old way', async ({ page, workerApp }) => {
  const errors = collectErrors(page);
  await page.goto('/translate');
  await page.getByRole('button', { name: 'paste', exact: true }).click();
  await expect(toastSaying(page, /paste with the keyboard/)).toContainText('only over HTTPS');
  await expect(page.getByText(/Cannot read properties/)).toHaveCount(0);

  await page.getByRole('textbox', { name: 'source text' }).fill('猫が好き');
  await page.getByRole('button', { name: 'translate', exact: true }).click();
  const card = page.getByRole('article', { name: 'NiuTrans' });
  await expect(card).toContainText('[auto→zh] 猫が好き');
  const copy = card.getByRole('button', { name: 'copy', exact: true });
  await copyAndCheck(page, copy, card.getByRole('button', { name: 'copy', exact: true }).locator('svg.tabler-icon-check'), '[auto→zh] 猫が好き', workerApp.url);
  expect(errors).toEqual([]);
});

test('dictionary entries: copy copies the old way, add to Anki goes through the queue without Web Locks', async ({ page, anki, workerApp }) => {
  const errors = collectErrors(page);
  await page.goto('/translate');
  await page.getByRole('textbox', { name: 'source text' }).fill('勉強');
  await page.getByRole('button', { name: 'dictionary', exact: true }).click();
  const dictionary = page.getByRole('dialog', { name: 'Dictionary' });
  const entry = dictionary.getByRole('article', { name: '勉強' });
  await copyAndCheck(page, entry.getByRole('button', { name: 'copy', exact: true }), toastSaying(page, /copied/i), /^勉強【べんきょう】 study/, workerApp.url);

  await dictionary.getByRole('button', { name: 'add to Anki: 勉強' }).click();
  await expect(dictionary.getByRole('button', { name: /^in Anki: 勉強/ })).toBeVisible();
  expect(anki.notes.filter((note) => note.fields.Front.includes('勉強'))).toHaveLength(1);
  // The stand-in lock was let go.
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('kotonoha.lock.')))).toEqual([]);
  expect(errors).toEqual([]);
});

test('the selection menu and a Shonagon row copy the old way', async ({ page, workerApp }) => {
  const errors = collectErrors(page);
  await page.goto(`/shonagon/single?query_string=${encodeURIComponent('勉強')}`);
  const results = page.getByRole('table', { name: 'results' });
  await expect(results).toContainText('勉強');
  await results.getByRole('button', { name: 'sentence actions' }).first().click();
  await copyAndCheck(page, page.getByRole('menuitem', { name: 'copy', exact: true }), toastSaying(page, /copied/i), '毎日日本語を勉強する。', workerApp.url);

  await page.goto('/test');
  const testSentence = '吾輩は猫である。名前はまだ無い。';
  const box = (await page.getByText(testSentence).boundingBox())!;
  const y = box.y + Math.min(12, box.height / 2);
  await page.mouse.move(box.x + 1, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, y, { steps: 4 });
  await page.mouse.move(box.x + box.width - 1, y, { steps: 4 });
  await page.mouse.up();
  const menu = page.getByRole('toolbar', { name: 'selection menu' });
  await menu.getByRole('button', { name: 'copy selection' }).click();
  await expect(toastSaying(page, /copied/i)).toBeVisible();
  expect(await clipboardText(page, workerApp.url)).toBe(testSentence);
  expect(errors).toEqual([]);
});

test('a chat reply and an uploaded file\'s link copy the old way', async ({ page, gemini, workerApp }) => {
  const errors = collectErrors(page);
  await page.goto('/chat');
  await page.getByRole('textbox', { name: 'question' }).fill('How many r in strawberry?');
  await page.getByRole('button', { name: 'send' }).click();
  const reply = page.getByRole('list', { name: 'messages' }).getByRole('listitem').nth(1);
  await expect(reply).toContainText('strawberry');
  await copyAndCheck(page, reply.getByRole('button', { name: 'copy reply' }), toastSaying(page, /copied/i), gemini.expectedText, workerApp.url);

  await page.goto('/upload');
  const file = page.getByLabel('file notes.txt');
  await copyAndCheck(page, file.getByRole('button', { name: 'Copy link' }), toastSaying(page, /copied/i), /\/api\/files\/notes\.txt/, workerApp.url);
  expect(errors).toEqual([]);
});

test('Settings → System says what HTTPS would add, and where to read how', async ({ page }) => {
  await page.goto('/settings');
  const notice = page.getByRole('note').filter({ hasText: 'Plain http' });
  await expect(notice).toContainText('paste with the keyboard');
  await expect(notice).toContainText('HTTPS on your phone');
  await notice.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.tmp/insecure-notice-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await notice.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.tmp/insecure-notice-390.png' });
});

test('Settings → Sync: turning on needs HTTPS or localhost; the button is disabled and says so', async ({ page }) => {
  await page.goto('/settings#sync');
  const sync = page.getByRole('region', { name: 'Sync' });
  const turnOn = sync.getByRole('button', { name: 'turn on sync' });
  await expect(turnOn).toBeDisabled();
  await expect(turnOn).toHaveAccessibleDescription(/Sync needs a secure page \(HTTPS or localhost\)/);
});

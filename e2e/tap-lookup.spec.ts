import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { devices, type Locator, type Page } from '@playwright/test';
import { startFakeServer, type FakeServer } from '../test-support/fake-server';
import { geminiWire } from '../test-support/fakes/ai-wire';
import { scanningEdictLines } from '../test-support/dict-scanning-cases';
import { fixtureTexts } from '../test-support/shonagon-fixture';
import { expect, test as base } from './fixtures';
import { seedStorage } from './storage';

/**
 * Tap to look up on a phone (390 × 844, touch, a phone's user agent): a finger's tap on Japanese
 * text opens the dictionary's bottom sheet for the word there, with the word marked in the page;
 * a scroll, a mouse click, a long press and a tap on a control do not; the sheet closes with its
 * button, a tap outside and Back; the setting turns it off. The dictionary is a small EDICT
 * imported on start-up; the corpus the Shonagon rows and the dictionary's examples come from is
 * the Shonagon fixture; the chat's reply comes from a Gemini-shaped fake.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-tap-'));
const edict = path.join(dir, 'edict');
fs.writeFileSync(
  edict,
  [
    ...scanningEdictLines,
    '羅生門 [らしょうもん] /(n) Rashomon (the southern gate of Kyoto)/',
    '下人 [げにん] /(n) (1) servant/menial/',
    '門 [もん] /(n) (1) gate/(P)/',
    '毎日 [まいにち] /(n,adv) every day/(P)/',
    '私 [わたし] /(pn) I/me/(P)/',
    'は /(prt) indicates sentence topic/(P)/',
  ].join('\n') + '\n',
);

/** What the fake model answers: Japanese prose, a link and an image whose words are Japanese too. */
const replyParts = ['東京に行きたい。', '毎日、日本語を勉強しています。\n\n', '[東京の地図](https://example.com/tokyo) ', '![雨の写真](data:image/gif;base64,R0lGODlhAQABAAAAACwAAAAAAQABAAA=)'];

function geminiChunk(text: string, last = false): string {
  const event = JSON.parse(geminiWire.streamEvents[0].slice('data: '.length)) as { candidates: Array<{ content: { parts: Array<{ text: string }> }; finishReason?: string }> };
  event.candidates[0].content.parts[0].text = text;
  if (last) event.candidates[0].finishReason = 'STOP';
  return `data: ${JSON.stringify(event)}\r\n\r\n`;
}

const test = base.extend<object, { gemini: FakeServer }>({
  gemini: [
    async ({}, use) => {
      const fake = await startFakeServer(async (request, response) => {
        if (request.method === 'GET' && request.url.startsWith('/v1beta/models')) {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(geminiWire.models);
          return;
        }
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        for (const [index, text] of replyParts.entries()) response.write(geminiChunk(text, index === replyParts.length - 1));
        response.end();
      });
      await use(fake);
      await fake.close();
    },
    { scope: 'worker' },
  ],
  appEnv: [async ({ gemini }, use) => use({ KOTONOHA_EDICT_PATH: edict, PROXY_ALLOW_ORIGINS: gemini.url }), { scope: 'worker' }],
});

const phone = devices['Pixel 7'];
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, userAgent: phone.userAgent, deviceScaleFactor: 2 });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ workerApp, request }) => {
  await expect
    .poll(async () => (await (await request.get(`${workerApp.url}/api/dict/status`)).json()).state, { timeout: 30_000, intervals: [250] })
    .toBe('ready');
  for (const text of fixtureTexts) {
    const response = await request.post(`${workerApp.url}/shonagon_api/documents`, { data: text });
    expect(response.ok()).toBe(true);
  }
});
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The middle of the `index`-th character of the first `text` on the page (scrolled into view), in viewport pixels. */
async function pointOf(page: Page, text: string, index = 0, within?: Locator): Promise<{ x: number; y: number }> {
  const scope = within ?? page.locator('body');
  const holder = scope.getByText(text, { exact: false }).first();
  await expect(holder).toBeVisible();
  // Rows and cards slide in as they come into view (an observer starts it a frame or two later):
  // measured once they are in place.
  await holder.evaluate(async (element) => {
    element.scrollIntoView({ block: 'center' });
    for (let frame = 0; frame < 3; frame++) await new Promise(requestAnimationFrame);
    await Promise.all(document.getAnimations().filter((animation) => animation.playState === 'running').map((animation) => animation.finished.catch(() => undefined)));
  });
  return scope.evaluate(
    (root, [wanted, at]) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const offset = node.textContent!.indexOf(wanted);
        if (offset === -1) continue;
        const range = document.createRange();
        range.setStart(node, offset + at);
        range.setEnd(node, offset + at + 1);
        const box = range.getBoundingClientRect();
        return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
      }
      throw new Error(`not on the page: ${wanted}`);
    },
    [text, index] as const,
  );
}

/** Tap to look up listens once its code has come, just after the screen's first paint (a tap before that does nothing). */
async function untilListening(page: Page) {
  await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /\/tap-lookup-[\w-]{8}\.js$/.test(entry.name)))).toBe(true);
  // Its component mounts, then adds its listeners after that frame.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50)))));
}

async function tapOn(page: Page, text: string, index = 0, within?: Locator) {
  await untilListening(page);
  const { x, y } = await pointOf(page, text, index, within);
  await page.touchscreen.tap(x, y);
}

/** What the page has marked (the CSS highlight's ranges). */
function marked(page: Page): Promise<string> {
  return page.evaluate(() => [...((CSS as unknown as { highlights: Map<string, Iterable<Range>> }).highlights.get('tap-lookup') ?? [])].map((range) => range.toString()).join('|'));
}

const sheet = (page: Page) => page.locator('[data-tap-lookup-ignore]').getByRole('dialog', { name: 'dictionary' });

/** Waits long enough for a tap's sheet (its code, then the lookup) to have come, had there been one. */
async function expectNoSheet(page: Page) {
  await page.waitForTimeout(700);
  await expect(page.getByRole('dialog', { name: 'dictionary' })).toHaveCount(0);
  expect(await marked(page)).toBe('');
}

/** One finger on the screen, through the DevTools protocol (a touch that moves or stays, unlike `touchscreen.tap`). */
async function finger(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  return (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
}

test('a tap on a word of a Shonagon row opens the sheet with its entry and marks the word; the close button closes it', async ({ page }) => {
  await page.goto('/shonagon/single?query_string=羅生門');
  const table = page.getByRole('table', { name: 'results' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // The key of the first row (its contexts are cut to fit 390 px; the key is whole).
  const key = table.getByRole('row').nth(1).getByRole('cell').nth(1);
  await tapOn(page, '羅生門', 0, key);
  const dialog = sheet(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('article', { name: '羅生門' })).toBeVisible();
  await expect(dialog.getByText('southern gate of Kyoto', { exact: false })).toBeVisible();
  expect(await marked(page)).toBe('羅生門');
  // The selection menu's actions, one of each.
  for (const name of ['speak', 'translate', 'Ask AI']) await expect(dialog.getByRole('group', { name: 'selection menu' }).getByRole('button', { name, exact: true })).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'selection menu' }).getByRole('button', { name: /add to Anki/i })).toBeVisible();

  await dialog.getByRole('button', { name: 'close' }).click();
  await expect(page.getByRole('dialog', { name: 'dictionary' })).toHaveCount(0);
  expect(await marked(page)).toBe('');
  // Closing by the button took the sheet's history entry with it: Back leaves the screen.
  await page.goBack();
  await expect(page).not.toHaveURL(/query_string/);
});

test('a tap on a chat reply looks up the longest word there (a conjugated verb too); links, images and buttons are left alone', async ({ page, gemini }) => {
  await seedStorage(page, { settings: { aichat: { gemini_key: 'test-key', gemini_base_url: `${gemini.url}/v1beta` } } });
  await page.goto('/chat');
  await page.getByRole('textbox', { name: 'question' }).fill('hi');
  await page.getByRole('button', { name: 'send' }).click();
  const reply = page.getByRole('list', { name: 'messages' }).getByRole('listitem').nth(1);
  await expect(reply).toContainText('勉強しています');

  await tapOn(page, '日本語を勉強', 0, reply);
  await expect(sheet(page).getByRole('article', { name: '日本語' })).toBeVisible();
  expect(await marked(page)).toBe('日本語');
  // A tap outside the sheet closes it.
  await page.touchscreen.tap(195, 60);
  await expect(page.getByRole('dialog', { name: 'dictionary' })).toHaveCount(0);

  await tapOn(page, '勉強しています', 0, reply);
  await expect(sheet(page).getByRole('article', { name: '勉強' })).toBeVisible();
  expect(await marked(page)).toBe('勉強しています');
  // Back closes it, and stays on the chat.
  await page.goBack();
  await expect(page.getByRole('dialog', { name: 'dictionary' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/chat$/);

  // The link's and the image's words are Japanese, and still nothing opens.
  await page.context().route('https://example.com/**', (route) => route.fulfill({ body: 'elsewhere' }));
  const link = reply.getByRole('link', { name: '東京の地図' });
  const box = (await link.boundingBox())!;
  await page.touchscreen.tap(box.x + 4, box.y + box.height / 2);
  await expectNoSheet(page);
  const image = (await reply.getByRole('img', { name: '雨の写真' }).boundingBox())!;
  await page.touchscreen.tap(image.x + image.width / 2, image.y + image.height / 2);
  await expectNoSheet(page);
  const copy = (await reply.getByRole('button', { name: 'copy reply' }).boundingBox())!;
  await page.touchscreen.tap(copy.x + copy.width / 2, copy.y + copy.height / 2);
  await expectNoSheet(page);
});

test('a tap on a dictionary example opens the sheet over the dictionary; a tap on a headword\'s kanji button does not', async ({ page }) => {
  await page.goto('/shonagon/single?query_string=羅生門');
  const key = page.getByRole('table', { name: 'results' }).getByRole('row').nth(1).getByRole('cell').nth(1);
  await tapOn(page, '羅生門', 0, key);
  // The sheet's headword: each kanji opens the dictionary on it, which takes the sheet's place.
  await sheet(page).getByRole('article', { name: '羅生門' }).getByRole('button', { name: /門/ }).click();
  const modal = page.getByRole('dialog', { name: 'Dictionary' }).filter({ has: page.getByRole('textbox', { name: 'search the dictionary' }) });
  await expect(modal.getByRole('textbox', { name: 'search the dictionary' })).toHaveValue('門');
  await expect(sheet(page)).toHaveCount(0);
  const examples = modal.getByRole('region', { name: /examples/i });
  await expect(examples.getByRole('listitem').first()).toBeVisible();

  await tapOn(page, '羅生門', 0, examples);
  const dialog = sheet(page);
  await expect(dialog.getByRole('article', { name: '羅生門' })).toBeVisible();
  expect(await marked(page)).toBe('羅生門');
  await dialog.getByRole('button', { name: 'close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(modal).toBeVisible();

  // The headword's kanji in the modal is a button (it looks the kanji up in place): no sheet.
  const kanji = modal.getByRole('article', { name: '門' }).getByRole('button', { name: /門/ }).first();
  const box = (await kanji.boundingBox())!;
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForTimeout(700);
  await expect(dialog).toHaveCount(0);
  expect(await marked(page)).toBe('');
});

test('scrolling over text, a mouse click and a long press open no sheet; a long press gets the selection menu below the selection', async ({ page }) => {
  await page.goto('/test');
  const touch = await finger(page);
  const { x, y } = await pointOf(page, '日本語を勉強');
  // A finger that scrolls the page.
  const before = await page.evaluate(() => window.scrollY);
  await touch('touchStart', x, y);
  for (let step = 1; step <= 12; step++) await touch('touchMove', x, y - step * 15);
  await touch('touchEnd', x, y - 180);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before);
  await expectNoSheet(page);

  // A mouse click on the same word.
  const again = await pointOf(page, '日本語を勉強');
  await page.mouse.click(again.x, again.y);
  await expectNoSheet(page);

  // A long press opens no sheet (this Chromium's desktop build even ends it with a click). A phone
  // selects the word under it; the desktop build does not, so the page does it as the phone would.
  // The menu then sits below the selection: the phone's own toolbar is above it.
  const word = await pointOf(page, '激怒');
  await touch('touchStart', word.x, word.y);
  await page.waitForTimeout(800);
  await touch('touchEnd', word.x, word.y);
  await expectNoSheet(page);
  await page.evaluate(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.indexOf('激怒');
      if (at === -1) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 2);
      window.getSelection()!.removeAllRanges();
      window.getSelection()!.addRange(range);
      return;
    }
  });
  const menu = page.getByTestId('selection-menu');
  await expect(menu).toBeVisible();
  const selection = await page.evaluate(() => {
    const box = window.getSelection()!.getRangeAt(0).getBoundingClientRect();
    return { top: box.top, bottom: box.bottom, text: window.getSelection()!.toString() };
  });
  expect(selection.text).not.toBe('');
  const menuBox = (await menu.boundingBox())!;
  expect(menuBox.y).toBeGreaterThan(selection.bottom);
  expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(390);
  await expectNoSheet(page);

  // What none of them did, a tap does.
  await tapOn(page, '日本語を勉強');
  await expect(sheet(page).getByRole('article', { name: '日本語' })).toBeVisible();
});

test('with "tap to look up" off in Settings, a tap opens nothing', async ({ page }) => {
  await page.goto('/test');
  await tapOn(page, '日本語を勉強');
  await expect(sheet(page).getByRole('article', { name: '日本語' })).toBeVisible();
  await page.goto('/settings#system');
  const box = page.getByRole('checkbox', { name: 'tap to look up' });
  await expect(box).toBeChecked();
  await box.uncheck();
  await page.getByRole('button', { name: 'save settings' }).click();
  await page.goto('/test');
  await tapOn(page, '日本語を勉強');
  await expectNoSheet(page);
});

test('screenshots of the sheet at 390 px, zh dark and en light', async ({ page }) => {
  fs.mkdirSync('docs/screenshots/tap-lookup', { recursive: true });
  for (const [language, theme] of [
    ['zh', 'dark'],
    ['en', 'light'],
  ] as const) {
    await seedStorage(page, { settings: { language, theme } });
    await page.goto('/test');
    await tapOn(page, '勉強しています');
    // Named in the interface's language (词典 in zh).
    const dialog = page.locator('[data-tap-lookup-ignore]').getByRole('dialog');
    await expect(dialog.getByRole('article', { name: '勉強' })).toBeVisible();
    await page.evaluate(() => Promise.all(document.getAnimations().filter((animation) => animation.playState === 'running').map((animation) => animation.finished.catch(() => undefined))));
    await page.screenshot({ path: `docs/screenshots/tap-lookup/sheet-${language}-${theme}-390.png` });
    await dialog.getByRole('button', { name: /close|关闭/ }).click();
    await expect(dialog).toHaveCount(0);
  }
});

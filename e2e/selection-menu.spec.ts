import type { Locator, Page } from '@playwright/test';
import { startFakeServer, type FakeServer } from '../test-support/fake-server';
import { ttsmp3Handler, ttsmp3State, type Ttsmp3State } from '../test-support/fakes/speech';
import { expect, test as base } from './fixtures';
import { seedStorage } from './storage';

const state: Ttsmp3State = ttsmp3State();

const test = base.extend<object, { ttsmp3: FakeServer }>({
  ttsmp3: [
    async ({}, use) => {
      const fake = await startFakeServer((request, response) => ttsmp3Handler(state)(request, response));
      state.origin = fake.url;
      await use(fake);
      await fake.close();
    },
    { scope: 'worker' },
  ],
  appEnv: [async ({ ttsmp3 }, use) => use({ UPSTREAM_TTSMP3: ttsmp3.url }), { scope: 'worker' }],
});

const sentence = '吾輩は猫である。名前はまだ無い。';
/** Past the selection menu's settle timer (150 ms in selection-menu.tsx), with room to spare. */
const settleAllowanceMs = 1000;

/** Selects the text of `target` with a mouse drag, as a person does. */
async function dragSelect(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  const y = box.y + Math.min(12, box.height / 2);
  await page.mouse.move(box.x + 1, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, y, { steps: 4 });
  await page.mouse.move(box.x + box.width - 1, y, { steps: 4 });
  await page.mouse.up();
}

async function selectionRect(page: Page) {
  return page.evaluate(() => {
    const rect = window.getSelection()!.getRangeAt(0).getBoundingClientRect();
    return { left: rect.left, top: rect.top, bottom: rect.bottom };
  });
}

/** Records the menu's actions (it announces each one on window) for events without a visible handler. */
async function recordActions(page: Page) {
  await page.addInitScript(() => {
    const actions: unknown[] = [];
    (window as unknown as { selectionActions: unknown[] }).selectionActions = actions;
    window.addEventListener('kotonoha:selection-action', (event) => actions.push((event as CustomEvent).detail));
  });
}

const actions = (page: Page) => page.evaluate(() => (window as unknown as { selectionActions: unknown[] }).selectionActions);

async function openWithSelection(page: Page) {
  await recordActions(page);
  await page.goto('/test');
  const text = page.getByText(sentence);
  await dragSelect(page, text);
  const menu = page.getByRole('toolbar', { name: 'selection menu' });
  await expect(menu).toBeVisible();
  return { menu, text };
}

test('a mouse selection shows the menu under the selection with its buttons', async ({ page }) => {
  const { menu } = await openWithSelection(page);
  for (const name of ['speak', 'search in Shonagon', 'Ask AI', 'translate', 'copy selection', 'ellipsis']) {
    await expect(menu.getByRole('button', { name, exact: true })).toBeVisible();
  }
  const rect = await selectionRect(page);
  const box = (await menu.boundingBox())!;
  expect(Math.abs(box.y - (rect.bottom + 8))).toBeLessThanOrEqual(2);
  expect(Math.abs(box.x - rect.left)).toBeLessThanOrEqual(2);
  expect(await page.evaluate(() => window.getSelection()!.toString())).toBe(sentence);
});

test('no menu for an empty selection; a mousedown outside hides it; a new selection brings it back', async ({ page }) => {
  // The menu lets a selection settle on a timer before it looks; the test runs the page's timers past
  // that point (a fake clock that otherwise flows normally) instead of sleeping and hoping.
  await page.clock.install();
  await page.goto('/test');
  await page.getByText(sentence).click();
  await page.clock.runFor(settleAllowanceMs);
  await expect(page.getByRole('toolbar', { name: 'selection menu' })).toHaveCount(0);

  const { menu, text } = await openWithSelection(page);
  await page.mouse.move(5, 700);
  await page.mouse.down();
  await expect(menu).toHaveCount(0);
  await page.mouse.up();
  await page.clock.runFor(settleAllowanceMs);
  await expect(menu).toHaveCount(0);

  await dragSelect(page, text);
  await expect(menu).toBeVisible();
});

test('the menu follows scrolling and its left edge is capped at window width − 200', async ({ page }) => {
  const { menu } = await openWithSelection(page);
  const before = (await menu.boundingBox())!;
  await page.mouse.wheel(0, 120);
  await expect.poll(async () => (await menu.boundingBox())!.y).toBeLessThan(before.y - 60);
  const rect = await selectionRect(page);
  expect(Math.abs((await menu.boundingBox())!.y - (rect.bottom + 8))).toBeLessThanOrEqual(2);

  // The last two characters of the first line of the right-hand card sit near the window's right
  // edge. They are found by their own boxes, not by a point, so the font's metrics do not matter.
  const rightCard = page.getByTestId('sample-card').nth(1).locator('p');
  const viewport = page.viewportSize()!;
  await rightCard.evaluate((paragraph) => {
    const walker = document.createTreeWalker(paragraph, NodeFilter.SHOW_TEXT);
    const text = walker.nextNode() as Text;
    const range = document.createRange();
    const boxOf = (index: number) => {
      range.setStart(text, index);
      range.setEnd(text, index + 1);
      return range.getBoundingClientRect();
    };
    const firstTop = boxOf(0).top;
    let last = 0;
    while (last + 1 < text.length && Math.abs(boxOf(last + 1).top - firstTop) < 2) last += 1;
    range.setStart(text, Math.max(0, last - 1));
    range.setEnd(text, last + 1);
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(range);
  });
  await expect.poll(async () => (await selectionRect(page)).left).toBeGreaterThan(viewport.width - 200);
  await expect.poll(async () => (await menu.boundingBox())?.x).toBe(viewport.width - 200);
});

test('speak reads the selection through the makemp3 relay with the Japanese voice', async ({ page, ttsmp3 }) => {
  const { menu } = await openWithSelection(page);
  const before = ttsmp3.requests.length;
  await menu.getByRole('button', { name: 'speak' }).click();
  await expect.poll(() => ttsmp3.requests.slice(before).filter((r) => r.method === 'POST').length).toBeGreaterThanOrEqual(1);
  const form = new URLSearchParams(ttsmp3.requests.slice(before).find((r) => r.method === 'POST')!.body.toString('utf8'));
  expect(form.get('lang')).toBe('Takumi');
  expect(form.get('msg')).toBe('吾輩は猫である。');
  // The audio element then fetches the MP3 through the server's relay.
  await expect.poll(() => ttsmp3.requests.slice(before).some((r) => r.method === 'GET' && r.url.startsWith('/created_mp3/'))).toBe(true);
});

test('search in Shonagon opens the query in a new tab', async ({ page, context }) => {
  const { menu } = await openWithSelection(page);
  const popup = context.waitForEvent('page');
  await menu.getByRole('button', { name: 'search in Shonagon' }).click();
  const tab = await popup;
  await tab.waitForLoadState('domcontentloaded');
  expect(tab.url()).toContain(`/shonagon/single?query_string=${encodeURIComponent(sentence)}`);
  await tab.close();
});

test('translate opens the translate modal with the text, and the menu hides while it is open', async ({ page }) => {
  const { menu } = await openWithSelection(page);
  await menu.getByRole('button', { name: 'translate' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(menu).toHaveCount(0);
  expect(await actions(page)).toEqual([{ action: 'translate', text: sentence }]);
  await expect(page.getByRole('dialog').getByRole('textbox').first()).toHaveValue(sentence);
});

test('Ask AI opens the compact chat', async ({ page }) => {
  const { menu } = await openWithSelection(page);
  await menu.getByRole('button', { name: 'Ask AI' }).click();
  await expect(page.getByRole('dialog', { name: 'AI assistant' })).toBeVisible();
  expect(await actions(page)).toEqual([{ action: 'askAI', text: sentence }]);
});

test('more → dictionary opens the dictionary; more → search notes asks for the notes search', async ({ page }) => {
  const { menu } = await openWithSelection(page);
  await menu.getByRole('button', { name: 'ellipsis' }).click();
  await page.getByRole('menuitem', { name: 'dictionary' }).click();
  await expect(page.getByRole('dialog', { name: 'Dictionary' })).toBeVisible();
  await expect(menu).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The selection is still there, so the menu comes back with the modal gone.
  await expect(menu).toBeVisible();
  await menu.getByRole('button', { name: 'ellipsis' }).click();
  await page.getByRole('menuitem', { name: 'search notes' }).click();
  expect(await actions(page)).toEqual([
    { action: 'dictionary', text: sentence },
    { action: 'notes', text: sentence },
  ]);
});

test('copy puts the selection on the clipboard', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { menu } = await openWithSelection(page);
  await menu.getByRole('button', { name: 'copy selection' }).click();
  await expect(page.getByText('copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(sentence);
});

test('shortcuts: t and y translate, a asks AI, n opens Shonagon, g the external AI site; not while typing', async ({ page, context }) => {
  const { text } = await openWithSelection(page);
  const translateModal = page.getByRole('dialog', { name: 'translate' });
  await page.keyboard.press('t');
  await expect(translateModal.getByRole('textbox').first()).toHaveValue(sentence);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await dragSelect(page, text);
  await page.keyboard.press('y');
  await expect(translateModal.getByRole('textbox').first()).toHaveValue(sentence);
  await page.keyboard.press('Escape');

  await dragSelect(page, text);
  await page.keyboard.press('a');
  await expect(page.getByRole('dialog', { name: 'AI assistant' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await dragSelect(page, text);
  // The external site is not reachable here: the tab is asserted by the URL it was opened with.
  await context.route('https://chatgpt.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>external</title>' }));
  const external = context.waitForEvent('page');
  await page.keyboard.press('g');
  const externalTab = await external;
  await expect.poll(() => externalTab.url()).toBe(`https://chatgpt.com/?q=${encodeURIComponent(sentence)}`);
  await externalTab.close();

  const shonagon = context.waitForEvent('page');
  await page.keyboard.press('n');
  const tab = await shonagon;
  await expect.poll(() => tab.url()).toContain(`query_string=${encodeURIComponent(sentence)}`);
  await tab.close();

  expect((await actions(page)).map((a) => (a as { action: string }).action)).toEqual(['translate', 'translate', 'askAI', 'externalAI', 'shonagon']);

  expect((await actions(page)).length).toBe(5);
});

test('shortcuts do not fire while typing, even over selected text in the field', async ({ page }) => {
  await recordActions(page);
  await page.goto('/translate');
  const source = page.getByRole('textbox', { name: 'source text' });
  await source.fill('tyang');
  await source.press('ControlOrMeta+a');
  expect(await page.evaluate(() => window.getSelection()!.toString())).toBe('tyang');
  for (const key of ['t', 'a', 'n', 'g']) await source.press(key);
  await expect(source).toHaveValue('tang');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await actions(page)).toEqual([]);
});

test('inside a modal the menu serves the modal\'s own text; a selection behind the modal gets no menu', async ({ page }) => {
  const { menu } = await openWithSelection(page);
  await page.getByRole('button', { name: 'open modal' }).click();
  const modal = page.getByRole('dialog', { name: 'Test modal' });
  await expect(modal).toBeVisible();
  // The page's selection is behind the modal now.
  await expect(menu).toHaveCount(0);
  await dragSelect(page, modal.getByText('雪国であった。'));
  await expect(menu).toBeVisible();
  await menu.getByRole('button', { name: 'Ask AI' }).click();
  await expect(page.getByRole('dialog', { name: 'AI assistant' })).toBeVisible();
  expect((await actions(page)).at(-1)).toEqual({ action: 'askAI', text: '雪国であった。' });
});

test('touch selection on a phone shows the menu', async ({ browser, app }) => {
  const context = await browser.newContext({ baseURL: app.url, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await seedStorage(context, { on: 'if-absent' });
  const page = await context.newPage();
  // A context of its own: the English interface the fixtures give every other page.
  await seedStorage(page);
  await page.goto('/test');
  const target = page.getByText(sentence);
  await target.scrollIntoViewIfNeeded();
  // Long-press selection is native UI; the page sees selectionchange, which is what is simulated.
  await target.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(range);
  });
  await target.dispatchEvent('touchend');
  const menu = page.getByRole('toolbar', { name: 'selection menu' });
  await expect(menu).toBeVisible();
  const box = (await menu.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await context.close();
});

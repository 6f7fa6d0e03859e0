import type { Page } from '@playwright/test';
import { startFakeServer, type FakeServer } from '../test-support/fake-server';
import { startAiFake, type AiFake } from '../test-support/fakes/ai-provider-fake';
import { geminiWire } from '../test-support/fakes/ai-wire';
import { savedChatText } from './chat-db';
import { expect, test as base } from './fixtures';
import { seedStorage } from './storage';

interface Fakes {
  gemini: AiFake;
  openrouter: AiFake;
  openai: AiFake;
  siliconflow: AiFake;
  doubao: AiFake;
  /** A Gemini-shaped replay whose reply carries hostile markup. */
  hostile: FakeServer;
}

/** The transcript's first Gemini chunk with other text in it: same envelope, same CRLF framing. */
function geminiChunk(text: string, last = false): string {
  const event = JSON.parse(geminiWire.streamEvents[0].slice('data: '.length)) as {
    candidates: Array<{ content: { parts: Array<{ text: string }> }; finishReason?: string }>;
  };
  event.candidates[0].content.parts[0].text = text;
  if (last) event.candidates[0].finishReason = 'STOP';
  return `data: ${JSON.stringify(event)}\r\n\r\n`;
}

const hostileReply = [
  'Look: <img src=x onerror=alert(1)> ',
  'and [x](javascript:alert(1)) and <a href="javascript:alert(2)">y</a> ',
  '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned=2">\n\n',
  '```js\nalert(1)\n```\n\n',
  '[external](https://example.com/) done.',
];

const test = base.extend<object, { fakes: Fakes }>({
  fakes: [
    async ({}, use) => {
      const hostile = await startFakeServer(async (request, response) => {
        if (request.method === 'GET' && request.url.startsWith('/v1beta/models')) {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(geminiWire.models);
          return;
        }
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        for (const [index, text] of hostileReply.entries()) {
          response.write(geminiChunk(text, index === hostileReply.length - 1));
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        response.end();
      });
      const fakes: Fakes = {
        gemini: await startAiFake('gemini'),
        openrouter: await startAiFake('openrouter'),
        openai: await startAiFake('openai'),
        siliconflow: await startAiFake('siliconflow', 'the-right-key'),
        doubao: await startAiFake('doubao'),
        hostile,
      };
      await use(fakes);
      await Promise.all(Object.values(fakes).map((fake: FakeServer) => fake.close()));
    },
    { scope: 'worker' },
  ],
  appEnv: [
    async ({ fakes }, use) => use({ PROXY_ALLOW_ORIGINS: Object.values(fakes).map((fake: FakeServer) => fake.url).join(',') }),
    { scope: 'worker' },
  ],
});

type Aichat = Record<string, string>;

/** Saved settings point each provider at its fake (docs/storage.md "Settings additions": `aichat.<p>_base_url`). */
async function useSettings(page: Page, aichat: Aichat) {
  await seedStorage(page, { settings: { aichat } });
}

function providerSettings(fakes: Fakes, geminiBase = fakes.gemini.baseURL): Aichat {
  return {
    gemini_key: fakes.gemini.apiKey,
    gemini_base_url: geminiBase,
    openrouter_key: fakes.openrouter.apiKey,
    openrouter_base_url: fakes.openrouter.baseURL,
    openai_key: fakes.openai.apiKey,
    openai_base_url: fakes.openai.baseURL,
    siliconflow_key: 'a-wrong-key',
    siliconflow_base_url: fakes.siliconflow.baseURL,
    doubao_key: fakes.doubao.apiKey,
    doubao_base_url: fakes.doubao.baseURL,
  };
}

const messages = (page: Page) => page.getByRole('list', { name: 'messages' });
const question = (page: Page) => page.getByRole('textbox', { name: 'question' });

/** Toasts sit top right, over the settings panel's corner: close them as a person would. */
async function dismissToasts(page: Page) {
  const toasts = page.locator('.mantine-Notification-root');
  for (const button of await toasts.locator('button').all()) await button.click({ force: true, timeout: 1000 }).catch(() => {});
  await expect(toasts).toHaveCount(0);
}

async function ask(page: Page, text: string) {
  await question(page).fill(text);
  await page.getByRole('button', { name: 'send' }).click();
}

test.beforeEach(({ fakes }) => {
  for (const fake of [fakes.gemini, fakes.openrouter, fakes.openai, fakes.siliconflow]) {
    fake.scenario = 'ok';
    fake.frameDelayMs = 1;
  }
});

test('sends a question and streams the reply with role, provider and time', async ({ page, fakes }) => {
  await useSettings(page, providerSettings(fakes));
  await page.goto('/chat');
  await expect(page.getByRole('textbox', { name: 'prompt :' })).toHaveValue(/[\u4e00-\u9fff]/);
  await expect(messages(page)).toContainText('messages....');
  const send = page.getByRole('button', { name: 'send' });
  await expect(send).toBeDisabled();
  await expect(page.getByRole('button', { name: 'stop generating' })).toHaveCount(0);

  await question(page).fill('How many r in strawberry?');
  await question(page).press('Control+Enter');
  const items = messages(page).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('user');
  await expect(items.nth(0)).toContainText('How many r in strawberry?');
  await expect(items.nth(1)).toContainText('assistant');
  await expect(items.nth(1)).toContainText('Gemini');
  await expect(items.nth(1).locator('time')).toHaveText(/\d{1,2}:\d{2}/);
  await expect(items.nth(1)).toContainText('There are 3 "r"s in strawberry.');
  await expect(items.nth(1).locator('strong').first()).toHaveText('3');
  await expect(question(page)).toHaveValue('');
  await expect(page.getByRole('button', { name: 'new session' })).toBeEnabled();

  const body = fakes.gemini.chatBodies().at(-1) as { contents: unknown[] };
  expect(body.contents).toEqual([{ role: 'user', parts: [{ text: 'How many r in strawberry?' }] }]);
  expect(fakes.gemini.requests.at(-1)!.url).toContain('/models/gemini-2.0-flash:streamGenerateContent');

  // A blank question is ignored.
  await question(page).fill('   ');
  await send.click();
  await expect(items).toHaveCount(2);

  // Copy a reply (its markdown), then regenerate it: the same question is asked again.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await items.nth(1).getByRole('button', { name: 'copy reply' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(fakes.gemini.expectedText);
  const asked = fakes.gemini.chatBodies().length;
  await items.nth(1).getByRole('button', { name: 'regenerate' }).click();
  await expect.poll(() => fakes.gemini.chatBodies().length).toBe(asked + 1);
  await expect(items).toHaveCount(2);
  await expect(items.nth(1)).toContainText('There are 3 "r"s in strawberry.');
  expect((fakes.gemini.chatBodies().at(-1) as { contents: unknown[] }).contents).toEqual(body.contents);

  // Cmd+Enter sends as well.
  await question(page).fill('And in raspberry?');
  await question(page).press('Meta+Enter');
  await expect(items).toHaveCount(4);
  await expect(items.nth(2)).toContainText('And in raspberry?');
});

test('stop generating keeps the text that arrived and the screen is usable again', async ({ page, fakes }) => {
  await useSettings(page, providerSettings(fakes));
  const logs: string[] = [];
  page.on('console', (message) => logs.push(message.text()));
  fakes.gemini.scenario = 'hang';
  await page.goto('/chat');
  await ask(page, 'hello');
  const stop = page.getByRole('button', { name: 'stop generating' });
  await expect(stop).toBeVisible();
  await expect(page.getByRole('button', { name: 'new session' })).toBeDisabled();
  const reply = messages(page).getByRole('listitem').nth(1);
  await expect(reply).toContainText('There are 3');
  await stop.click();
  await expect(stop).toHaveCount(0);
  await expect(reply).toContainText('There are 3');
  await expect(page.getByRole('button', { name: 'new session' })).toBeEnabled();
  await expect.poll(() => logs).toContain('请求已被取消');

  fakes.gemini.scenario = 'ok';
  await ask(page, 'again');
  await expect(messages(page).getByRole('listitem')).toHaveCount(4);
  await expect(messages(page).getByRole('listitem').nth(3)).toContainText('in strawberry.');
});

test('errors are shown and leave the screen idle: 429, a cut stream', async ({ page, fakes }) => {
  await useSettings(page, providerSettings(fakes));
  await page.goto('/chat');
  fakes.gemini.scenario = 'rate-limited';
  await ask(page, 'one');
  await expect(page.getByRole('alert').filter({ hasText: '请求过于频繁或已超过配额，请稍后再试' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'stop generating' })).toHaveCount(0);

  fakes.gemini.scenario = 'cut';
  // Room for the first frame to cross the relay before the upstream socket is destroyed.
  fakes.gemini.frameDelayMs = 80;
  await ask(page, 'two');
  await expect(page.getByRole('alert').filter({ hasText: /^request error: / }).first()).toBeVisible();
  await expect(messages(page).getByRole('listitem').nth(3)).toContainText(fakes.gemini.partialText.replace(/\*\*/g, ''));
  await expect(page.getByRole('button', { name: 'new session' })).toBeEnabled();
});

test('conversations survive a reload; new session keeps the old one in history', async ({ page, fakes }) => {
  await useSettings(page, providerSettings(fakes));
  await page.goto('/chat');
  await ask(page, 'Remember the strawberry');
  await expect(messages(page).getByRole('listitem').nth(1)).toContainText('in strawberry.');

  await page.reload();
  await expect(messages(page).getByRole('listitem')).toHaveCount(2);
  await expect(messages(page)).toContainText('Remember the strawberry');
  await expect(page.getByText('Remember the strawberry').first()).toBeVisible();

  await page.getByRole('button', { name: 'new session' }).click();
  await expect(messages(page)).toContainText('messages....');
  await expect(messages(page).getByRole('listitem')).toHaveCount(0);
  await ask(page, 'A second topic');
  await expect(messages(page).getByRole('listitem').nth(1)).toContainText('in strawberry.');

  await page.getByRole('button', { name: 'history' }).click();
  const history = page.getByRole('dialog', { name: 'History' });
  const list = history.getByRole('list', { name: 'conversations' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await history.getByRole('textbox', { name: 'search conversations' }).fill('remember');
  await expect(list.getByRole('listitem')).toHaveCount(1);

  // Export as Markdown.
  await history.getByRole('button', { name: 'actions for Remember the strawberry' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'export Markdown' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^chat-\d{4}-\d{2}-\d{2}-Remember-the-strawberry\.md$/);

  // Rename, then open it.
  await history.getByRole('button', { name: 'actions for Remember the strawberry' }).click();
  await page.getByRole('menuitem', { name: 'rename' }).click();
  await history.getByRole('textbox', { name: 'conversation title' }).fill('Berries');
  await history.getByRole('textbox', { name: 'conversation title' }).press('Enter');
  await history.getByRole('textbox', { name: 'search conversations' }).fill('');
  await expect(list.getByRole('button', { name: /^Berries/ })).toBeVisible();
  await list.getByRole('button', { name: /^Berries/ }).click();
  await expect(history).toBeHidden();
  await expect(messages(page)).toContainText('Remember the strawberry');

  // Delete the other one.
  await page.getByRole('button', { name: 'history' }).click();
  await history.getByRole('button', { name: 'actions for A second topic' }).click();
  await page.getByRole('menuitem', { name: 'delete' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
});

test('a reload in the middle of a reply keeps the text that had arrived', async ({ page, fakes }) => {
  await useSettings(page, providerSettings(fakes));
  fakes.gemini.scenario = 'hang';
  await page.goto('/chat');
  await ask(page, 'interrupted question');
  await expect(messages(page).getByRole('listitem').nth(1)).toContainText('There are 3');
  // Saves are throttled while streaming: reload once one holding the text has landed.
  await expect.poll(() => savedChatText(page)).toMatch(/There are \*\*3/);
  await page.reload();
  const reply = messages(page).getByRole('listitem').nth(1);
  await expect(reply).toContainText('There are 3');
  await expect(reply).toContainText('reply interrupted');
  await expect(page.getByRole('button', { name: 'stop generating' })).toHaveCount(0);
});

test('switching provider reloads the model list with the default-model rules and toasts', async ({ page, fakes }) => {
  await useSettings(page, providerSettings(fakes));
  await page.goto('/chat');
  await page.getByRole('button', { name: 'settings' }).click();
  const panel = page.getByRole('dialog', { name: 'chat settings' });
  const provider = panel.getByRole('combobox', { name: 'provider' });
  const model = panel.getByRole('combobox', { name: 'model' });
  await expect(provider).toHaveValue('gemini');
  await expect(model).toHaveValue('gemini-2.0-flash');

  // OpenRouter: the default is in the "free" list.
  await provider.selectOption({ label: 'OpenRouter' });
  await expect(model).toHaveValue('deepseek/deepseek-chat:free');
  expect(await model.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).toEqual([
    'deepseek/deepseek-chat:free',
    'google/gemma-2-9b-it:free',
    'mistralai/mistral-7b-instruct:free',
  ]);

  // OpenAI: the default is missing, so a warning and the first model.
  await provider.selectOption({ label: 'OpenAI' });
  await expect(page.getByText('default model not found: gpt-3.5-turbo')).toBeVisible();
  await expect(model).toHaveValue('model-id-0');

  // SiliconFlow with a rejected key: an error toast and no list.
  await provider.selectOption({ label: 'SiliconFlow' });
  await expect(page.getByRole('alert').filter({ hasText: /^failed to fetch models: / }).first()).toBeVisible();
  await expect(model.locator('option')).toHaveCount(1);

  // Temperature: number box and slider, 0–2.
  await provider.selectOption({ label: 'OpenAI' });
  await expect(model).toHaveValue('model-id-0');
  await model.selectOption('model-id-2');
  const temperature = panel.getByRole('textbox', { name: 'temperature value' });
  await temperature.fill('1.25');
  await temperature.blur();
  await expect(panel.getByRole('slider', { name: 'temperature' })).toHaveAttribute('aria-valuenow', '1.25');

  // Close button, then an outside click.
  await dismissToasts(page);
  // A click on a toast is a click outside the panel, which closes it.
  if (!(await panel.isVisible())) await page.getByRole('button', { name: 'settings' }).click();
  await panel.getByRole('button', { name: 'close settings' }).click();
  await expect(panel).toBeHidden();
  await page.getByRole('button', { name: 'settings' }).click();
  await expect(panel).toBeVisible();
  await page.getByRole('heading', { name: 'AIChat' }).click();
  await expect(panel).toBeHidden();

  // The chat cache restores provider, model and temperature.
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('kotonoha.chat')))!)).toMatchObject({
    selectedProvider: 'openai',
    selectedModel: 'model-id-2',
    temperature: 1.25,
  });
  await page.reload();
  await page.getByRole('button', { name: 'settings' }).click();
  await expect(provider).toHaveValue('openai');
  await expect(model).toHaveValue('model-id-2');
  await expect(panel.getByRole('textbox', { name: 'temperature value' })).toHaveValue('1.25');

  await panel.getByRole('button', { name: 'close settings' }).click();
  await ask(page, 'hi there');
  await expect(messages(page).getByRole('listitem').nth(1)).toContainText('OpenAI');
  await expect(messages(page).getByRole('listitem').nth(1)).toContainText(fakes.openai.expectedText.replace(/\*\*/g, ''));
  expect(fakes.openai.chatBodies().at(-1)).toMatchObject({ model: 'model-id-2', temperature: 1.25 });
});

test('a missing key shows the alert and sends nothing', async ({ page, fakes }) => {
  await useSettings(page, { gemini_base_url: fakes.gemini.baseURL });
  const before = fakes.gemini.chatBodies().length;
  await page.goto('/chat');
  await ask(page, 'hello?');
  await expect(page.getByRole('alert').filter({ hasText: 'please set the Gemini apikey first' })).toBeVisible();
  await expect(messages(page).getByRole('listitem')).toHaveCount(0);
  await expect(question(page)).toHaveValue('hello?');
  expect(fakes.gemini.chatBodies()).toHaveLength(before);
});

test('the floating icon opens the compact chat about the selection, and closes it again', async ({ page, fakes }) => {
  await useSettings(page, providerSettings(fakes));
  await page.goto('/about');
  // The screen itself, not the heading the shell shows while the screen's code loads: that one is
  // replaced, and a selection inside it would vanish with it.
  await expect(page.getByText('Your keys stay with you')).toBeVisible();
  await page.evaluate(() => {
    const heading = document.querySelector('main h2')!;
    const range = document.createRange();
    range.selectNodeContents(heading);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
  });
  const selected = await page.evaluate(() => getSelection()!.toString().trim());
  const icon = page.getByRole('button', { name: 'AI assistant' });
  await icon.click();
  const modal = page.getByRole('dialog', { name: 'AI assistant' });
  const list = modal.getByRole('list', { name: 'messages' });
  await expect(list.getByRole('listitem').nth(0)).toContainText(selected);
  await expect(list.getByRole('listitem').nth(1)).toContainText('in strawberry.');
  expect(fakes.gemini.requests.at(-1)!.url).toContain('/models/gemini-2.0-flash-exp:streamGenerateContent');
  const body = fakes.gemini.chatBodies().at(-1) as { contents: unknown[] };
  expect(JSON.stringify(body)).toContain('日语');

  // No memory: the next question is sent alone.
  await modal.getByRole('textbox', { name: 'question' }).fill('and then?');
  await modal.getByRole('button', { name: 'send' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(4);
  await expect(list.getByRole('listitem').nth(3)).toContainText('in strawberry.');
  expect((fakes.gemini.chatBodies().at(-1) as { contents: unknown[] }).contents).toEqual([{ role: 'user', parts: [{ text: 'and then?' }] }]);

  await icon.click();
  await expect(modal).toBeHidden();
  // Nothing of the compact chat was saved as a conversation.
  await page.goto('/chat');
  await page.getByRole('button', { name: 'history' }).click();
  await expect(page.getByRole('dialog', { name: 'History' })).toContainText('No saved conversations yet.');
});

test('askAI (the selection menu Ask AI) opens the compact chat with that query; the icon alone opens it empty', async ({ page, fakes }) => {
  await useSettings(page, providerSettings(fakes));
  await page.goto('/about');
  const modal = page.getByRole('dialog', { name: 'AI assistant' });

  // Nothing selected: the compact chat opens empty, ready for a question.
  await page.getByRole('button', { name: 'AI assistant' }).click();
  await expect(modal.getByRole('list', { name: 'messages' })).toContainText('messages....');
  await expect(modal.getByRole('textbox', { name: 'question' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  await page.getByText('Your keys stay with you').selectText();
  await page.getByRole('button', { name: 'Ask AI' }).click();
  const list = modal.getByRole('list', { name: 'messages' });
  await expect(list.getByRole('listitem').nth(0)).toContainText('Your keys stay with you');
  await expect(list.getByRole('listitem').nth(1)).toContainText('in strawberry.');
  expect((fakes.gemini.chatBodies().at(-1) as { contents: unknown[] }).contents).toEqual([{ role: 'user', parts: [{ text: 'Your keys stay with you' }] }]);
});

test('a hostile reply renders as inert text: no script, no handlers, no javascript: links', async ({ page, fakes }) => {
  await useSettings(page, providerSettings(fakes, `${fakes.hostile.url}/v1beta`));
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto('/chat');
  await ask(page, 'show me something');
  const reply = messages(page).getByRole('listitem').nth(1);
  await expect(reply).toContainText('done.');
  await expect(page.getByRole('button', { name: 'stop generating' })).toHaveCount(0);

  // Rendered (the markdown renderer may still be loading when the reply ends), then inert.
  await expect(reply.locator('img')).toHaveCount(2);
  const html = await reply.innerHTML();
  expect(html).not.toMatch(/onerror|javascript:|<script/i);
  const external = reply.getByRole('link', { name: 'external' });
  await expect(external).toHaveAttribute('target', '_blank');
  await expect(external).toHaveAttribute('rel', 'noopener noreferrer');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await reply.getByRole('button', { name: 'copy code' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('alert(1)');
  await reply.getByText('x', { exact: true }).click();
  // Every image has loaded or failed, so any handler smuggled onto one would have run by now.
  await reply.scrollIntoViewIfNeeded();
  await expect.poll(() => reply.locator('img').evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete))).toBe(true);
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(page).toHaveURL(/\/chat$/);
});

test('the floating icon is on the chat screen too, clear of the composer buttons', async ({ page }) => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(viewport);
    await page.goto('/chat');
    const icon = page.getByRole('button', { name: 'AI assistant' });
    await expect(icon).toBeVisible();
    const iconBox = (await icon.boundingBox())!;
    for (const name of ['send', 'new session', 'settings']) {
      const box = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
      const overlaps = box.x < iconBox.x + iconBox.width && iconBox.x < box.x + box.width && box.y < iconBox.y + iconBox.height && iconBox.y < box.y + box.height;
      expect(overlaps, `${name} at ${viewport.width}px`).toBe(false);
    }
    await page.screenshot({ path: `.tmp/screens/chat-${viewport.width}.png` });
  }
});

test('presets and settings open on the first click, though their code loads only then', async ({ page }) => {
  await page.goto('/chat');
  await page.getByRole('button', { name: 'presets' }).click();
  const presets = page.getByRole('menu');
  await expect(presets).toBeVisible();
  await expect(presets.getByRole('menuitem')).toHaveCount(6);
  await presets.getByRole('menuitem').first().click();
  await expect(presets).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'prompt :' })).toBeFocused();

  await page.getByRole('button', { name: 'settings' }).click();
  await expect(page.getByRole('dialog', { name: 'chat settings' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'settings', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'chat settings' })).toBeHidden();
});

test('a typed model id (a Doubao endpoint) is used, and kept after a reload', async ({ page, fakes }) => {
  await useSettings(page, providerSettings(fakes));
  await page.goto('/chat');
  await page.getByRole('button', { name: 'settings', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'chat settings' });
  await panel.getByRole('combobox', { name: 'provider' }).selectOption({ label: 'Doubao' });
  const model = panel.getByRole('combobox', { name: 'model' });
  await expect(model).toHaveValue('{hash}');
  await panel.getByRole('textbox', { name: 'or type a model id' }).fill('ep-20250101-kotonoha');
  await panel.getByRole('textbox', { name: 'or type a model id' }).press('Enter');
  await expect(model).toHaveValue('ep-20250101-kotonoha');
  await panel.getByRole('button', { name: 'close settings' }).click();

  await question(page).fill('こんにちは');
  await question(page).press('Control+Enter');
  await expect(messages(page).getByRole('listitem').nth(1)).toContainText(fakes.doubao.expectedText.slice(0, 20));
  expect(fakes.doubao.chatBodies().at(-1)).toMatchObject({ model: 'ep-20250101-kotonoha' });

  await page.reload();
  await page.getByRole('button', { name: 'settings', exact: true }).click();
  await expect(model).toHaveValue('ep-20250101-kotonoha');
  // Picking from the list again drops the typed id.
  await model.selectOption('{hash}');
  await page.reload();
  await page.getByRole('button', { name: 'settings', exact: true }).click();
  await expect(model).toHaveValue('{hash}');
});

test('a chat reply is added to the Shonagon library in one click', async ({ page, fakes, app }) => {
  await useSettings(page, providerSettings(fakes));
  await page.goto('/chat');
  await ask(page, '「食べる」の例文を教えて');
  const reply = messages(page).getByRole('listitem').last();
  await expect(reply.getByRole('button', { name: 'copy reply' })).toBeVisible();
  await reply.getByRole('button', { name: 'add to Shonagon library' }).click();
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: /^added to the Shonagon library: \d+ sentences/ })).toBeVisible();
  const { documents } = (await (await fetch(`${app.url}/shonagon_api/documents`)).json()) as { documents: Array<{ title: string; media: string }> };
  expect(documents).toContainEqual(expect.objectContaining({ media: 'chat', title: expect.stringMatching(/^chat: /) }));
});

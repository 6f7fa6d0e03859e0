import type { Locator, Page } from '@playwright/test';
import { startFakeServer, type FakeServer } from '../test-support/fake-server';
import { siliconflowWire } from '../test-support/fakes/ai-wire';
import type { Settings } from '../src/common/settings';
import { expect, test as base } from './fixtures';
import { baseSettings, settingsKey, writeStorage } from './storage';
import { dropPointer, pressUntilAnnounced } from './sortable';

/** SiliconFlow's model list (siliconflow.md): the item shape of the transcript, with ids chosen to show the sort. */
const siliconflowModels = JSON.stringify({
  object: 'list',
  data: ['Qwen/Qwen3-8B', 'THUDM/glm-4-9b-chat', 'BAAI/bge-m3', '01-ai/Yi-1.5-9B-Chat-16K'].map((id) => ({ id, object: 'model', created: 0, owned_by: '' })),
});

const test = base.extend<object, { siliconflow: FakeServer }>({
  siliconflow: [
    async ({}, use) => {
      const fake = await startFakeServer((request, response) => {
        const url = new URL(request.url, 'http://fake');
        if (request.method !== 'GET' || url.pathname !== '/v1/models') {
          response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not found","data":null}');
          return;
        }
        if (request.headers.authorization === 'Bearer sf-good') {
          response.writeHead(200, { 'content-type': 'application/json' }).end(siliconflowModels);
          return;
        }
        response.writeHead(429, { 'content-type': 'application/json' }).end(siliconflowWire.rateLimited);
      });
      await use(fake);
      await fake.close();
    },
    { scope: 'worker' },
  ],
  appEnv: [async ({ siliconflow }, use) => use({ PROXY_ALLOW_ORIGINS: siliconflow.url }), { scope: 'worker' }],
});

async function storedText(page: Page): Promise<string | null> {
  return page.evaluate((key) => window.localStorage.getItem(key), settingsKey);
}

async function stored(page: Page): Promise<Settings> {
  return JSON.parse((await storedText(page)) ?? 'null') as Settings;
}

/** Puts settings (or, raw, any text) in storage before the app reads them. */
async function seed(page: Page, value: Record<string, unknown> | string, raw = false) {
  await page.goto('/about');
  await writeStorage(page, raw ? { localStorage: { [settingsKey]: String(value) } } : { settings: value as Record<string, unknown> });
}

/** The interface switched from the sidebar's foot, as a person does (after the defaults brought Chinese back). */
async function chooseLanguage(page: Page, language: 'zh' | 'en' | 'ja') {
  await page.getByRole('combobox', { name: /^(language|语言|言語)$/ }).first().selectOption(language);
}

/** What storage holds before anything is saved: the base settings every test starts with. */
const nothingSaved = JSON.stringify(baseSettings);

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const toastWith = (page: Page, text: string | RegExp) => page.locator('.mantine-Notification-root').filter({ hasText: text });

/** The row names of a config list, in order. */
async function expectOrder(list: Locator, names: string[]) {
  await expect.poll(() => list.getByRole('listitem').evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label')))).toEqual(names);
}

async function chooseOption(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('every section and control of the settings screen is there', async ({ page }) => {
  await page.goto('/settings');
  await expect(page).toHaveTitle('Settings');
  for (const name of ['Shonagon', 'Notion', 'Search', 'File upload', 'AIChat', 'Translator', 'Dictionaries', 'System']) {
    await expect(section(page, name)).toBeVisible();
  }
  const shonagon = section(page, 'Shonagon');
  await expect(shonagon.getByRole('checkbox', { name: 'auto-follow focus' })).not.toBeChecked();
  await expect(shonagon.getByRole('checkbox', { name: 'text-selection help' })).not.toBeChecked();
  await expect(shonagon.getByRole('checkbox', { name: 'auto-truncating over-long query text' })).toBeChecked();

  const notion = section(page, 'Notion');
  await expect(notion.getByLabel('update token', { exact: true })).toHaveValue('');
  await expect(notion.getByRole('textbox', { name: 'review-time update interval' })).toHaveValue('5');
  await expect(notion.getByRole('checkbox', { name: 'open links inside the app' })).toBeChecked();
  await expect(notion.getByRole('button', { name: 'add configuration' })).toBeEnabled();
  await expect(notion.getByRole('button', { name: 'drag sorting' })).toHaveAttribute('aria-pressed', 'false');

  const search = section(page, 'Search');
  await expect(search.getByRole('radiogroup', { name: 'request mode' }).getByRole('radio', { name: 'EventStream' })).toBeChecked();
  await expect(search.getByRole('radiogroup', { name: 'request mode' }).getByRole('radio', { name: 'WebSocket' })).not.toBeChecked();
  const source = search.getByRole('radiogroup', { name: 'source' });
  await expect(source.getByRole('radio')).toHaveCount(3);
  await expect(source.getByRole('radio', { name: 'remote' })).toBeChecked();
  await expect(source.getByRole('radio', { name: 'local' })).not.toBeChecked();
  await expect(source.getByRole('radio', { name: 'cloud drive' })).not.toBeChecked();
  await expect(search.getByRole('checkbox', { name: 'proxy all images' })).not.toBeChecked();

  await expect(section(page, 'File upload').getByLabel('upload token', { exact: true })).toHaveAttribute('type', 'password');

  const aichat = section(page, 'AIChat');
  for (const provider of ['OpenAI', 'Anthropic', 'Google Gemini', 'DeepSeek', 'OpenRouter', 'SiliconFlow', 'Doubao', 'Chatglm']) {
    await expect(aichat.getByLabel(`${provider} API key`, { exact: true })).toHaveAttribute('type', 'password');
    await expect(aichat.getByRole('textbox', { name: `${provider} base URL` })).toHaveValue('');
  }
  await expect(aichat.getByRole('textbox', { name: 'Custom base URL' })).toBeVisible();
  await expect(aichat.getByLabel('Custom API key', { exact: true })).toHaveAttribute('type', 'password');
  await expect(aichat.getByRole('textbox', { name: 'Custom models' })).toBeVisible();
  await expect(aichat.getByRole('textbox', { name: 'floating-chat prompt' })).toHaveValue('');

  const translator = section(page, 'Translator');
  await expect(translator.getByLabel('text API key', { exact: true })).toHaveAttribute('type', 'password');
  await expect(translator.getByRole('textbox', { name: 'voice app id' })).toBeVisible();
  await expect(translator.getByRole('textbox', { name: 'picture app id' })).toBeVisible();
  await expect(translator.getByRole('checkbox', { name: 'show model name in AI translations' })).not.toBeChecked();
  await expect(translator.getByRole('combobox', { name: 'service type' })).toBeVisible();
  await expect(translator.getByRole('button', { name: 'drag sorting' })).toHaveAttribute('aria-pressed', 'false');

  await expect(section(page, 'System').getByRole('checkbox', { name: 'edge-proxy Gemini' })).toBeChecked();
  for (const name of ['save settings', 'import config', 'export config']) await expect(page.getByRole('button', { name })).toBeVisible();
});

test('every section\'s controls are on the page as soon as it paints, with no second step', async ({ page }) => {
  await page.goto('/settings');
  await expect(page.getByRole('button', { name: 'save settings' })).toBeVisible();
  // count() does not wait: what is not in the DOM together with the first control counts 0.
  const present = async (locator: Locator) => locator.count();
  expect(await present(page.getByLabel('loading settings'))).toBe(0);
  for (const name of ['Shonagon', 'Notion', 'Search', 'File upload', 'XPan', 'Access', 'AIChat', 'Translator', 'Speech', 'Dictionaries', 'System']) {
    expect(await present(section(page, name)), name).toBe(1);
  }
  expect(await present(section(page, 'Dictionaries').getByRole('button', { name: 'import dictionary' }))).toBe(1);
  expect(await present(section(page, 'Translator').getByRole('combobox', { name: 'service type' }))).toBe(1);
  expect(await present(section(page, 'Speech').getByRole('textbox', { name: 'external AI URL' }))).toBe(1);
  expect(await present(section(page, 'Speech').getByRole('button', { name: 'refresh voices' }))).toBe(1);
  expect(await present(section(page, 'System').getByRole('checkbox', { name: 'edge-proxy Gemini' }))).toBe(1);
});

test('the section links scroll each section into view, down to the last one', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/settings');
  const links = page.getByRole('navigation', { name: 'settings sections' });
  for (const name of ['System', 'Notion', 'Speech', 'Translator']) {
    await links.getByRole('link', { name, exact: true }).click();
    await expect(section(page, name).getByRole('heading', { name, exact: true })).toBeInViewport();
  }
});

test('a link to a section (/settings#speech) opens Settings at that section', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/settings#speech');
  await expect(section(page, 'Speech').getByRole('heading', { name: 'Speech', exact: true })).toBeInViewport();
});

test('when storage refuses the save, it says so and the edits stay unsaved in the draft', async ({ page }) => {
  await seed(page, { uploadToken: 'before' });
  await page.goto('/settings');
  const before = await storedText(page);
  await page.evaluate(() => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key: string, value: string) {
      if (key === 'kotonoha.settings') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return setItem.call(this, key, value);
    };
  });
  const token = section(page, 'File upload').getByLabel('upload token', { exact: true });
  await token.fill('after');
  await page.getByRole('button', { name: 'save settings' }).click();
  await expect(toastWith(page, 'settings not saved: The quota has been exceeded.')).toBeVisible();
  await expect(toastWith(page, '设置已保存')).toHaveCount(0);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await expect(token).toHaveValue('after');
  expect(await storedText(page)).toBe(before);
});

test('save persists the draft and a reload shows it', async ({ page }) => {
  await page.goto('/settings');
  await section(page, 'Shonagon').getByRole('checkbox', { name: 'auto-follow focus' }).check();
  await section(page, 'Search').getByRole('radio', { name: 'WebSocket' }).check();
  await section(page, 'Search').getByRole('radio', { name: 'cloud drive' }).check();
  await section(page, 'AIChat').getByLabel('OpenAI API key', { exact: true }).fill('sk-test-123');
  await section(page, 'AIChat').getByRole('textbox', { name: 'OpenAI base URL' }).fill('http://127.0.0.1:11434/v1');
  await section(page, 'AIChat').getByRole('textbox', { name: 'floating-chat prompt' }).fill('日本語で答えて');
  await section(page, 'Notion').getByRole('textbox', { name: 'review-time update interval' }).fill('12');
  await section(page, 'System').getByRole('checkbox', { name: 'edge-proxy Gemini' }).uncheck();
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  expect(await storedText(page)).toBe(nothingSaved);

  await page.getByRole('button', { name: 'save settings' }).click();
  await expect(toastWith(page, '设置已保存')).toBeVisible();
  await expect(page.getByText('All changes saved')).toBeVisible();

  const saved = await stored(page);
  expect(saved.shonagon).toEqual({ autoFollowFocus: true, autoTextSelect: false, autoSubstrQuery: true, apiBase: '' });
  expect(saved.avsearch).toEqual({ requestMode: 'WebSocket', proxyAllImgs: false, source: 'yunpan', remoteBase: '' });
  expect(saved.aichat.openai_key).toBe('sk-test-123');
  expect(saved.aichat.openai_base_url).toBe('http://127.0.0.1:11434/v1');
  expect(saved.aichat.floatingChatPrompt).toBe('日本語で答えて');
  expect(saved.notion.updateReviewTimeInterval).toBe(12);
  expect(saved.proxy.edgeProxyGemini).toBe(false);

  await page.reload();
  await expect(section(page, 'Shonagon').getByRole('checkbox', { name: 'auto-follow focus' })).toBeChecked();
  await expect(section(page, 'Search').getByRole('radio', { name: 'WebSocket' })).toBeChecked();
  await expect(section(page, 'Search').getByRole('radio', { name: 'cloud drive' })).toBeChecked();
  await expect(section(page, 'AIChat').getByLabel('OpenAI API key', { exact: true })).toHaveValue('sk-test-123');
  await expect(section(page, 'Notion').getByRole('textbox', { name: 'review-time update interval' })).toHaveValue('12');
  await expect(section(page, 'System').getByRole('checkbox', { name: 'edge-proxy Gemini' })).not.toBeChecked();
});

test('unsaved changes are not persisted, and leaving asks first', async ({ page }) => {
  await page.goto('/settings');
  const token = section(page, 'File upload').getByLabel('upload token', { exact: true });
  await token.fill('draft-only');
  const nav = page.getByRole('navigation', { name: 'main' });

  await nav.getByRole('link', { name: 'Translate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'stay' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(token).toHaveValue('draft-only');

  await nav.getByRole('link', { name: 'Translate' }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/settings$/);

  await nav.getByRole('link', { name: 'Translate' }).click();
  await dialog.getByRole('button', { name: 'discard changes' }).click();
  await expect(page).toHaveURL(/\/translate$/);
  expect(await storedText(page)).toBe(nothingSaved);

  await nav.getByRole('link', { name: 'Settings' }).click();
  await expect(section(page, 'File upload').getByLabel('upload token', { exact: true })).toHaveValue('');
  // Nothing edited: leaving does not ask.
  await nav.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(dialog).toBeHidden();

  await page.goto('/settings');
  await section(page, 'File upload').getByLabel('upload token', { exact: true }).fill('saved-on-leave');
  await nav.getByRole('link', { name: 'AIChat' }).click();
  await dialog.getByRole('button', { name: 'save and leave' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(toastWith(page, '设置已保存')).toBeVisible();
  expect((await stored(page)).uploadToken).toBe('saved-on-leave');
});

test("the browser's back and forward buttons ask first too, and staying keeps the page and its history", async ({ page }) => {
  await page.goto('/translate');
  const nav = page.getByRole('navigation', { name: 'main' });
  await nav.getByRole('link', { name: 'Settings' }).click();
  await nav.getByRole('link', { name: 'Home' }).click();
  await page.goBack();
  await expect(page).toHaveURL(/\/settings$/);
  const token = section(page, 'File upload').getByLabel('upload token', { exact: true });
  await token.fill('kept-on-back');
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });

  await page.goBack();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'stay' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(token).toHaveValue('kept-on-back');

  await page.goForward();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/settings$/);
  await expect(token).toHaveValue('kept-on-back');

  // The history is as it was: back still leads to Translate, once the person agrees.
  await page.goBack();
  await dialog.getByRole('button', { name: 'discard changes' }).click();
  await expect(page).toHaveURL(/\/translate$/);
  await expect(page.getByRole('heading', { name: 'Translation', level: 2 })).toBeVisible();
  expect(await storedText(page)).toBe(nothingSaved);
  await page.goForward();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(section(page, 'File upload').getByLabel('upload token', { exact: true })).toHaveValue('');
  await expect(dialog).toBeHidden();
});

test('closing the tab with unsaved changes gets the browser prompt', async ({ page }) => {
  await page.goto('/settings');
  await section(page, 'Translator').getByRole('textbox', { name: 'voice app id' }).fill('voice-1');
  const prompt = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await prompt;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.accept();
});

test('?clean resets settings to their defaults on load', async ({ page }) => {
  await seed(page, { uploadToken: 'old', aichat: { gemini_key: 'g-key' }, shonagon: { autoFollowFocus: true } });
  await page.goto('/settings');
  await expect(section(page, 'File upload').getByLabel('upload token', { exact: true })).toHaveValue('old');

  await page.goto('/settings?clean=1');
  // The defaults include the interface language (Chinese): switched back as a person would.
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await chooseLanguage(page, 'en');
  await expect(section(page, 'File upload').getByLabel('upload token', { exact: true })).toHaveValue('');
  await expect(section(page, 'AIChat').getByLabel('Google Gemini API key', { exact: true })).toHaveValue('');
  await expect(section(page, 'Shonagon').getByRole('checkbox', { name: 'auto-follow focus' })).not.toBeChecked();
  await expect(page).toHaveURL(/\/settings$/);
  const saved = await stored(page);
  expect(saved.uploadToken).toBe('');
  expect(saved.aichat.gemini_key).toBe('');
  expect(saved.notion.updateReviewTimeInterval).toBe(5);

  await seed(page, { uploadToken: 'kept' });
  await page.goto('/settings?clean=');
  await expect(section(page, 'File upload').getByLabel('upload token', { exact: true })).toHaveValue('kept');
});

test('import merges a good file shallowly over the current settings and saves', async ({ page }) => {
  await seed(page, { uploadToken: 'mine', aichat: { openai_key: 'replaced' }, translator: { showModel: true } });
  await page.goto('/settings');
  const chooserPromise = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'import config' }).click();
  const chooser = await chooserPromise;
  expect(await chooser.element().getAttribute('accept')).toBe('.json,application/json');
  const imported = { aichat: { deepseek_key: 'ds-imported' }, translator: { niuTransApikey: 'nt-imported' }, proxy: { edgeProxyGemini: false } };
  await chooser.setFiles({ name: 'backup.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(imported)) });

  await expect(toastWith(page, '设置已保存')).toBeVisible();
  await expect(section(page, 'AIChat').getByLabel('DeepSeek API key', { exact: true })).toHaveValue('ds-imported');
  // Shallow: the file's aichat section replaced the stored one whole.
  await expect(section(page, 'AIChat').getByLabel('OpenAI API key', { exact: true })).toHaveValue('');
  await expect(section(page, 'System').getByRole('checkbox', { name: 'edge-proxy Gemini' })).not.toBeChecked();
  const saved = await stored(page);
  expect(saved.uploadToken).toBe('mine');
  expect(saved.aichat.openai_key).toBe('');
  expect(saved.aichat.deepseek_key).toBe('ds-imported');
  expect(saved.translator.niuTransApikey).toBe('nt-imported');
  expect(saved.translator.showModel).toBe(false);
  expect(saved.proxy.edgeProxyGemini).toBe(false);
});

test("an imported file's language and theme apply at once and stay saved, as its other fields do", async ({ page }) => {
  await seed(page, { uploadToken: 'mine' });
  await page.goto('/settings');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const chooserPromise = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'import config' }).click();
  const imported = { language: 'ja', theme: 'dark', uploadToken: 'from-file' };
  await (await chooserPromise).setFiles({ name: 'backup.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(imported)) });

  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('button', { name: '設定を保存' })).toBeVisible();
  const saved = await stored(page);
  expect([saved.language, saved.theme, saved.uploadToken]).toEqual(['ja', 'dark', 'from-file']);
  // A later Save keeps them.
  await page.getByRole('button', { name: '設定を保存' }).click();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect((await stored(page)).language).toBe('ja');
});

const badImports = [
  { file: 'array.json', content: '[{"uploadToken":"hacked"}]', message: 'JSON文件格式错误' },
  { file: 'broken.json', content: '{"uploadToken": "hacked"', message: 'JSON文件格式错误' },
  { file: 'notes.txt', content: '{"uploadToken":"hacked"}', message: '不支持的文件类型', mimeType: 'text/plain' },
  { file: 'wrong-types.json', content: '{"uploadToken":"hacked","translator":{"dynamicConfigs":"none"}}', message: 'JSON文件格式错误: translator' },
];

for (const bad of badImports) {
  test(`import of ${bad.file} changes nothing and says ${bad.message}`, async ({ page }) => {
    await seed(page, { uploadToken: 'mine', theme: 'dark' });
    const before = await storedText(page);
    await page.goto('/settings');
    await page.getByLabel('settings file').setInputFiles({
      name: bad.file,
      mimeType: bad.mimeType ?? 'application/json',
      buffer: Buffer.from(bad.content),
    });
    await expect(toastWith(page, bad.message)).toBeVisible();
    await expect(toastWith(page, '设置已保存')).toHaveCount(0);
    expect(await storedText(page)).toBe(before);
    await expect(section(page, 'File upload').getByLabel('upload token', { exact: true })).toHaveValue('mine');
  });
}

test('export downloads settings_YYYY-MM-DD.json with the settings', async ({ page }) => {
  await seed(page, { uploadToken: 'exported', aichat: { chatglm_key: 'glm' } });
  await page.goto('/settings');
  const today = await page.evaluate(() => new Date().toISOString().slice(0, 10));
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'export config' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`settings_${today}.json`);
  const content = JSON.parse(await streamText(await download.createReadStream()));
  expect(content.uploadToken).toBe('exported');
  expect(content.aichat.chatglm_key).toBe('glm');
  expect(content.notion.updateReviewTimeInterval).toBe(5);
  expect(content.translator.dynamicConfigs).toEqual([]);
});

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

test('translator configurations: Add waits for a service; add, edit, delete, keyboard sort', async ({ page }) => {
  await page.goto('/settings');
  const translator = section(page, 'Translator');
  const add = translator.getByRole('button', { name: 'Add', exact: true });
  await expect(add).toBeDisabled();
  await chooseOption(page, translator.getByRole('combobox', { name: 'service type' }), 'OpenAI');
  await expect(add).toBeEnabled();

  await add.click();
  let dialog = page.getByRole('dialog', { name: 'Add OpenAI configuration' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'name' })).toHaveValue('OpenAI');
  await expect(dialog.getByRole('textbox', { name: 'temperature' })).toHaveValue('0.7');
  await dialog.getByRole('button', { name: 'confirm' }).click();
  await expect(dialog.getByText('apiKey is required')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'name' }).fill('gpt');
  await dialog.getByRole('textbox', { name: 'apiKey' }).fill('sk-openai');
  await dialog.getByRole('textbox', { name: 'model' }).fill('gpt-4o-mini;gpt-3.5-turbo');
  await dialog.getByRole('button', { name: 'confirm' }).click();
  await expect(dialog).toBeHidden();

  const list = translator.getByRole('list', { name: 'translator configurations' });
  await expect(list.getByRole('listitem')).toHaveCount(1);

  await chooseOption(page, translator.getByRole('combobox', { name: 'service type' }), 'Gemini');
  await add.click();
  dialog = page.getByRole('dialog', { name: 'Add Gemini configuration' });
  await dialog.getByRole('textbox', { name: 'apiKey' }).fill('g-key');
  await dialog.getByRole('button', { name: 'confirm' }).click();
  await chooseOption(page, translator.getByRole('combobox', { name: 'service type' }), 'NiuTrans');
  await add.click();
  dialog = page.getByRole('dialog', { name: 'Add NiuTrans configuration' });
  await dialog.getByRole('textbox', { name: 'apiKey' }).fill('n-key');
  await dialog.getByRole('button', { name: 'cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expectOrder(list, ['gpt', 'Gemini']);

  // Edit replaces the entry at its index.
  await list.getByRole('listitem', { name: 'gpt' }).getByRole('button', { name: 'edit' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit gpt' });
  await expect(dialog.getByRole('textbox', { name: 'apiKey' })).toHaveValue('sk-openai');
  await dialog.getByRole('textbox', { name: 'name' }).fill('gpt fast');
  await dialog.getByRole('textbox', { name: 'temperature' }).fill('0.3');
  await dialog.getByRole('button', { name: 'confirm' }).click();
  await expectOrder(list, ['gpt fast', 'Gemini']);

  // Keyboard sorting, only with the toggle on.
  await expect(list.getByRole('button', { name: /^move / })).toHaveCount(0);
  const toggle = translator.getByRole('button', { name: 'drag sorting' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const handle = list.getByRole('button', { name: 'move gpt fast' });
  // The handles show at once and work once dnd-kit is in.
  await expect(handle).toBeEnabled();
  await handle.focus();
  // Each key waits for the screen reader's account of the last one.
  const announced = page.locator('[id^="DndLiveRegion"]').filter({ hasText: 'gpt fast' });
  await page.keyboard.press('Space');
  await expect(announced).toHaveText(/^(Picked up gpt fast|gpt fast is over position 1 of 2)/);
  await pressUntilAnnounced(page, 'ArrowDown', announced, /^gpt fast is over position 2/);
  await page.keyboard.press('Space');
  await expectOrder(list, ['Gemini', 'gpt fast']);
  await toggle.click();
  await expect(list.getByRole('button', { name: /^move / })).toHaveCount(0);

  await page.getByRole('button', { name: 'save settings' }).click();
  await expect(toastWith(page, '设置已保存')).toBeVisible();
  const entries = (await stored(page)).translator.dynamicConfigs;
  expect(entries.map((entry) => entry.name)).toEqual(['Gemini', 'gpt fast']);
  const [gemini, gpt] = entries as [Settings['translator']['dynamicConfigs'][number], Settings['translator']['dynamicConfigs'][number]];
  expect(gpt).toMatchObject({
    configId: 'OpenAI',
    value: { apiKey: 'sk-openai', model: 'gpt-4o-mini;gpt-3.5-turbo', baseURL: '', tempreature: 0.3 },
  });
  expect(gpt.value).not.toHaveProperty('temperature');
  expect(gpt.id).toMatch(/^\d{13}$/);
  expect(gemini).toMatchObject({ configId: 'Gemini', value: { model: 'gemini-2.0-flash-exp', tempreature: 1 } });
  expect(gemini.id).not.toBe(gpt.id);

  // Delete removes by index at once, with no confirmation.
  await list.getByRole('listitem', { name: 'Gemini' }).getByRole('button', { name: 'delete' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectOrder(list, ['gpt fast']);
});

test('an entry stored with `temperature` opens with it and is saved as `tempreature`', async ({ page }) => {
  await seed(page, {
    translator: { dynamicConfigs: [{ id: '1700000000000', configId: 'OpenRouter', name: 'router', value: { apiKey: 'or', model: 'google/gemma-3-27b-it:free', baseURL: '', temperature: 0.4 } }] },
  });
  await page.goto('/settings');
  await section(page, 'Translator').getByRole('listitem', { name: 'router' }).getByRole('button', { name: 'edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit router' });
  await expect(dialog.getByRole('textbox', { name: 'temperature' })).toHaveValue('0.4');
  await expect(dialog.getByRole('combobox', { name: 'model' })).toHaveValue('google/gemma-3-27b-it:free');
  await dialog.getByRole('button', { name: 'confirm' }).click();
  await page.getByRole('button', { name: 'save settings' }).click();
  await expect(toastWith(page, '设置已保存')).toBeVisible();
  const [entry] = (await stored(page)).translator.dynamicConfigs;
  expect(entry).toEqual({ id: '1700000000000', configId: 'OpenRouter', name: 'router', value: { apiKey: 'or', model: 'google/gemma-3-27b-it:free', baseURL: '', tempreature: 0.4 } });
});

test('Notion configurations: the Database form starts with the update token; pointer drag sorts', async ({ page }) => {
  await page.goto('/settings');
  const notion = section(page, 'Notion');
  await notion.getByLabel('update token', { exact: true }).fill('secret_token');
  for (const name of ['Reading list', 'Vocabulary']) {
    await notion.getByRole('button', { name: 'add configuration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Database configuration' });
    await expect(dialog.getByRole('textbox', { name: 'token' })).toHaveValue('secret_token');
    await expect(dialog.getByRole('switch', { name: 'updateReviewTime' })).toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'paginate' })).not.toBeChecked();
    await dialog.getByRole('textbox', { name: 'name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'databaseId' }).fill(`db-${name.length}`);
    await dialog.getByRole('textbox', { name: 'sql' }).fill('select * from pages');
    await dialog.getByRole('button', { name: 'confirm' }).click();
    await expect(dialog).toBeHidden();
  }
  const list = notion.getByRole('list', { name: 'Notion configurations' });
  await expectOrder(list, ['Reading list', 'Vocabulary']);

  await notion.getByRole('button', { name: 'drag sorting' }).click();
  await list.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await expect(list.getByRole('button', { name: 'move Vocabulary' })).toBeEnabled();
  const from = (await list.getByRole('button', { name: 'move Vocabulary' }).boundingBox())!;
  const to = (await list.getByRole('listitem', { name: 'Reading list' }).boundingBox())!;
  const x = from.x + from.width / 2;
  await page.mouse.move(x, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(x, from.y - 10, { steps: 5 });
  // dnd-kit measures the rows once a drag starts; move on only after it has begun.
  await expect(list.getByRole('listitem', { name: 'Vocabulary' })).toHaveAttribute('data-dragging', 'true');
  await page.mouse.move(x, to.y + 4, { steps: 10 });
  await expect(page.locator('[id^="DndLiveRegion"]').filter({ hasText: 'Vocabulary is over position 1' })).toHaveCount(1);
  await dropPointer(page);
  await expectOrder(list, ['Vocabulary', 'Reading list']);

  await page.getByRole('button', { name: 'save settings' }).click();
  await expect(toastWith(page, '设置已保存')).toBeVisible();
  const saved = (await stored(page)).notion;
  expect(saved.updateToken).toBe('secret_token');
  expect(saved.dynamicConfigs.map((entry) => entry.name)).toEqual(['Vocabulary', 'Reading list']);
  expect(saved.dynamicConfigs[1]).toMatchObject({
    configId: 'Database',
    value: { token: 'secret_token', databaseId: 'db-12', updateReviewTime: true, paginate: false, sql: 'select * from pages' },
  });
});

test('API key fields are hidden until their show toggle is pressed', async ({ page }) => {
  await page.goto('/settings');
  const key = section(page, 'AIChat').getByLabel('Anthropic API key', { exact: true });
  await key.fill('sk-ant-secret');
  await expect(key).toHaveAttribute('type', 'password');
  const show = section(page, 'AIChat').getByRole('button', { name: 'show Anthropic API key' });
  await expect(show).toHaveAttribute('aria-pressed', 'false');
  await show.click();
  await expect(key).toHaveAttribute('type', 'text');
  await expect(show).toHaveAttribute('aria-pressed', 'true');
  await show.press('Enter');
  await expect(key).toHaveAttribute('type', 'password');
});

for (const [label, raw] of [
  ['corrupted JSON', '{"shonagon": {"autoFollowFocus": tru'],
  ['a JSON array', '[{"uploadToken":"x"}]'],
  ['a JSON string', '"settings"'],
] as const) {
  test(`a stored value of ${label} loads the defaults without breaking the app`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await seed(page, raw, true);
    await page.goto('/settings');
    // The defaults: the interface in Chinese, and loading wrote nothing over the stored value.
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    expect(await storedText(page)).toBe(raw);
    await chooseLanguage(page, 'en');
    await expect(section(page, 'Notion').getByRole('textbox', { name: 'review-time update interval' })).toHaveValue('5');
    await expect(section(page, 'Shonagon').getByRole('checkbox', { name: 'auto-truncating over-long query text' })).toBeChecked();
    await expect(section(page, 'File upload').getByLabel('upload token', { exact: true })).toHaveValue('');
    await page.getByRole('navigation', { name: 'main' }).getByRole('link', { name: 'Translate' }).click();
    await expect(page).toHaveTitle('Translation');
    expect(errors).toEqual([]);
  });
}

test('the SiliconFlow model list loads on settings load: placeholder, then preconfigured models, then by id', async ({ page, siliconflow }) => {
  await seed(page, { aichat: { siliconflow_key: 'sf-good', siliconflow_base_url: `${siliconflow.url}/v1` } });
  const modelRequests = () => siliconflow.requests.filter((request) => request.url.startsWith('/v1/models'));
  const before = modelRequests().length;
  await page.goto('/settings');
  await expect.poll(() => modelRequests().length).toBe(before + 1);
  const request = modelRequests().at(-1)!;
  expect(request.url).toBe('/v1/models?type=text&sub_type=chat');
  expect(request.headers.authorization).toBe('Bearer sf-good');

  const translator = section(page, 'Translator');
  await chooseOption(page, translator.getByRole('combobox', { name: 'service type' }), 'SiliconFlow');
  await translator.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add SiliconFlow configuration' });
  const model = dialog.getByRole('combobox', { name: 'model' });
  await expect(model).toHaveAttribute('placeholder', 'please select...');
  await model.click();
  await expect(page.getByRole('listbox').getByRole('option')).toHaveText([
    '01-ai/Yi-1.5-9B-Chat-16K',
    'THUDM/glm-4-9b-chat',
    'BAAI/bge-m3',
    'Qwen/Qwen3-8B',
  ]);
  await page.getByRole('option', { name: 'THUDM/glm-4-9b-chat' }).click();
  await dialog.getByRole('textbox', { name: 'apiKey' }).fill('sf-translate');
  await dialog.getByRole('button', { name: 'confirm' }).click();
  await expect(translator.getByRole('listitem', { name: 'SiliconFlow' })).toContainText('THUDM/glm-4-9b-chat');
});

test('a failed SiliconFlow model list shows an error toast and the model field still takes a typed id', async ({ page, siliconflow }) => {
  await seed(page, { aichat: { siliconflow_key: 'sf-limited', siliconflow_base_url: `${siliconflow.url}/v1` } });
  await page.goto('/settings');
  await expect(toastWith(page, 'failed to fetch models: Too Many Requests: Request was rejected due to rate limiting. Details: TPM limit reached.')).toBeVisible();

  const translator = section(page, 'Translator');
  await chooseOption(page, translator.getByRole('combobox', { name: 'service type' }), 'SiliconFlow');
  await translator.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add SiliconFlow configuration' });
  await dialog.getByRole('combobox', { name: 'model' }).fill('deepseek-ai/DeepSeek-V3');
  await dialog.getByRole('textbox', { name: 'apiKey' }).fill('sf-translate');
  await dialog.getByRole('button', { name: 'confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(translator.getByRole('listitem', { name: 'SiliconFlow' })).toContainText('deepseek-ai/DeepSeek-V3');
});

test('no SiliconFlow key, no model-list request', async ({ page, siliconflow }) => {
  const modelRequests = () => siliconflow.requests.filter((request) => request.url.startsWith('/v1/models')).length;
  const before = modelRequests();
  await page.goto('/settings');
  await expect(section(page, 'Translator')).toBeVisible();
  // Everything the screen asks for on opening has been asked and answered.
  await page.waitForLoadState('networkidle');
  expect(modelRequests()).toBe(before);
});

import type { Page } from '@playwright/test';
import { startFakeServer, type FakeServer } from '../test-support/fake-server';
import { createNiutransFake } from '../test-support/fakes/niutrans';
import { createLlmFake, wireErrors } from '../test-support/fakes/llm-translate';
import { expect, test as base } from './fixtures';
import { seedStorage } from './storage';
import { pressUntilAnnounced } from './sortable';

type NiutransFake = ReturnType<typeof createNiutransFake>;
type LlmFake = ReturnType<typeof createLlmFake>;

const test = base.extend<object, { niutrans: NiutransFake & { server: FakeServer }; llm: LlmFake & { server: FakeServer } }>({
  niutrans: [
    // Playwright requires the fixtures argument to be destructured, even when none are used.
    async ({}, use) => {
      const fake = createNiutransFake();
      const server = await startFakeServer(fake.handler);
      await use({ ...fake, server });
      await server.close();
    },
    { scope: 'worker' },
  ],
  llm: [
    async ({}, use) => {
      const fake = createLlmFake();
      const server = await startFakeServer(fake.handler);
      await use({ ...fake, server });
      await server.close();
    },
    { scope: 'worker' },
  ],
  appEnv: [async ({ niutrans }, use) => use({ UPSTREAM_NIUTRANS: niutrans.server.url }), { scope: 'worker' }],
});

function settingsFor(llmUrl: string) {
  return {
    translator: {
      niuTransApikey: 'niu-key',
      niuTransVoiceAppId: 'voice-app',
      niuTransPicAppId: 'pic-app',
      showModel: true,
      dynamicConfigs: [
        { id: '1700000000001', configId: 'OpenAI', name: 'GPT', value: { apiKey: 'sk-test', model: 'gpt-slow', baseURL: `${llmUrl}/v1`, tempreature: 0.7 } },
        { id: '1700000000002', configId: 'Gemini', name: 'Gemini', value: { apiKey: 'g-test', model: 'gemini-slow', baseURL: `${llmUrl}/v1beta`, tempreature: 1 } },
      ],
    },
  };
}

async function open(page: Page, llm: LlmFake & { server: FakeServer }, path = '/translate') {
  // Engine flags are left to the app (they must survive reloads).
  await seedStorage(page, { settings: settingsFor(llm.server.url), on: 'first-load' });
  await page.goto(path);
  await expect(page.getByRole('article', { name: 'NiuTrans' })).toBeVisible();
}

test.beforeEach(({ niutrans, llm }) => {
  niutrans.state.delayMs = 0;
  niutrans.state.hold = undefined;
  niutrans.state.queue = [];
  llm.state.replies = {};
  llm.state.frameDelayMs = 2;
});

test('three engines translate at once: the first, slow engine holds back none of the others', async ({ page, niutrans, llm }) => {
  let release!: () => void;
  niutrans.state.hold = new Promise<void>((resolve) => (release = resolve));
  llm.state.replies['gpt-slow'] = { kind: 'text', text: '{"origin":"猫が好き","translate":"我喜欢猫 (gpt)"}' };
  llm.state.replies['gemini-slow'] = { kind: 'text', text: '```json\n{"origin":"猫が好き","translate":"我喜欢猫 (gemini)"}\n```' };
  await open(page, llm);
  await page.getByRole('textbox', { name: 'source text' }).fill('猫が\n好き');
  await page.getByRole('button', { name: 'translate' }).click();
  const niutransCard = page.getByRole('article', { name: 'NiuTrans' });
  // Concurrency shown by order, not by the clock: the later engines finish while the first is still running.
  await expect(page.getByRole('article', { name: 'GPT' })).toContainText('我喜欢猫 (gpt)');
  await expect(page.getByRole('article', { name: 'Gemini' })).toContainText('我喜欢猫 (gemini)');
  await expect(niutransCard).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByRole('button', { name: 'translate' })).toBeDisabled();
  release();
  await expect(niutransCard).toContainText('[auto→zh] 猫が好き');
  // The translating flag clears when all are done; each card shows its latency and model (showModel).
  await expect(page.getByRole('button', { name: 'translate' })).toBeEnabled();
  // How long it took depends on the machine; what matters is that the card says it (ms below a second, else s).
  await expect(page.getByRole('article', { name: 'GPT' }).getByLabel('latency')).toHaveText(/^(\d+ ms|\d+\.\d\d s)$/);
  await expect(page.getByRole('article', { name: 'GPT' })).toContainText('gpt-slow');
  // Newlines were removed before translation.
  const sent = JSON.parse(niutrans.server.requests.at(-1)!.body.toString());
  expect(sent).toMatchObject({ apikey: 'niu-key', from: 'auto', to: 'zh', src_text: '猫が好き' });
});

test('Ctrl+Enter and Meta+Enter translate; translate is disabled while the text is empty', async ({ page, llm }) => {
  await open(page, llm);
  const translate = page.getByRole('button', { name: 'translate' });
  await expect(translate).toBeDisabled();
  const box = page.getByRole('textbox', { name: 'source text' });
  await box.fill('hello');
  await expect(translate).toBeEnabled();
  await page.getByRole('combobox', { name: 'source language' }).selectOption('en');
  await page.getByRole('combobox', { name: 'target language' }).selectOption('kr');
  await box.press('Control+Enter');
  await expect(page.getByRole('article', { name: 'NiuTrans' })).toContainText('[en→ko] hello');
  await expect(page.getByRole('article', { name: 'GPT' })).toContainText('translated: hello');

  // Meta+Enter too, with focus elsewhere in the translator (here the target language).
  await box.fill('good night');
  const target = page.getByRole('combobox', { name: 'target language' });
  await target.focus();
  await target.press('Meta+Enter');
  await expect(page.getByRole('article', { name: 'NiuTrans' })).toContainText('[en→ko] good night');
});

test('a failing engine shows the failure on its own card only', async ({ page, llm }) => {
  llm.state.replies['gpt-slow'] = { kind: 'error', status: 401, body: wireErrors.openaiUnauthorized };
  await open(page, llm);
  await page.getByRole('textbox', { name: 'source text' }).fill('テスト');
  await page.getByRole('button', { name: 'translate' }).click();
  await expect(page.getByRole('article', { name: 'GPT' })).toContainText('(╥﹏╥) 翻译失败: Unauthorized: Incorrect API key provided');
  await expect(page.getByRole('article', { name: 'Gemini' })).toContainText('translated: テスト');
  await expect(page.getByRole('article', { name: 'NiuTrans' })).toContainText('[auto→zh] テスト');
});

test('enable flags survive a reload and switched-off engines do not run', async ({ page, llm }) => {
  await open(page, llm);
  const gemini = page.getByRole('article', { name: 'Gemini' });
  await gemini.getByRole('checkbox', { name: 'enabled' }).uncheck();
  await page.reload();
  await expect(page.getByRole('article', { name: 'Gemini' }).getByRole('checkbox', { name: 'enabled' })).not.toBeChecked();
  await expect(page.getByRole('article', { name: 'GPT' }).getByRole('checkbox', { name: 'enabled' })).toBeChecked();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('kotonoha.translator.engines')!))).toEqual({ Gemini: { enabled: false } });
  const before = llm.seen.length;
  await page.getByRole('textbox', { name: 'source text' }).fill('off');
  await page.getByRole('button', { name: 'translate' }).click();
  await expect(page.getByRole('article', { name: 'GPT' })).toContainText('translated: off');
  expect(llm.seen.slice(before).map((request) => request.family)).toEqual(['openai']);
  await expect(page.getByRole('article', { name: 'Gemini' })).toContainText('switched off');
});

test('history: a run is kept and reopens after a reload; search and delete', async ({ page, llm }) => {
  await open(page, llm);
  await page.getByRole('textbox', { name: 'source text' }).fill('履歴のテスト');
  await page.getByRole('button', { name: 'translate' }).click();
  await expect(page.getByRole('article', { name: 'GPT' })).toContainText('translated: 履歴のテスト');
  const drawer = page.getByRole('dialog', { name: 'History' });
  // The run is in history as soon as its first engine has answered (the write is asynchronous).
  await expect(async () => {
    await page.getByRole('button', { name: 'history' }).click();
    try {
      await expect(drawer.getByRole('listitem').filter({ hasText: '履歴のテスト' })).toHaveCount(1, { timeout: 500 });
    } finally {
      await page.keyboard.press('Escape');
      await expect(drawer).toHaveCount(0);
    }
  }).toPass();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'source text' })).toHaveValue('');
  await page.getByRole('button', { name: 'history' }).click();
  await drawer.getByRole('textbox', { name: 'search history' }).fill('履歴');
  const item = drawer.getByRole('listitem').filter({ hasText: '履歴のテスト' }).first();
  await item.getByRole('button', { name: 'reopen' }).click();
  await expect(page.getByRole('textbox', { name: 'source text' })).toHaveValue('履歴のテスト');
  await expect(page.getByRole('article', { name: 'GPT' })).toContainText('translated: 履歴のテスト');
  await expect(page.getByRole('article', { name: 'NiuTrans' })).toContainText('[auto→zh] 履歴のテスト');

  await page.getByRole('button', { name: 'history' }).click();
  await drawer.getByRole('textbox', { name: 'search history' }).fill('no such text at all');
  await expect(drawer).toContainText('Nothing matches.');
  await drawer.getByRole('textbox', { name: 'search history' }).fill('履歴のテスト');
  // Each test has its own browser context, so its own IndexedDB: one run so far.
  await expect(drawer.getByRole('listitem')).toHaveCount(1);
  await drawer.getByRole('listitem').first().getByRole('button', { name: 'delete' }).click();
  await expect(drawer.getByRole('listitem')).toHaveCount(0);
  await page.reload();
  await page.getByRole('button', { name: 'history' }).click();
  await expect(page.getByRole('dialog', { name: 'History' })).toContainText('No translations yet.');
});

test('file translation: type and size messages, then an async image job', async ({ page, llm }) => {
  await open(page, llm);
  const input = page.getByLabel('file to translate');
  const MB = 1024 * 1024;
  await input.setInputFiles({ name: 'a.gif', mimeType: 'image/gif', buffer: Buffer.alloc(10) });
  await expect(page.getByRole('alert').filter({ hasText: '不支持的文件类型' }).first()).toBeVisible();
  await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(10 * MB + 1) });
  await expect(page.getByRole('alert').filter({ hasText: '图片文件大小不能超过10MB' }).first()).toBeVisible();
  await input.setInputFiles({ name: 'big.wav', mimeType: 'audio/wav', buffer: Buffer.alloc(2 * MB + 1) });
  await expect(page.getByRole('alert').filter({ hasText: '语音文件大小不能超过2MB' }).first()).toBeVisible();
  await page.getByText('sync', { exact: true }).click();
  await input.setInputFiles({ name: 'hi.mp3', mimeType: 'audio/mpeg', buffer: Buffer.alloc(100) });
  await expect(page.getByRole('alert').filter({ hasText: '语音现不支持同步翻译' }).first()).toBeVisible();

  await page.getByText('async', { exact: true }).click();
  await input.setInputFiles({ name: 'menu.png', mimeType: 'image/png', buffer: Buffer.alloc(1000) });
  await expect(page.getByRole('progressbar', { name: 'file translation progress' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'file translation result' })).toHaveValue(
    'image menu.png (1000 bytes)\n[auto→zh] image menu.png (1000 bytes)',
    { timeout: 10_000 },
  );
  await page.getByRole('button', { name: 'delete' }).click();
  await expect(page.getByRole('textbox', { name: 'file translation result' })).toHaveCount(0);
});

test('engines re-order by keyboard drag and the order is saved to the dynamic configs', async ({ page, llm }) => {
  await open(page, llm);
  // NiuTrans (not a dynamic config) keeps its place and has no handle; the handles work once dnd-kit is in.
  await expect(page.getByRole('button', { name: /^move / })).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'move NiuTrans' })).toHaveCount(0);
  const handle = page.getByRole('button', { name: 'move Gemini' });
  await expect(handle).toBeEnabled();
  await handle.focus();
  // Each key waits for the screen reader's account of the last one, in the interface's words.
  const announced = page.locator('[id^="DndLiveRegion"]');
  await page.keyboard.press('Space');
  await expect(announced).toHaveText(/^(Picked up Gemini, position 3 of 3|Gemini is over position 3 of 3)/);
  await pressUntilAnnounced(page, 'ArrowUp', announced, /^Gemini is over position 2 of 3/);
  await page.keyboard.press('Space');
  await expect(announced).toHaveText('Gemini dropped at position 2 of 3.');
  await expect
    .poll(async () => page.evaluate(() => JSON.parse(localStorage.getItem('kotonoha.settings')!).translator.dynamicConfigs.map((c: { name: string }) => c.name)))
    .toEqual(['Gemini', 'GPT']);
  await expect(page.getByRole('article')).toHaveText([/NiuTrans/, /Gemini/, /GPT/]);
});

test('screenshots at 1280 and 390', async ({ page, llm }) => {
  await open(page, llm);
  await page.getByRole('textbox', { name: 'source text' }).fill('吾輩は猫である。名前はまだ無い。');
  await page.getByRole('button', { name: 'translate' }).click();
  await expect(page.getByRole('article', { name: 'Gemini' })).toContainText('translated');
  await page.screenshot({ path: '.tmp/shots-translate/translate-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'dictionary' })).toBeHidden();
  await page.screenshot({ path: '.tmp/shots-translate/translate-390.png', fullPage: true });
});

test('a translation result is added to the Shonagon library in one click', async ({ page, llm, app }) => {
  llm.state.replies['gpt-slow'] = { kind: 'text', text: '{"origin":"猫が好き","translate":"我喜欢猫。猫也喜欢我。"}' };
  llm.state.replies['gemini-slow'] = { kind: 'text', text: '{"origin":"猫が好き","translate":"我喜欢猫"}' };
  await open(page, llm);
  await page.getByRole('textbox', { name: 'source text' }).fill('猫が好き');
  await page.getByRole('button', { name: 'translate' }).click();
  const card = page.getByRole('article', { name: 'GPT' });
  await expect(card).toContainText('猫也喜欢我');
  await card.getByRole('button', { name: 'add to Shonagon library' }).click();
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'added to the Shonagon library: 2 sentences' })).toBeVisible();
  const { documents } = (await (await fetch(`${app.url}/shonagon_api/documents`)).json()) as { documents: Array<{ title: string; media: string }> };
  expect(documents).toContainEqual(expect.objectContaining({ title: 'GPT: 我喜欢猫。猫也喜欢我。', media: 'translation' }));
});

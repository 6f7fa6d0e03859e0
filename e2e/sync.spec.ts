import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { devices, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { startAiFake, type AiFake } from '../test-support/fakes/ai-provider-fake';
import { savedChatText } from './chat-db';
import { expect, test as base } from './fixtures';
import { seedStorage } from './storage';

/**
 * Two devices of one learner on one server (docs/sync.md): a laptop-sized context and a
 * phone-emulated one, each with its own storage, syncing through the server's vault.
 */
const test = base.extend<object, { gemini: AiFake }>({
  gemini: [
    async ({}, use) => {
      const fake = await startAiFake('gemini');
      await use(fake);
      await fake.close();
    },
    { scope: 'worker' },
  ],
  appEnv: [async ({ gemini }, use) => use({ PROXY_ALLOW_ORIGINS: gemini.url }), { scope: 'worker' }],
});

const phoneDevice = devices['Pixel 7'];
const passphrase = '春はあけぼの、やうやう白く';
const deepseekKey = 'sk-deepseek-typed-on-the-laptop';

async function phoneContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, userAgent: phoneDevice.userAgent, deviceScaleFactor: 2 });
  await seedStorage(context, { on: 'if-absent' });
  return context;
}

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const syncSection = (page: Page) => section(page, 'Sync');

async function turnOn(page: Page, vault: string, phrase: string, { apiKeys = false } = {}) {
  await page.goto('/settings#sync');
  const sync = syncSection(page);
  await sync.getByRole('textbox', { name: 'vault name' }).fill(vault);
  await sync.getByLabel('passphrase', { exact: true }).fill(phrase);
  if (apiKeys) await sync.getByRole('checkbox', { name: 'API keys' }).check();
  await sync.getByRole('button', { name: 'turn on sync' }).click();
}

/** The sync state as Settings → Sync's status line says it. */
const syncState = (page: Page) => syncSection(page).getByRole('status');

async function expectSynced(page: Page) {
  await expect(syncSection(page).getByRole('button', { name: 'turn off sync' })).toBeVisible({ timeout: 20_000 });
  await expect(syncState(page)).toContainText('synced', { timeout: 20_000 });
}

/** Every file the server keeps, as bytes, for a search of what must never be there. */
function everyFile(dir: string): Buffer[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).filter((entry) => entry.isFile()).map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name)));
}

function liveRecordsOfType(dataDir: string, type: string): number {
  const db = new Database(path.join(dataDir, 'sync', 'vaults.db'), { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM records WHERE type = ? AND deleted = 0').get(type) as { n: number }).n;
  } finally {
    db.close();
  }
}

async function openHistory(page: Page) {
  await page.getByRole('button', { name: 'history' }).click();
  return page.getByRole('dialog', { name: 'History' }).getByRole('list', { name: 'conversations' });
}

test('keys, engines and a chat made on the laptop reach the phone; a deleted chat stays deleted; offline edits to different sections are all kept; keys come off the server when unticked', async ({ page: laptop, browser, app, gemini, baseURL }) => {
  test.setTimeout(120_000);
  const vault = `learner-${Date.now()}`;
  await seedStorage(laptop, {
    settings: {
      aichat: { gemini_key: gemini.apiKey, gemini_base_url: gemini.baseURL },
      translator: { niuTransApikey: '', niuTransVoiceAppId: '', niuTransPicAppId: '', showModel: false, dynamicConfigs: [{ id: '1732700000000', configId: 'OpenAI', name: '研究室のGPT', value: { apiKey: 'sk-engine-key', model: 'gpt-4o-mini' } }] },
    },
    on: 'first-load',
  });

  // The laptop: a key typed in Settings, a chat.
  await laptop.goto('/settings');
  await section(laptop, 'AIChat').getByLabel('DeepSeek API key', { exact: true }).fill(deepseekKey);
  await laptop.getByRole('button', { name: 'save settings' }).click();
  await laptop.goto('/chat');
  await laptop.getByRole('textbox', { name: 'question' }).fill('「召し上がる」と「いただく」の違いは？');
  await laptop.getByRole('button', { name: 'send' }).click();
  await expect(laptop.getByRole('list', { name: 'messages' }).getByRole('listitem').nth(1)).toContainText('strawberry');

  await turnOn(laptop, vault, passphrase, { apiKeys: true });
  await expectSynced(laptop);
  await expect(laptop.getByRole('status', { name: 'sync' })).toContainText('synced');

  // What the server keeps reads as none of it.
  const stored = Buffer.concat(everyFile(app.dataDir));
  for (const secret of [deepseekKey, gemini.apiKey, 'sk-engine-key', '召し上がる', '研究室', passphrase]) expect(stored.includes(Buffer.from(secret)), secret).toBe(false);

  // The phone: a wrong passphrase is told, the right one brings everything.
  const phoneCtx = await phoneContext(browser, baseURL!);
  const phone = await phoneCtx.newPage();
  await turnOn(phone, vault, 'a wrong passphrase here');
  await expect(syncSection(phone).getByRole('alert')).toContainText(/passphrase/i);
  await expect(syncSection(phone).getByRole('button', { name: 'turn on sync' })).toBeVisible();
  await syncSection(phone).getByLabel('passphrase', { exact: true }).fill(passphrase);
  await syncSection(phone).getByRole('checkbox', { name: 'API keys' }).check();
  await syncSection(phone).getByRole('button', { name: 'turn on sync' }).click();
  await expectSynced(phone);
  await phone.reload();
  await expect(section(phone, 'AIChat').getByLabel('DeepSeek API key', { exact: true })).toHaveValue(deepseekKey);
  await expect(section(phone, 'Translator')).toContainText('研究室のGPT');
  await phone.goto('/chat');
  const phoneHistory = await openHistory(phone);
  await expect(phoneHistory.getByRole('listitem')).toHaveCount(1);
  await expect(phoneHistory).toContainText('召し上がる');

  // Deleted on the laptop: gone from the phone, and still gone after both sync again.
  await laptop.goto('/chat');
  const laptopHistory = await openHistory(laptop);
  await laptop.getByRole('dialog', { name: 'History' }).getByRole('button', { name: /^actions for/ }).first().click();
  await laptop.getByRole('menuitem', { name: 'delete' }).click();
  await expect(laptopHistory.getByRole('listitem')).toHaveCount(0);
  await phone.reload();
  await expect.poll(async () => (await openHistory(phone)).getByRole('listitem').count(), { timeout: 15_000 }).toBe(0);
  await laptop.goto('/settings#sync');
  await syncSection(laptop).getByRole('button', { name: 'sync now' }).click();
  await expectSynced(laptop);
  await phone.goto('/chat');
  await expect((await openHistory(phone)).getByRole('listitem')).toHaveCount(0);

  // Offline on both, each edits a different section; back online, both keep both.
  await laptop.goto('/settings');
  await phone.goto('/settings');
  await laptop.context().setOffline(true);
  await phoneCtx.setOffline(true);
  await section(laptop, 'Shonagon').getByRole('checkbox', { name: 'auto-follow focus' }).check();
  await laptop.getByRole('button', { name: 'save settings' }).click();
  await section(phone, 'Search').getByRole('checkbox', { name: 'proxy all images' }).check();
  await phone.getByRole('button', { name: 'save settings' }).click();
  await laptop.context().setOffline(false);
  await phoneCtx.setOffline(false);
  for (const device of [laptop, phone, laptop]) {
    await device.goto('/settings#sync');
    await syncSection(device).getByRole('button', { name: 'sync now' }).click();
    await expectSynced(device);
  }
  for (const device of [laptop, phone]) {
    await device.reload();
    await expect(section(device, 'Shonagon').getByRole('checkbox', { name: 'auto-follow focus' })).toBeChecked();
    await expect(section(device, 'Search').getByRole('checkbox', { name: 'proxy all images' })).toBeChecked();
  }

  // API keys unticked on the laptop: the vault holds no keys, and the phone stops sending its own.
  expect(liveRecordsOfType(app.dataDir, 'keys')).toBeGreaterThan(0);
  await syncSection(laptop).getByRole('checkbox', { name: 'API keys' }).uncheck();
  await expect.poll(() => liveRecordsOfType(app.dataDir, 'keys'), { timeout: 15_000 }).toBe(0);
  await phone.reload();
  await syncSection(phone).getByRole('button', { name: 'sync now' }).click();
  await expectSynced(phone);
  await expect(syncSection(phone).getByRole('checkbox', { name: 'API keys' })).not.toBeChecked();
  expect(liveRecordsOfType(app.dataDir, 'keys')).toBe(0);
  await expect(section(phone, 'AIChat').getByLabel('DeepSeek API key', { exact: true })).toHaveValue(deepseekKey);
  await phoneCtx.close();
});

test('export all, then storage cleared, then import all brings every chat back', async ({ page, gemini }, testInfo) => {
  test.setTimeout(90_000);
  await seedStorage(page, { settings: { aichat: { gemini_key: gemini.apiKey, gemini_base_url: gemini.baseURL } }, on: 'first-load' });
  await page.goto('/chat');
  const messages = page.getByRole('list', { name: 'messages' });
  for (const [index, question] of ['「よろしくお願いします」はどんな場面で使う？', '「けっこうです」は断り？それとも承諾？'].entries()) {
    if (index) await page.getByRole('button', { name: 'new session' }).click();
    await page.getByRole('textbox', { name: 'question' }).fill(question);
    await page.getByRole('button', { name: 'send' }).click();
    await expect(messages.getByRole('listitem').nth(1)).toContainText('in strawberry.');
  }
  // Both replies saved whole before the export reads them.
  await expect.poll(async () => (await savedChatText(page)).split('in strawberry.').length - 1).toBe(2);
  await expect.poll(() => savedChatText(page)).not.toContain('"pending":true');

  await page.goto('/settings#system');
  const system = section(page, 'System');
  await system.getByRole('button', { name: 'export all' }).click();
  const download = page.waitForEvent('download');
  await system.getByRole('button', { name: 'download backup' }).click();
  const backup = testInfo.outputPath('backup.json');
  await (await download).saveAs(backup);

  // Everything this browser kept, gone.
  await page.evaluate(async () => {
    localStorage.clear();
    for (const database of await indexedDB.databases()) {
      await new Promise((resolve) => {
        const request = indexedDB.deleteDatabase(database.name!);
        request.onsuccess = request.onerror = request.onblocked = resolve;
      });
    }
  });
  await seedStorage(page, {});
  await page.goto('/chat');
  await expect((await openHistory(page)).getByRole('listitem')).toHaveCount(0);

  await page.goto('/settings#system');
  await section(page, 'System').getByLabel('backup file').setInputFiles(backup);
  await expect(page.getByText(/restored, 0 unreadable\./)).toBeVisible({ timeout: 20_000 });
  await page.goto('/chat');
  const history = await openHistory(page);
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history).toContainText('よろしくお願いします');
  await expect(history).toContainText('けっこうです');
  await history.getByRole('button', { name: /けっこうです/ }).first().click();
  await expect(messages.getByRole('listitem')).toHaveCount(2);
  await expect(messages.getByRole('listitem').nth(1)).toContainText('strawberry');
});

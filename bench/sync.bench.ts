// Sync between two devices through the server's vault (docs/sync.md), in the system Chromium
// against the built app: the key derivation, the first sync of 10 chats of 100 messages each
// (pushed by one device, then pulled and written by another), one change reaching the second
// device while both are open, and the server's CPU per synced record.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { savedConversations } from '../e2e/chat-db';
import { seedStorage } from '../e2e/storage';
import { startApp } from '../test-support/start-app';
import type { Figure } from './run';

const root = path.resolve(import.meta.dirname, '..');
const distDir = path.join(root, '.tmp/dist-bench-sync');
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

const sessions = 10;
const messagesPerSession = 100;
const changes = 7;
const passphrase = 'いろはにほへと ちりぬるを';

/** Seconds of CPU the process has used (user + system), from /proc. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Ten chats of a hundred messages, written into the chat's IndexedDB as the chat screen saves them. */
async function seedChats(page: Page) {
  await page.goto('/chat');
  await page.getByRole('textbox', { name: 'question' }).waitFor();
  // The chat opens its database once the screen has painted: write into it only then.
  for (let tries = 0; !(await page.evaluate(async () => (await indexedDB.databases()).some((database) => database.name === 'kotonoha-chat'))); tries++) {
    if (tries > 100) throw new Error('the chat never opened its database');
    await page.waitForTimeout(100);
  }
  await page.evaluate(
    ({ sessions, messagesPerSession }) => {
      const lines = ['「召し上がる」は「食べる」の尊敬語です。', '目上の人に対して使います。', '例えば「先生が昼ご飯を召し上がりました」。', '謙譲語の「いただく」と混同しないように注意しましょう。'];
      return new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('kotonoha-chat');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('conversations', 'readwrite');
          const store = tx.objectStore('conversations');
          const start = Date.UTC(2026, 10, 1);
          for (let s = 0; s < sessions; s++) {
            const messages = Array.from({ length: messagesPerSession }, (_, m) => ({
              id: `s${s}-m${m}`,
              role: m % 2 ? 'assistant' : 'user',
              content: `${m % 2 ? lines.join('') : `質問 ${m}: 「召し上がる」の使い方を教えてください。`} (${s}-${m})`,
              provider: 'gemini',
              model: 'gemini-2.0-flash',
              timestamp: start + s * 3_600_000 + m * 1000,
            }));
            store.put({ id: `session-${s}`, title: `敬語の練習 ${s + 1}`, createdAt: start + s * 3_600_000, updatedAt: start + s * 3_600_000 + messagesPerSession * 1000, provider: 'gemini', model: 'gemini-2.0-flash', prompt: '日本語の先生として答えてください。', messages });
          }
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      });
    },
    { sessions, messagesPerSession },
  );
}

async function turnOn(page: Page, vault: string) {
  await page.goto('/settings#sync');
  const sync = page.getByRole('region', { name: 'Sync', exact: true });
  await sync.getByRole('textbox', { name: 'vault name' }).fill(vault);
  await sync.getByLabel('passphrase', { exact: true }).fill(passphrase);
  await sync.getByRole('button', { name: 'turn on sync' }).click();
  await page.getByRole('status', { name: 'sync' }).filter({ hasText: 'synced' }).waitFor({ timeout: 60_000 });
  return page.evaluate(() => ({
    derivation: performance.getEntriesByName('kotonoha:sync-key-derivation')[0]?.duration ?? NaN,
    rounds: performance.getEntriesByName('kotonoha:sync-round').map((entry) => ({ duration: entry.duration, ...((entry as PerformanceMeasure).detail as { pulled: number; pushed: number }) })),
  }));
}

const storedMessages = async (page: Page) => (await savedConversations(page)).reduce((sum, conversation) => sum + conversation.messages.length, 0);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export default async function syncBench(): Promise<Figure[]> {
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed');
  const app = await startApp({ KOTONOHA_DIST_DIR: distDir });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const open = async () => {
      const context = await browser.newContext({ baseURL: app.url, viewport: { width: 1280, height: 800 } });
      await seedStorage(context, { on: 'if-absent' });
      return context.newPage();
    };
    const vault = `bench-${Date.now()}`;
    const laptop = await open();
    await seedChats(laptop);
    const records = sessions * messagesPerSession + sessions;

    const cpuBeforePush = cpuSeconds(app.process.pid!);
    const pushed = await turnOn(laptop, vault);
    const cpuAfterPush = cpuSeconds(app.process.pid!);
    const firstPush = pushed.rounds.find((round) => round.pushed >= records);

    const phone = await open();
    const cpuBeforePull = cpuSeconds(app.process.pid!);
    const pulled = await turnOn(phone, vault);
    const cpuAfterPull = cpuSeconds(app.process.pid!);
    const firstPull = pulled.rounds.find((round) => round.pulled >= records);
    const arrived = await storedMessages(phone);
    if (arrived !== sessions * messagesPerSession) throw new Error(`the second device holds ${arrived} messages`);

    // One change on the laptop (the theme, saved the moment it is switched), watched for on the phone.
    await phone.evaluate(() => {
      const seen: Record<string, number> = {};
      (window as unknown as { __schemeSeen: typeof seen }).__schemeSeen = seen;
      new MutationObserver(() => {
        const scheme = document.documentElement.getAttribute('data-mantine-color-scheme') ?? '';
        seen[scheme] ??= Date.now();
      }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-mantine-color-scheme'] });
    });
    const latencies: number[] = [];
    for (let i = 0; i < changes; i++) {
      const theme = i % 2 ? 'light' : 'dark';
      await phone.evaluate(() => {
        const seen = (window as unknown as { __schemeSeen: Record<string, number> }).__schemeSeen;
        for (const scheme of Object.keys(seen)) delete seen[scheme];
      });
      const select = laptop.getByRole('navigation', { name: 'sidebar' }).getByRole('combobox', { name: 'theme', exact: true });
      const sent = await laptop.evaluate(() => Date.now());
      await select.selectOption(theme);
      const seenAt = await phone.waitForFunction((scheme) => (window as unknown as { __schemeSeen: Record<string, number> }).__schemeSeen[scheme], theme, { timeout: 10_000, polling: 20 });
      latencies.push(((await seenAt.jsonValue()) as number) - sent);
      await laptop.waitForTimeout(300);
    }

    const serverCpuMs = ((cpuAfterPush - cpuBeforePush + (cpuAfterPull - cpuBeforePull)) * 1000) / (2 * records);
    return [
      { name: 'key derivation (PBKDF2-SHA-256, 600k)', value: Math.round(pushed.derivation), unit: 'ms', second: Math.round(pulled.derivation) },
      { name: `first sync, push: ${sessions} chats, ${sessions * messagesPerSession} messages`, value: Math.round(firstPush?.duration ?? NaN), unit: 'ms', budget: 3000, records: firstPush?.pushed },
      { name: `first sync, pull on a second device: ${sessions} chats, ${sessions * messagesPerSession} messages`, value: Math.round(firstPull?.duration ?? NaN), unit: 'ms', budget: 3000, records: firstPull?.pulled },
      { name: 'one change reaching a second device (median)', value: median(latencies), unit: 'ms', budget: 500, max: Math.max(...latencies), runs: latencies },
      { name: 'server CPU per synced record (push and pull)', value: Math.round(serverCpuMs * 1000) / 1000, unit: 'ms' },
    ];
  } finally {
    await browser.close();
    await app.stop();
  }
}

// Rendering a long streamed reply on the chat screen: a 20,000-token markdown reply streamed at
// 500 tokens/s from a local Gemini-shaped fake, through the real app (AI SDK, store, renderer).
// Reports the longest main-thread task and the total blocking time seen by a 'longtask'
// PerformanceObserver, and the gzip size of the chat route's lazy JavaScript from a build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startFakeServer } from '../test-support/fake-server';
import { geminiWire } from '../test-support/fakes/ai-wire';
import { startApp } from '../test-support/start-app';
import type { Figure } from './run';
import { kilobytes } from '../src/common/bytes';
import { seedStorage } from '../e2e/storage';

const root = path.resolve(import.meta.dirname, '..');
const distDir = path.join(root, '.tmp/dist-bench-chat');
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

const totalTokens = 20_000;
const tokensPerSecond = 500;
const tickMs = 20;

/** A long, varied reply: headings, paragraphs with inline markup, lists, tables, code, quotes. */
function longReply(): string[] {
  const words = 'the reading of kanji changes with context so learners keep a notebook of compounds and example sentences 日本語 を 勉強 する'.split(' ');
  const sentence = (seed: number, length: number) =>
    Array.from({ length }, (_, i) => {
      const word = words[(seed * 7 + i * 3) % words.length];
      return i % 11 === 5 ? `**${word}**` : i % 13 === 7 ? `\`${word}\`` : word;
    }).join(' ') + '.';
  const blocks: string[] = [];
  for (let section = 0; blocks.join('').length < 150_000; section++) {
    blocks.push(`## Section ${section + 1}: ${sentence(section, 4)}\n\n`);
    blocks.push(`${sentence(section, 40)} ${sentence(section + 1, 35)}\n\n`);
    blocks.push(Array.from({ length: 5 }, (_, i) => `- ${sentence(section + i, 9)}`).join('\n') + '\n\n');
    if (section % 2 === 0) {
      blocks.push('| word | reading | meaning |\n|---|---|---|\n' + Array.from({ length: 6 }, (_, i) => `| 言葉${i} | ことば | ${sentence(i, 3)} |`).join('\n') + '\n\n');
    }
    if (section % 3 === 0) {
      blocks.push('```ts\n' + Array.from({ length: 12 }, (_, i) => `const value${i} = compute(${i}, "${words[i % words.length]}"); // ${sentence(i, 3)}`).join('\n') + '\n```\n\n');
    }
    blocks.push(`> ${sentence(section + 2, 18)}\n\n`);
  }
  // Tokens as a tokenizer would cut them: a word with its leading space (or a run of punctuation).
  const tokens = blocks.join('').match(/\s*[^\s]{1,6}|\s+/g)!;
  return tokens.slice(0, totalTokens);
}

/** The transcript's first Gemini chunk with other text: same envelope, CRLF framing (gemini.md). */
function geminiChunk(text: string, last: boolean): string {
  const event = JSON.parse(geminiWire.streamEvents[0].slice('data: '.length)) as {
    candidates: Array<{ content: { parts: Array<{ text: string }> }; finishReason?: string }>;
  };
  event.candidates[0].content.parts[0].text = text;
  if (last) event.candidates[0].finishReason = 'STOP';
  return `data: ${JSON.stringify(event)}\r\n\r\n`;
}

/**
 * gzip bytes a chat fetches beyond the shell: the route's own chunks, and the AI SDK core plus the
 * Gemini provider package (the default provider; each family's package loads on first use).
 */
function lazyRouteBytes(): { route: number; ai: number } {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
  >;
  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key)) return into;
    into.add(key);
    for (const next of manifest[key].imports ?? []) closure(next, into);
    return into;
  };
  const find = (test: (key: string) => boolean, what: string) => {
    const key = Object.keys(manifest).find(test);
    if (!key) throw new Error(`no chunk for ${what} in the manifest`);
    return key;
  };
  const gz = (key: string) => gzipSync(fs.readFileSync(path.join(distDir, manifest[key].file))).length;
  const shell = closure(find((key) => manifest[key].isEntry === true, 'the entry'));
  const route = [...closure(find((key) => key.endsWith('pages/chat-route.tsx'), 'the chat route'))].filter((key) => !shell.has(key));
  // complete.ts is shared with the translator, so it may land in a shared chunk ("_complete-…").
  const aiKey = find((key) => key.endsWith('lib/ai/complete.ts') || /^_complete-/.test(key), 'lib/ai/complete.ts');
  const geminiKey = find((key) => /@ai-sdk\/google\/dist\/index\.m?js$/.test(key), '@ai-sdk/google');
  const ai = [...new Set([...closure(aiKey), ...closure(geminiKey)])].filter((key) => !shell.has(key) && !route.includes(key));
  return { route: route.reduce((sum, key) => sum + gz(key), 0), ai: ai.reduce((sum, key) => sum + gz(key), 0) };
}

export default async function chatRender(): Promise<Figure[]> {
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', distDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('build failed');
  const bytes = lazyRouteBytes();

  const tokens = longReply();
  const expectedEnd = tokens.slice(-8).join('').trim();
  const fake = await startFakeServer(async (request, response) => {
    if (request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(geminiWire.models);
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const perTick = (tokensPerSecond * tickMs) / 1000;
    const started = Date.now();
    for (let sent = 0; sent < tokens.length && !response.destroyed; ) {
      const due = Math.min(tokens.length, Math.floor(((Date.now() - started) / 1000) * tokensPerSecond) + perTick);
      if (due > sent) {
        response.write(geminiChunk(tokens.slice(sent, due).join(''), due === tokens.length));
        sent = due;
      }
      await new Promise((resolve) => setTimeout(resolve, tickMs));
    }
    response.end();
  });
  const app = await startApp({ KOTONOHA_DIST_DIR: distDir, PROXY_ALLOW_ORIGINS: fake.url });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await seedStorage(page, { settings: { aichat: { gemini_key: 'bench-key', gemini_base_url: `${fake.url}/v1beta` } } });
    await page.addInitScript(() => {
      const tasks: Array<{ start: number; duration: number }> = [];
      (window as unknown as { __longtasks: typeof tasks }).__longtasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(`${app.url}/chat`, { waitUntil: 'networkidle' });
    // The AI SDK chunk is fetched when the page is idle; let that settle as it would while a person types.
    await page.waitForTimeout(3000);
    await page.getByRole('textbox', { name: 'question' }).fill('Write me a very long study guide.');
    const sentAt = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: 'send' }).click();
    await page.getByRole('button', { name: 'stop generating' }).waitFor({ state: 'visible' });
    // Polled from here, cheaply: a locator wait would run its own queries on the page's main thread.
    const streaming = () => page.evaluate(() => [...document.querySelectorAll('button')].some((button) => button.textContent === 'stop generating'));
    for (const deadline = Date.now() + 180_000; await streaming(); ) {
      if (Date.now() > deadline) throw new Error('the reply did not finish streaming');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const streamedMs = (await page.evaluate(() => performance.now())) - sentAt;
    const text = await page.getByRole('list', { name: 'messages' }).getByRole('listitem').last().innerText();
    if (!text.replace(/\s+/g, ' ').includes(expectedEnd.replace(/[*`>#|-]/g, '').trim().split(/\s+/).slice(-3).join(' '))) {
      throw new Error('the streamed reply did not arrive in full');
    }
    const tasks = (await page.evaluate(() => (window as unknown as { __longtasks: Array<{ start: number; duration: number }> }).__longtasks)).filter(
      (task) => task.start >= sentAt,
    );
    const longest = Math.max(0, ...tasks.map((task) => task.duration));
    const longestAt = Math.round((tasks.find((task) => task.duration === longest)?.start ?? sentAt) - sentAt);
    const blocking = tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
    return [
      { name: 'chat: longest main-thread task while streaming 20k tokens at 500 tok/s', value: Math.round(longest), unit: 'ms', budget: 50, tasks: tasks.length, longestAtMs: longestAt, streamedMs: Math.round(streamedMs) },
      { name: 'chat: total blocking time while streaming 20k tokens at 500 tok/s', value: Math.round(blocking), unit: 'ms', budget: 300 },
      { name: 'chat route lazy JS (gzip)', value: kilobytes(bytes.route), unit: 'KB', budget: 250 },
      { name: 'chat: AI SDK with the Gemini provider, fetched on idle/first send (gzip)', value: kilobytes(bytes.ai), unit: 'KB' },
      { name: 'chat route lazy JS including the AI SDK (gzip)', value: kilobytes(bytes.route + bytes.ai), unit: 'KB', budget: 250 },
    ];
  } finally {
    await browser.close();
    await app.stop();
    await fake.close();
  }
}

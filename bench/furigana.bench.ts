// Furigana: readings per second from POST /api/reading for Shonagon-length sentences of real prose
// (manpages-ja), cold (each sentence analysed once; budget ≥ 2,000/s) and cached (≥ 50,000/s),
// through the route, its JSON and the analyser thread; and, in Chromium, the time from the reading
// answer's arrival to 50 KWIC rows painted with their ruby (budget ≤ 100 ms).
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { characterCount, readingLimits } from '../src/common/reading';
import { createApp } from '../src/server/app';
import { ReadingService } from '../src/server/corpus/reading-service';
import { splitSentences } from '../src/server/corpus/split';
import { parseEnv } from '../src/server/env';
import { createLogger } from '../src/server/log';
import { manpagesCorpus } from '../test-support/manpages-ja';
import { fixtureTexts } from '../test-support/shonagon-fixture';
import { startApp } from '../test-support/start-app';
import type { Figure } from './run';

const root = path.resolve(import.meta.dirname, '..');
const distDir = path.join(root, '.tmp/dist-bench-furigana');
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Requests as the browser client makes them: up to 200 texts and 20,000 characters each. */
function batches(texts: string[]): string[][] {
  const out: string[][] = [[]];
  let characters = 0;
  for (const text of texts) {
    const size = characterCount(text);
    if (out.at(-1)!.length === readingLimits.texts || characters + size > readingLimits.characters) {
      out.push([]);
      characters = 0;
    }
    out.at(-1)!.push(text);
    characters += size;
  }
  return out;
}

export async function throughput(): Promise<Figure[]> {
  const corpus = manpagesCorpus(1_500_000);
  const seen = new Set<string>();
  for (const span of splitSentences(corpus)) {
    const text = corpus.slice(span.start, span.end).trim();
    if (text.length >= 15 && text.length <= 120) seen.add(text);
  }
  const sentences = [...seen].slice(0, 12_000);
  const reading = new ReadingService({ log: createLogger('silent') });
  const env = parseEnv({ DATA_DIR: path.join(os.tmpdir(), 'kotonoha-bench-furigana'), LOG_LEVEL: 'silent', KOTONOHA_DIST_DIR: path.join(os.tmpdir(), 'kotonoha-none') });
  const app = createApp({ env, reading });
  const ask = async (texts: string[]) => {
    const response = await app.request('/api/reading', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ texts }) });
    // The whole answer is read; parsing it is the page's work, not the server's.
    const body = await response.text();
    if (!response.ok) throw new Error(`reading: ${response.status} ${body}`);
  };
  try {
    // The analyser thread's start (its dictionary) is not part of a reading.
    await ask(['吾輩は猫である。']);
    // Two requests in flight, as the page's batches and another tab would.
    const run = async (requests: string[][]) => {
      const started = performance.now();
      let next = 0;
      await Promise.all([0, 1].map(async () => {
        while (next < requests.length) await ask(requests[next++]);
      }));
      return performance.now() - started;
    };
    const cold = await run(batches(sentences));
    // The latest sentences, as many as the default cache holds.
    const recent = sentences.slice(-4000);
    const cachedRuns = [await run(batches(recent)), await run(batches(recent)), await run(batches(recent))];
    if (reading.stats().analysed !== sentences.length + 1) throw new Error('the cached runs reached the analyser');
    const characters = sentences.reduce((sum, text) => sum + text.length, 0);
    return [
      { name: 'furigana: readings per second, cold (Shonagon-length sentences)', value: Math.round(sentences.length / (cold / 1000)), unit: 'sentences/s', budget: 2000, higherIsBetter: true, sentences: sentences.length, meanCharacters: Math.round(characters / sentences.length) },
      { name: 'furigana: readings per second, cached', value: Math.round(recent.length / (median(cachedRuns) / 1000)), unit: 'sentences/s', budget: 50_000, higherIsBetter: true, sentences: recent.length },
    ];
  } finally {
    await reading.close();
  }
}

export async function paint(): Promise<Figure[]> {
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed');
  const app = await startApp({ KOTONOHA_DIST_DIR: distDir });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const post = async (body: unknown) => {
      const response = await fetch(`${app.url}/shonagon_api/documents`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`import failed: ${response.status} ${await response.text()}`);
    };
    for (const text of fixtureTexts) await post(text);
    await post({ title: 'manpages-ja', text: manpagesCorpus(400_000), media: 'マニュアル', pubYear: 2021 });
    // Tall enough for 50 rows of 38 px on screen at once.
    const context = await browser.newContext({ viewport: { width: 1280, height: 2600 } });
    await context.addInitScript(() => {
      localStorage.setItem('kotonoha.settings', JSON.stringify({ language: 'en', furigana: 'on' }));
      const original = window.fetch;
      window.fetch = async (...args) => {
        const response = await original(...args);
        if (String(args[0] instanceof Request ? args[0].url : args[0]).includes('/api/reading')) (window as unknown as { readingArrived: number }).readingArrived = performance.now();
        return response;
      };
    });
    const page = await context.newPage();
    // The next page of results (the list asks for it once 20 rows show) is held back: its rows would be painted in the frames measured.
    await page.route(/\/shonagon_api\/search\?.*offset=[1-9]/, () => undefined);
    const times: number[] = [];
    const commits: number[] = [];
    for (const query of ['表示', '指定', 'ファイル', '場合', '出力', '使用', '設定', '実行', 'する', 'オプション', 'ない']) {
      await page.goto(`${app.url}/shonagon/single?query_string=${encodeURIComponent(query)}`);
      // A string, not a function: tsx's name helpers do not exist in the page.
      const [elapsed, committed] = await page.evaluate<[number, number]>(`new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('50 rows with furigana not painted for ${query}')), 15000);
        const done = () => {
          const rows = [...document.querySelectorAll('[role=row][data-row]')].slice(0, 50);
          return rows.length === 50 && rows.every((row) => row.querySelector('ruby') || !/[\u4e00-\u9fff]/.test(row.textContent));
        };
        const finish = () => {
          const committed = performance.now() - window.readingArrived;
          // A task queued from the next frame's callback runs once that frame is painted.
          requestAnimationFrame(() => setTimeout(() => {
            clearTimeout(timer);
            resolve([performance.now() - window.readingArrived, committed]);
          }));
        };
        if (window.readingArrived && done()) return finish();
        const observer = new MutationObserver(() => {
          if (!window.readingArrived || !done()) return;
          observer.disconnect();
          finish();
        });
        observer.observe(document.body, { childList: true, subtree: true });
      })`);
      commits.push(committed);
      times.push(elapsed);
    }
    return [{ name: 'furigana: reading answer to 50 KWIC rows painted with ruby (p50)', value: Math.round(median(times.slice(1))), unit: 'ms', budget: 100, max: Math.round(Math.max(...times.slice(1))), queries: times.length - 1 },
      { name: 'furigana: of which until the rows are in the DOM (p50)', value: Math.round(median(commits.slice(1))), unit: 'ms' },
    ];
  } finally {
    await browser.close();
    await app.stop();
  }
}

export default async function furigana(): Promise<Figure[]> {
  return [...(await throughput()), ...(await paint())];
}

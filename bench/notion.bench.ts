// MyNotion with a 5,000-row vocabulary database (EDICT's common words) behind the local fake
// Notion: time to the first row painted from the network (empty cache) and from the IndexedDB cache
// (Notion held back), the longest main-thread task while scrolling the whole table, the SQL
// executor's `where … like … order by … limit 20` over the 5,000 rows (SQLite/WebAssembly, sql.js),
// and the gzip size of what the executor route loads.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import initSqlJs from 'sql.js';
import { startFakeServer } from '../test-support/fake-server';
import { createNotionFake, vocabularyDatabase } from '../test-support/fakes/notion';
import { startApp } from '../test-support/start-app';
import { toCachedRow } from '../src/web/features/notion/model/notion-db';
import type { NotionPageObject } from '../src/web/features/notion/model/properties';
import { loadTable, runQuery } from '../src/web/features/notion/executor/sql-engine';
import { tableData } from '../src/web/features/notion/executor/table-data';
import type { Figure } from './run';
import { kilobytes } from '../src/common/bytes';
import { seedStorage } from '../e2e/storage';

const root = path.resolve(import.meta.dirname, '..');
const distDir = path.join(root, '.tmp/dist-bench-notion');
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];
const rowCount = 5000;
const token = 'ntn_bench_token';
const likeQuery = "select Word, Reading, Meaning from db where Meaning like '%to %' order by Reading limit 20";

function build() {
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', distDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('build failed');
}

function executorBytes(): number {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }>;
  const key = Object.keys(manifest).find((name) => name.endsWith('executor/executor-view.tsx'))!;
  const assets = fs.readdirSync(path.join(distDir, 'assets'));
  const files = [manifest[key].file, ...assets.filter((file) => /^sql-worker-.*\.js$|^sql-wasm-browser-.*\.wasm$/.test(file)).map((file) => `assets/${file}`)];
  return files.reduce((sum, file) => sum + gzipSync(fs.readFileSync(path.join(distDir, file))).length, 0);
}

/** Records when the first table row is in the DOM and painted (next animation frame), and long tasks. */
const probe = () => {
  const state = { firstRow: -1, longtasks: [] as number[] };
  (window as unknown as { __probe: typeof state }).__probe = state;
  new PerformanceObserver((list) => list.getEntries().forEach((entry) => state.longtasks.push(entry.duration))).observe({ type: 'longtask', buffered: true });
  const seen = new MutationObserver(() => {
    if (state.firstRow < 0 && document.querySelector('[role="row"][aria-rowindex="2"]')) {
      seen.disconnect();
      requestAnimationFrame(() => (state.firstRow = performance.now()));
    }
  });
  seen.observe(document, { childList: true, subtree: true });
};

/** Milliseconds to the first row painted: from navigation start, and from the moment the rows hook starts (screen code loaded). */
async function firstRow(page: Page): Promise<{ fromNavigation: number; fromScreen: number }> {
  await page.waitForFunction(() => (window as unknown as { __probe: { firstRow: number } }).__probe.firstRow >= 0, null, { timeout: 120_000 });
  return page.evaluate(() => {
    const painted = (window as unknown as { __probe: { firstRow: number } }).__probe.firstRow;
    const marks = performance.getEntriesByName('kotonoha:notion-rows');
    return { fromNavigation: painted, fromScreen: painted - (marks.length ? marks[marks.length - 1].startTime : 0) };
  });
}

async function measureSql(): Promise<number> {
  const require = createRequire(import.meta.url);
  const SQL = await initSqlJs({ wasmBinary: fs.readFileSync(require.resolve('sql.js/dist/sql-wasm.wasm')) });
  const database = vocabularyDatabase({ count: rowCount });
  const rows = database.pages.map((page, index) => toCachedRow('bench', page as unknown as NotionPageObject, index));
  const db = loadTable(SQL, tableData(rows));
  const times: number[] = [];
  for (let i = 0; i < 25; i++) {
    const result = runQuery(db, likeQuery);
    if (result.values.length !== 20) throw new Error(`expected 20 rows, got ${result.values.length}`);
    times.push(result.ms);
  }
  db.close();
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

export default async function notionBench(): Promise<Figure[]> {
  const figures: Figure[] = [];
  figures.push({ name: 'executor query over 5,000 rows (median)', value: Math.round((await measureSql()) * 100) / 100, unit: 'ms', budget: 100, query: likeQuery });

  build();
  figures.push({ name: 'executor route JS + worker + wasm (gzip)', value: kilobytes(executorBytes()), unit: 'KB' });

  const fake = createNotionFake();
  const database = vocabularyDatabase({ title: 'Vocabulary', count: rowCount });
  fake.state.databases.set(database.id, database);
  fake.state.tokens.set(token, new Set([database.id]));
  const server = await startFakeServer(fake.handler);
  const app = await startApp({ KOTONOHA_DIST_DIR: distDir, UPSTREAM_NOTION: server.url });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const settings = { notion: { updateToken: '', updateReviewTimeInterval: 5, openLinkInApp: true, dynamicConfigs: [{ id: '1', configId: 'Database', name: 'Vocabulary', value: { token, databaseId: database.id, updateReviewTime: true, paginate: false, sql: '' } }] } };
    await seedStorage(page, { settings });
    await page.addInitScript(probe);

    await page.goto(`${app.url}/notion/pages`);
    const load = () => os.loadavg()[0].toFixed(1);
    const network = await firstRow(page);
    figures.push({ name: 'first row painted from the network (empty cache), from navigation start', value: Math.round(network.fromNavigation), unit: 'ms', loadAverage: load() });
    figures.push({ name: 'first row painted from the network (empty cache), from the screen', value: Math.round(network.fromScreen), unit: 'ms', note: 'rows show as Notion pages arrive' });
    const started = Date.now();
    await page.getByRole('status', { name: 'rows status' }).filter({ hasText: `${rowCount.toLocaleString('en-US')} rows` }).waitFor({ timeout: 120_000 });
    figures.push({ name: 'all 5,000 rows fetched (50 pages at ≤ 3 requests/s)', value: Math.round(Date.now() - started + network.fromNavigation), unit: 'ms' });

    // From the cache: Notion answers only after 5 s, so the rows painted come from IndexedDB.
    fake.state.delayMs = 5000;
    await page.reload();
    const cache = await firstRow(page);
    figures.push({ name: 'first row painted from the cache, from the screen', value: Math.round(cache.fromScreen), unit: 'ms', budget: 300, loadAverage: load() });
    figures.push({ name: 'first row painted from the cache, from navigation start', value: Math.round(cache.fromNavigation), unit: 'ms', note: 'includes loading the app and the screen' });
    fake.state.delayMs = 0;
    // Let the background refresh finish, so scrolling measures scrolling.
    await page.getByRole('status', { name: 'rows status' }).filter({ hasText: /^5,000 rows$/ }).waitFor({ timeout: 180_000 });

    // Scroll the 5,000 rows top to bottom, one step per frame.
    await page.evaluate(() => ((window as unknown as { __probe: { longtasks: number[] } }).__probe.longtasks.length = 0));
    const frames = await page.evaluate(async () => {
      const scroller = document.querySelector('[data-testid="notion-rows"]') as HTMLElement;
      const gaps: number[] = [];
      let last = performance.now();
      while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1) {
        scroller.scrollTop += 600;
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const now = performance.now();
        gaps.push(now - last);
        last = now;
      }
      return { count: gaps.length, longest: Math.max(...gaps) };
    });
    const longtasks = await page.evaluate(() => (window as unknown as { __probe: { longtasks: number[] } }).__probe.longtasks);
    figures.push({ name: 'longest main-thread task while scrolling 5,000 rows', value: Math.round(Math.max(0, ...longtasks)), unit: 'ms', budget: 50, note: '0 = no task over 50 ms', frames: frames.count, loadAverage: load() });
    figures.push({ name: 'longest frame while scrolling', value: Math.round(frames.longest), unit: 'ms' });
  } finally {
    await browser.close();
    await app.stop();
    await server.close();
  }
  return figures;
}

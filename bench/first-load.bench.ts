// What the first load of a page costs: gzip bytes and file count of the JS and CSS it fetches,
// Lighthouse's mobile performance score and its LCP (simulated throttling, so the figures are
// Lighthouse's model of a mid-range phone rather than this machine's load; the median of
// KOTONOHA_BENCH_LIGHTHOUSE_RUNS runs, 5 by default), and for /settings
// how many sections are in the DOM when the heading first shows.
// Builds the app into .tmp/dist-bench (or takes KOTONOHA_BENCH_DIST, already built) and serves
// it with the real server.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Figure } from './run';
import { startApp } from '../test-support/start-app';
import { kilobytes } from '../src/common/bytes';

const root = path.resolve(import.meta.dirname, '..');
const prebuilt = process.env.KOTONOHA_BENCH_DIST;
const distDir = prebuilt ? path.resolve(prebuilt) : path.join(root, '.tmp/dist-bench');
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

/** The shell's own scripts: what index.html loads (every screen's first load includes them). */
async function shellScripts(origin: string): Promise<Set<string>> {
  const html = await (await fetch(origin)).text();
  return new Set([...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+)"/g)].map((match) => new URL(match[1], origin).pathname));
}

/** `untilWorker`: also wait for the service worker's registration (a few seconds after the page's load), whose chunk counts too. */
async function firstLoadBytes(url: string, { untilWorker = false } = {}) {
  const shell = await shellScripts(new URL(url).origin);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromeFlags.slice(1) });
  const page = await browser.newPage();
  const bytes = { js: 0, css: 0, jsFiles: 0, beyondShell: 0 };
  const pending: Promise<void>[] = [];
  let lastResponse = Date.now();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    lastResponse = Date.now();
    if (type === 'script') bytes.jsFiles += 1;
    const beyondShell = type === 'script' && !shell.has(new URL(response.url()).pathname);
    pending.push(
      response.body().then((body) => {
        const size = gzipSync(body).length;
        bytes[type === 'script' ? 'js' : 'css'] += size;
        if (beyondShell) bytes.beyondShell += size;
      }),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // On a busy machine running the shell can take longer than networkidle's 500 ms, which then ends
  // before the screen has asked for its files: wait for the screen (no loading spinner in main, 15 s
  // at most), then for a second without a new file.
  await page
    .waitForFunction(`document.querySelector('main') !== null && document.querySelector('main .mantine-Loader-root') === null`, undefined, { timeout: 15_000 })
    .catch(() => undefined);
  while (Date.now() - lastResponse < 1000) await page.waitForTimeout(250);
  if (untilWorker) {
    await page.evaluate(`Promise.race([navigator.serviceWorker.ready, new Promise((resolve) => setTimeout(resolve, 20000))]).then(() => undefined)`);
    while (Date.now() - lastResponse < 1000) await page.waitForTimeout(250);
  }
  await Promise.all(pending);
  await browser.close();
  return bytes;
}

/** Sections present the moment the screen's heading is (no waiting for idle). */
async function sectionsAtFirstPaint(url: string): Promise<number> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromeFlags.slice(1) });
  try {
    const page = await browser.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    // A string, not a function: tsx's transform would add helpers the page does not have.
    return await page.evaluate<number>(`new Promise((resolve) => {
      const check = () => {
        const heading = document.querySelector('#page-title') !== null;
        if (heading && document.querySelector('main section[id]')) resolve(document.querySelectorAll('main section[id]').length);
        else requestAnimationFrame(check);
      };
      check();
    })`);
  } finally {
    await browser.close();
  }
}

/**
 * From choosing English in the sidebar's language select on /settings (opened in Chinese, the
 * default) to the first frame painted with the English heading: the median of five switches.
 */
async function languageSwitchMs(url: string): Promise<number> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromeFlags.slice(1) });
  try {
    const page = await browser.newPage();
    await page.goto(url);
    await page.locator('main section[id]').first().waitFor();
    const times: number[] = [];
    for (let run = 0; run < 6; run += 1) {
      const [to, heading] = run % 2 === 0 ? ['en', 'Settings'] : ['zh', '设置'];
      // A string, not a function: tsx's transform would add helpers the page does not have.
      const ms = await page.evaluate<number>(`new Promise((resolve) => {
        const select = document.querySelector('nav select');
        const started = performance.now();
        select.value = ${JSON.stringify(to)};
        select.dispatchEvent(new Event('change', { bubbles: true }));
        const check = () => {
          if (document.querySelector('#page-title')?.textContent === ${JSON.stringify(heading)}) requestAnimationFrame(() => resolve(performance.now() - started));
          else requestAnimationFrame(check);
        };
        check();
      })`);
      // The first switch to English also downloads its catalogues (three small files): counted too.
      times.push(ms);
    }
    return Math.round(median(times));
  } finally {
    await browser.close();
  }
}

/**
 * A repeat visit with the service worker installed (docs/decisions/0022-installable-app.md): the
 * scripts and stylesheets the page loads, and how many of them came from the network instead of
 * the worker's cache (the budget: none).
 */
async function repeatVisitFiles(url: string): Promise<{ files: number; fromNetwork: number }> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromeFlags.slice(1) });
  try {
    const context = await browser.newContext({ serviceWorkers: 'allow' });
    await installServiceWorker(await context.newPage(), url);
    const page = await context.newPage();
    const counts = { files: 0, fromNetwork: 0 };
    let lastResponse = Date.now();
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      lastResponse = Date.now();
      counts.files += 1;
      if (!response.fromServiceWorker()) counts.fromNetwork += 1;
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page
      .waitForFunction(`document.querySelector('main') !== null && document.querySelector('main .mantine-Loader-root') === null`, undefined, { timeout: 15_000 })
      .catch(() => undefined);
    while (Date.now() - lastResponse < 1000) await page.waitForTimeout(250);
    return counts;
  } finally {
    await browser.close();
  }
}

/** Opens `url` and waits until the service worker has cached the app and is active. */
async function installServiceWorker(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.evaluate(`navigator.serviceWorker.ready.then(() => undefined)`);
  await page.close();
}

/** Lighthouse's LCP on a repeat visit: the worker is installed first in the same browser, and Lighthouse keeps its storage. */
async function repeatVisitLighthouse(url: string): Promise<LighthouseFigures> {
  const runs: LighthouseFigures[] = [];
  for (let run = 0; run < lighthouseRuns; run += 1) {
    const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags });
    try {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      await installServiceWorker(await browser.contexts()[0].newPage(), url);
      await browser.close();
      runs.push(await again(() => lighthouseOn(chrome.port, url, { disableStorageReset: true })));
    } finally {
      await chrome.kill();
    }
  }
  return { score: median(runs.map((run) => run.score)), lcpMs: median(runs.map((run) => run.lcpMs)), tbtMs: median(runs.map((run) => run.tbtMs)) };
}

interface LighthouseFigures {
  score: number;
  lcpMs: number;
  tbtMs: number;
}

/**
 * A trace Lighthouse failed to record (NO_NAVSTART and the like, now and then on a busy machine)
 * is run again, as it advises: up to three tries.
 */
async function again<T>(run: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= tries) throw error;
    }
  }
}

/** Lighthouse's own advice for a noisy machine: several runs, the median of each figure. */
const lighthouseRuns = Number(process.env.KOTONOHA_BENCH_LIGHTHOUSE_RUNS || 5);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function lighthouseMedian(url: string): Promise<LighthouseFigures> {
  const runs: LighthouseFigures[] = [];
  for (let run = 0; run < lighthouseRuns; run += 1) {
    runs.push(await again(() => lighthouseRun(url)));
  }
  return { score: median(runs.map((run) => run.score)), lcpMs: median(runs.map((run) => run.lcpMs)), tbtMs: median(runs.map((run) => run.tbtMs)) };
}

async function lighthouseRun(url: string): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags });
  try {
    return await lighthouseOn(chrome.port, url);
  } finally {
    await chrome.kill();
  }
}

async function lighthouseOn(port: number, url: string, flags: { disableStorageReset?: boolean } = {}): Promise<LighthouseFigures> {
  const result = await lighthouse(url, { port, onlyCategories: ['performance'], formFactor: 'mobile', output: 'json', logLevel: 'error', ...flags });
  const lhr = result?.lhr;
  // A failed run scores 0; say why rather than print a 0 as if it were measured.
  if (lhr?.runtimeError) throw new Error(`Lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return {
    score: Math.round((lhr?.categories.performance.score ?? 0) * 100),
    lcpMs: Math.round(lhr?.audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(lhr?.audits['total-blocking-time']?.numericValue ?? 0),
  };
}

const budgets: Record<string, { js: number; css: number; score: number; lcpMs: number; beyondShell?: number }> = {
  '/': { js: 170, css: 35, score: 95, lcpMs: 2500 },
  '/settings': { js: 200, css: 35, score: 95, lcpMs: 2500 },
  // Issue 21: the two screens that carried IndexedDB, markdown and grammars into their first paint.
  '/translate': { js: 320, css: 35, score: 95, lcpMs: 2500, beyondShell: 150 },
  '/chat': { js: 320, css: 35, score: 95, lcpMs: 2500, beyondShell: 150 },
  // Issue 29: the screens that scored below 95, and Shonagon, whose first load was 153 KB beyond the shell.
  '/notion/pages': { js: 320, css: 35, score: 95, lcpMs: 2500, beyondShell: 150 },
  '/av-search': { js: 320, css: 35, score: 95, lcpMs: 2500, beyondShell: 150 },
  '/yunpan/view': { js: 320, css: 35, score: 95, lcpMs: 2500, beyondShell: 150 },
  '/shonagon/single': { js: 320, css: 35, score: 95, lcpMs: 2500, beyondShell: 150 },
};

/** Repeat visits (issue 32): the shell and the two screens that paint without the server. */
const repeatVisitRoutes = ['/', '/translate', '/chat'];

export default async function firstLoad(): Promise<Figure[]> {
  if (!prebuilt) {
    const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build failed');
  }
  const app = await startApp({ KOTONOHA_DIST_DIR: distDir });
  try {
    const figures: Figure[] = [];
    for (const [route, budget] of Object.entries(budgets)) {
      const bytes = await firstLoadBytes(`${app.url}${route}`);
      figures.push(
        { name: `first load of ${route} — JS (gzip)`, value: kilobytes(bytes.js), unit: 'KB', budget: budget.js, files: bytes.jsFiles },
        { name: `first load of ${route} — CSS (gzip)`, value: kilobytes(bytes.css), unit: 'KB', budget: budget.css },
      );
      if (budget.beyondShell) figures.push({ name: `first load of ${route} — JS beyond the shell (gzip)`, value: kilobytes(bytes.beyondShell), unit: 'KB', budget: budget.beyondShell });
    }
    // Issue 32: the shell's budget holds with the service worker's registration, which loads after the page's load.
    const withWorker = await firstLoadBytes(`${app.url}/`, { untilWorker: true });
    figures.push({ name: 'first load of / with the service worker registered — JS (gzip)', value: kilobytes(withWorker.js), unit: 'KB', budget: 170, files: withWorker.jsFiles });
    for (const route of repeatVisitRoutes) {
      const files = await repeatVisitFiles(`${app.url}${route}`);
      figures.push({ name: `repeat visit of ${route} with the service worker — JS/CSS files from the network`, value: files.fromNetwork, unit: 'files', budget: 0, files: files.files });
      const run = await repeatVisitLighthouse(`${app.url}${route}`);
      figures.push({ name: `Lighthouse mobile LCP ${route}, repeat visit with the service worker (simulated)`, value: run.lcpMs, unit: 'ms', budget: 1000 });
    }
    const sections = await sectionsAtFirstPaint(`${app.url}/settings`);
    figures.push({ name: 'sections of /settings in the DOM at first paint', value: sections, unit: 'sections', budget: 10, higherIsBetter: true });
    const firstSwitch = await languageSwitchMs(`${app.url}/settings`);
    figures.push({ name: 'switching the language on /settings: change to repainted (median)', value: firstSwitch, unit: 'ms', budget: 100 });
    for (const [route, budget] of Object.entries(budgets)) {
      const run = await lighthouseMedian(`${app.url}${route}`);
      figures.push(
        { name: `Lighthouse mobile performance ${route}`, value: run.score, unit: 'score', budget: budget.score, higherIsBetter: true },
        { name: `Lighthouse mobile LCP ${route} (simulated)`, value: run.lcpMs, unit: 'ms', budget: budget.lcpMs },
        // No budget: what the score loses to main-thread work, which this machine's load inflates.
        { name: `Lighthouse mobile TBT ${route} (simulated)`, value: run.tbtMs, unit: 'ms' },
      );
    }
    return figures;
  } finally {
    await app.stop();
  }
}

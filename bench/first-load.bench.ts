// What the first load of a page costs: gzip bytes of the JS and CSS it fetches, and Lighthouse's
// mobile performance score. Builds the app into .tmp/dist-bench and serves it with the real server.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Figure } from './run';
import { startApp } from '../test-support/start-app';

const root = path.resolve(import.meta.dirname, '..');
const distDir = path.join(root, '.tmp/dist-bench');
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

async function firstLoadBytes(url: string) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromeFlags.slice(1) });
  const page = await browser.newPage();
  const bytes = { js: 0, css: 0 };
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response.body().then((body) => {
        bytes[type === 'script' ? 'js' : 'css'] += gzipSync(body).length;
      }),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  await browser.close();
  return bytes;
}

async function lighthouseScore(url: string): Promise<number> {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags });
  try {
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], formFactor: 'mobile', output: 'json', logLevel: 'error' });
    return Math.round((result?.lhr.categories.performance.score ?? 0) * 100);
  } finally {
    await chrome.kill();
  }
}

export default async function firstLoad(): Promise<Figure[]> {
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed');
  const app = await startApp({ KOTONOHA_DIST_DIR: distDir });
  try {
    const home = await firstLoadBytes(`${app.url}/`);
    const figures: Figure[] = [
      { name: 'first load of / — JS (gzip)', value: +(home.js / 1024).toFixed(1), unit: 'KB', budget: 170 },
      { name: 'first load of / — CSS (gzip)', value: +(home.css / 1024).toFixed(1), unit: 'KB', budget: 35 },
    ];
    for (const route of ['/', '/settings']) {
      figures.push({ name: `Lighthouse mobile performance ${route}`, value: await lighthouseScore(`${app.url}${route}`), unit: 'score', budget: 90, higherIsBetter: true });
    }
    return figures;
  } finally {
    await app.stop();
  }
}

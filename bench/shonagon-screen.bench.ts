// The Shonagon screen: time from Enter in the query box to the first result row painted (budget
// 300 ms), through the real app and its embedded corpus API, over a corpus of real Japanese prose
// (manpages-ja text plus the fixture works); and the gzip size of the screen's lazy JavaScript.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { fixtureTexts } from '../test-support/shonagon-fixture';
import { manpagesCorpus } from '../test-support/manpages-ja';
import { startApp } from '../test-support/start-app';
import type { Figure } from './run';
import { seedStorage } from '../e2e/storage';
import { kilobytes } from '../src/common/bytes';

const root = path.resolve(import.meta.dirname, '..');
const distDir = path.join(root, '.tmp/dist-bench-shonagon');
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

/** Words of varied frequency (1–4 characters); each is searched once, so nothing is cached. */
const queries = ['ファイル', 'する', 'オプション', '表示', 'を', '指定', 'ディレクトリ', '場合', '出力', '猫', '名前', '門', '使用', '変更', '入力', 'には', 'ない', '一覧', '設定', '実行', 'こと', '情報'];

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** gzip bytes beyond the shell: the route chunk with the Single search tab, and the chart chunk. */
function lazyBytes(): { route: number; chart: number } {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;
  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key)) return into;
    into.add(key);
    for (const next of manifest[key].imports ?? []) closure(next, into);
    return into;
  };
  const find = (suffix: string) => {
    const key = Object.keys(manifest).find((k) => k.endsWith(suffix));
    if (!key) throw new Error(`no chunk for ${suffix} in the manifest`);
    return key;
  };
  const gz = (key: string) => gzipSync(fs.readFileSync(path.join(distDir, manifest[key].file))).length;
  // The shell is what index.html loads: with the shell group (vite.config.ts) the entry is folded
  // into its chunk, and the manifest marks no chunk as the entry.
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const initial = new Set([...html.matchAll(/<script[^>]*\ssrc="\/([^"]+)"/g)].map((match) => match[1]));
  const shell = new Set<string>();
  for (const key of Object.keys(manifest)) if (initial.has(manifest[key].file)) closure(key, shell);
  const route = new Set([...closure(find('shonagon/shonagon-page.tsx')), ...closure(find('shonagon/single/single-search.tsx'))].filter((key) => !shell.has(key)));
  const chart = [...closure(find('shonagon/multi/count-chart.tsx'))].filter((key) => !shell.has(key) && !route.has(key));
  const sum = (keys: Iterable<string>) => [...keys].reduce((total, key) => total + gz(key), 0);
  return { route: sum(route), chart: sum(chart) };
}

export default async function shonagonScreen(): Promise<Figure[]> {
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', distDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed');
  const bytes = lazyBytes();

  const app = await startApp({ KOTONOHA_DIST_DIR: distDir });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const post = async (body: unknown) => {
      const response = await fetch(`${app.url}/shonagon_api/documents`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).catch((error: Error) => {
        throw new Error(`import failed: ${String(error.cause ?? error)}\n${app.output().slice(-800)}`);
      });
      if (!response.ok) throw new Error(`import failed: ${response.status} ${await response.text()}`);
    };
    for (const text of fixtureTexts) await post(text);
    const manpages = manpagesCorpus(300_000);
    await post({ title: 'manpages-ja', text: manpages, media: 'マニュアル', pubYear: 2021 });

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // The English interface: the query box and the status line are found by their English words.
    await seedStorage(page);
    await page.goto(`${app.url}/shonagon/single`);
    const box = page.getByRole('textbox', { name: 'query' });
    await box.waitFor();
    // Warm-up: the table's code and the API's first query.
    await box.fill('吾輩');
    await box.press('Enter');
    await page.locator('[role=row][data-row]').first().waitFor();

    const times: number[] = [];
    const apiTimes: number[] = [];
    for (const query of queries) {
      await box.fill(query);
      // A string, not a function: tsx's name helpers do not exist in the page.
      const elapsed = page.evaluate<[number, number]>(`new Promise((resolve) => {
        const q = ${JSON.stringify(query)};
        let started = 0;
        const input = document.querySelector('input[aria-label="query"]');
        input.addEventListener('keydown', (event) => { if (event.key === 'Enter') started = performance.now(); }, { capture: true, once: true });
        const observer = new MutationObserver(() => {
          const status = [...document.querySelectorAll('[role=status]')].find((s) => s.textContent.includes('「' + q + '」'));
          if (!started || !status || !document.querySelector('[role=row][data-row="0"]')) return;
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => {
            const total = performance.now() - started;
            const api = performance.getEntriesByType('resource').filter((e) => e.name.includes('/search?') && e.name.includes('q=' + encodeURIComponent(q) + '&')).pop();
            resolve([total, api ? api.duration : NaN]);
          }));
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      })`);
      await box.press('Enter');
      const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no row painted for 「${query}」 within 10 s`)), 10_000));
      const [total, api] = await Promise.race([elapsed, timeout]);
      times.push(total);
      apiTimes.push(api);
    }
    return [
      { name: 'shonagon: Enter to first row painted p50', value: Math.round(percentile(times, 50)), unit: 'ms', budget: 300, queries: queries.length, corpusBytes: Buffer.byteLength(manpages) },
      { name: 'shonagon: Enter to first row painted p95', value: Math.round(percentile(times, 95)), unit: 'ms', budget: 300 },
      { name: 'shonagon: of which the search request (p50, server + network)', value: Math.round(percentile(apiTimes.filter(Number.isFinite), 50)), unit: 'ms' },
      { name: 'shonagon route + Single search lazy JS (gzip)', value: kilobytes(bytes.route), unit: 'KB', budget: 150 },
      { name: 'shonagon chart (uPlot) lazy JS (gzip)', value: kilobytes(bytes.chart), unit: 'KB' },
    ];
  } finally {
    await browser.close();
    await app.stop();
  }
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { seedStorage } from './storage';
import { startApp, type RunningApp } from '../test-support/start-app';

// The installable app (docs/decisions/0022-installable-app.md): manifest, service worker, offline,
// updates and the share target, in a phone's shape.
const phone = {
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: 2,
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
};
test.use({ ...phone, serviceWorkers: 'allow' });

const root = path.resolve(import.meta.dirname, '..');

/** A server of its own on a copy of dist/, which a test may stop or "rebuild". */
async function ownApp(): Promise<{ app: RunningApp; dist: string; dispose: () => Promise<void> }> {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-dist-'));
  fs.cpSync(path.resolve(root, process.env.KOTONOHA_DIST_DIR || 'dist'), dist, { recursive: true });
  const app = await startApp({ KOTONOHA_DIST_DIR: dist });
  return {
    app,
    dist,
    dispose: async () => {
      await app.stop();
      fs.rmSync(dist, { recursive: true, force: true });
    },
  };
}

/** Opens `url`, waits for the service worker to be installed and active, and reloads: it then controls the page. */
async function openControlled(page: Page, url: string) {
  await page.goto(url);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
}

test('the manifest is linked and valid, and its icons load at their sizes', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const response = await request.get(href!);
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as Record<string, unknown> & { icons: Array<{ src: string; sizes: string; purpose?: string; type: string }> };
  expect(manifest).toMatchObject({
    name: expect.stringContaining('Kotonoha'),
    short_name: 'Kotonoha',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    lang: expect.any(String),
    theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
    background_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
    share_target: { action: '/share', method: 'GET', params: { title: 'title', text: 'text', url: 'url' } },
  });
  const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons) {
    const [width, height] = icon.sizes.split('x').map(Number);
    const drawn = await page.evaluate(async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      return [image.naturalWidth, image.naturalHeight];
    }, icon.src);
    expect(drawn, icon.src).toEqual([width, height]);
  }
});

test('the service worker controls the page after a reload, and never answers the server routes', async ({ page }) => {
  await openControlled(page, '/translate');
  await expect(page.getByRole('textbox', { name: 'source text' })).toBeVisible();
  // A navigation to an API route reaches the server (its JSON 404), not the app's index.html.
  const api = await page.goto('/api/no-such-route');
  expect(api?.headers()['content-type']).toContain('application/json');
  expect(await api?.fromServiceWorker()).toBe(false);
});

test('with the server stopped, the shell and Translate paint, and the screens that need the server say so', async ({ page }) => {
  test.setTimeout(60_000);
  const own = await ownApp();
  try {
    await openControlled(page, `${own.app.url}/translate`);
    await own.app.stop();
    await page.reload();
    await expect(page.getByRole('link', { name: 'Kotonoha' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'source text' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Translation' })).toBeVisible();

    await page.goto(`${own.app.url}/shonagon/single`);
    const notice = page.getByRole('alert', { name: /server is out of reach/i });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('This screen needs the server');
    await expect(page.getByRole('textbox', { name: 'query' })).toBeVisible();

    await page.goto(`${own.app.url}/notion/pages`);
    await expect(page.getByRole('alert', { name: /server is out of reach/i })).toBeVisible();
  } finally {
    await own.dispose();
  }
});

test('a rebuilt app is announced, and taken only when the learner presses reload', async ({ page }) => {
  test.setTimeout(60_000);
  const own = await ownApp();
  try {
    await openControlled(page, `${own.app.url}/`);
    const build = page.locator('meta[name="kotonoha-build"]');
    await expect(build).toHaveCount(0);

    // "Rebuild": a new index.html, and a service worker whose precache lists its new revision.
    const indexPath = path.join(own.dist, 'index.html');
    fs.writeFileSync(indexPath, fs.readFileSync(indexPath, 'utf8').replace('<head>', '<head><meta name="kotonoha-build" content="2">'));
    const swPath = path.join(own.dist, 'sw.js');
    const sw = fs.readFileSync(swPath, 'utf8');
    const rebuilt = sw.replace(/(url:\s*"index\.html",\s*revision:\s*")[^"]+"/, '$1rebuilt"');
    expect(rebuilt).not.toBe(sw);
    fs.writeFileSync(swPath, rebuilt);

    await page.reload();
    const reload = page.getByRole('button', { name: 'reload' });
    await expect(reload).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('A new version of Kotonoha is ready')).toBeVisible();
    // Until then the old version goes on: its index.html, its chunks.
    await expect(build).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('link', { name: 'Kotonoha' })).toBeVisible();
    await expect(build).toHaveCount(0);
    await expect(reload).toBeVisible({ timeout: 20_000 });

    await reload.click();
    await expect(build).toHaveAttribute('content', '2', { timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'reload' })).toHaveCount(0);
  } finally {
    await own.dispose();
  }
});

test('<meta name="theme-color"> follows the theme on screen: chosen, and the system\'s as it changes', async ({ page }) => {
  await seedStorage(page, { settings: { theme: 'dark' } });
  await page.goto('/');
  const themeColor = page.locator('meta[name="theme-color"]');
  await expect(themeColor).toHaveAttribute('content', '#242424');
  await seedStorage(page, { settings: { theme: 'system' } });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  await expect(themeColor).toHaveAttribute('content', '#ffffff');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(themeColor).toHaveAttribute('content', '#242424');
});

test.describe('share target', () => {
  test('a word opens the dictionary on it', async ({ page }) => {
    await page.goto(`/share?title=&text=${encodeURIComponent(' 食べる https://example.com/x ')}&url=`);
    const dictionary = page.getByRole('dialog', { name: 'Dictionary' });
    await expect(dictionary).toBeVisible();
    await expect(dictionary.getByRole('textbox', { name: 'search the dictionary' })).toHaveValue('食べる');
    await expect(page).toHaveURL(/\/$/);
  });

  test('the title stands in for a text that was only a link', async ({ page }) => {
    await page.goto(`/share?title=${encodeURIComponent('言葉')}&text=${encodeURIComponent('https://example.com/page')}&url=`);
    await expect(page.getByRole('dialog', { name: 'Dictionary' }).getByRole('textbox', { name: 'search the dictionary' })).toHaveValue('言葉');
  });

  test('a longer text opens Translate with it filled in, not translated', async ({ page }) => {
    const text = '吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。';
    await page.goto(`/share?text=${encodeURIComponent(text)}`);
    await expect(page).toHaveURL(/\/translate$/);
    await expect(page.getByRole('textbox', { name: 'source text' })).toHaveValue(text);
    await expect(page.getByRole('article')).toHaveCount(0);
  });

  test('a share with nothing left says so', async ({ page }) => {
    await page.goto(`/share?title=&text=${encodeURIComponent('https://example.com/only-a-link')}&url=${encodeURIComponent('https://example.com/only-a-link')}`);
    await expect(page.getByText('Nothing to look up')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a huge share is cut to 10,000 characters, and said so; the service worker answers a 100 KB /share URL too', async ({ page, baseURL }) => {
    test.setTimeout(60_000);
    await openControlled(page, `${baseURL}/`);
    const text = '猫'.repeat(12_000); // 9 bytes each in the URL: 108 KB
    const response = await page.goto(`/share?text=${encodeURIComponent(text)}`);
    expect(await response?.fromServiceWorker()).toBe(true);
    await expect(page.getByText('The shared text had 12,000 characters: Translate has its first 10,000.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'source text' })).toHaveValue('猫'.repeat(10_000));
  });
});

test('screenshots at 390 px: the update toast and the offline notice, zh + dark and en + light', async ({ browser }) => {
  test.setTimeout(180_000);
  fs.mkdirSync('docs/screenshots/installable', { recursive: true });
  for (const [language, theme] of [
    ['zh', 'dark'],
    ['en', 'light'],
  ] as const) {
    const context = await browser.newContext({ ...phone, serviceWorkers: 'allow' });
    await seedStorage(context, { settings: { language, theme } });
    const page = await context.newPage();
    const updated = await ownApp();
    try {
      await openControlled(page, `${updated.app.url}/`);
      const swPath = path.join(updated.dist, 'sw.js');
      fs.writeFileSync(swPath, fs.readFileSync(swPath, 'utf8').replace(/(url:\s*"index\.html",\s*revision:\s*")[^"]+"/, '$1rebuilt"'));
      await page.reload();
      await expect(page.locator('.mantine-Notification-root')).toBeVisible({ timeout: 20_000 });
      await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', theme === 'dark' ? '#242424' : '#ffffff');
      await page.screenshot({ path: `docs/screenshots/installable/update-${language}-${theme}-390.png` });
    } finally {
      await updated.dispose();
    }
    const offline = await ownApp();
    try {
      await openControlled(page, `${offline.app.url}/shonagon/single`);
      await offline.app.stop();
      await page.reload();
      await expect(page.locator('.mantine-Alert-root')).toBeVisible();
      await page.waitForTimeout(2000);
      await page.screenshot({ path: `docs/screenshots/installable/offline-${language}-${theme}-390.png` });
    } finally {
      await offline.dispose();
      await context.close();
    }
  }
});

test('screenshots at 390 px: the manifest’s icons as a phone’s install sheet and home screen show them, zh + dark and en + light', async ({ browser, app }) => {
  const manifest = (await (await fetch(`${app.url}/manifest.webmanifest`)).json()) as { name: string; short_name: string; icons: { src: string; sizes: string; purpose?: string }[] };
  const icon = async (purpose: string) => {
    const entry = manifest.icons.find((candidate) => (candidate.purpose ?? 'any') === purpose && candidate.sizes === (purpose === 'maskable' ? '512x512' : '192x192'))!;
    return `data:image/png;base64,${Buffer.from(await (await fetch(`${app.url}${entry.src.startsWith('/') ? '' : '/'}${entry.src}`)).arrayBuffer()).toString('base64')}`;
  };
  const [any, maskable] = [await icon('any'), await icon('maskable')];
  fs.mkdirSync('docs/screenshots/installable', { recursive: true });
  // The browser draws its install sheet outside the page; this page draws what it shows from the manifest: the icon as given, and the maskable one under a launcher's circle and squircle masks.
  for (const [language, theme, install] of [
    ['zh', 'dark', '安装应用'],
    ['en', 'light', 'Install app'],
  ] as const) {
    const context = await browser.newContext({ ...phone });
    const page = await context.newPage();
    const [background, text, sheet] = theme === 'dark' ? ['#121212', '#eee', '#2b2b2b'] : ['#f3f3f3', '#111', '#fff'];
    await page.setContent(`<meta name="viewport" content="width=device-width"><body style="margin:0;font-family:sans-serif;background:${background};color:${text};height:844px;display:flex;flex-direction:column;justify-content:space-between">
      <div style="display:flex;gap:28px;justify-content:center;padding:48px 0">
        ${['50%', '28%'].map((radius) => `<figure style="margin:0;text-align:center"><img src="${maskable}" style="width:64px;height:64px;border-radius:${radius};display:block"><figcaption style="font-size:12px;margin-top:6px">${manifest.short_name}</figcaption></figure>`).join('')}
      </div>
      <div style="background:${sheet};border-radius:16px 16px 0 0;padding:20px;display:flex;gap:16px;align-items:center">
        <img src="${any}" style="width:48px;height:48px">
        <div style="flex:1"><div style="font-weight:600">${manifest.name}</div><div style="font-size:13px;opacity:.7">kotonoha.example.ts.net</div></div>
        <button style="padding:10px 16px;border-radius:20px;border:0;background:#1c7ed6;color:#fff">${install}</button>
      </div></body>`);
    await expect(page.locator('img')).toHaveCount(3);
    await expect.poll(() => page.locator('img').evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0))).toBe(true);
    await page.screenshot({ path: `docs/screenshots/installable/icon-${language}-${theme}-390.png` });
    await context.close();
  }
});

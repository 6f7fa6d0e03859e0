import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { startFakeServer, type FakeServer } from '../test-support/fake-server';
import { createXpanFake } from '../test-support/fakes/xpan';
import { expect, test as base } from './fixtures';
import { seedStorage, writeStorage } from './storage';

type XpanFake = ReturnType<typeof createXpanFake> & { server: FakeServer };

const bigFolder = 1200;

const test = base.extend<object, { xpan: XpanFake }>({
  xpan: [
    async ({}, use) => {
      const fake = createXpanFake({ bigFolderEntries: bigFolder });
      const server = await startFakeServer(fake.handler);
      await use({ ...fake, server });
      await server.close();
    },
    { scope: 'worker' },
  ],
  appEnv: [async ({ xpan }, use) => use({ UPSTREAM_XPAN: xpan.server.url }), { scope: 'worker' }],
});

test.beforeEach(({ xpan }) => {
  Object.assign(xpan.state, { token: 'xpan-token', expiredTokens: [], rateLimited: 0, redirectOrigin: undefined, dlinkOrigin: undefined, delayMs: 0 });
  xpan.server.requests.length = 0;
});

async function open(page: Page, path: string, token: string | null = 'xpan-token') {
  await seedStorage(page, { settings: token === null ? {} : { xpan: { accessToken: token } }, on: 'first-load' });
  await page.goto(path);
}

const files = (page: Page) => page.getByRole('list', { name: 'files' }).getByRole('listitem');
const entry = (page: Page, name: string) => files(page).filter({ has: page.getByRole('button', { name, exact: true }) });

test('without a token the screen says so and leads to Settings, where the token is saved', async ({ page }) => {
  await open(page, '/yunpan/view', null);
  await expect(page.getByText('No XPan access token')).toBeVisible();
  await page.getByRole('link', { name: 'Settings → XPan' }).click();
  await expect(page).toHaveURL(/\/settings/);
  const field = page.getByRole('region', { name: 'XPan' }).getByRole('textbox', { name: 'access token' });
  await field.fill('xpan-token');
  await expect(field).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'save settings' }).click();
  await page.getByRole('navigation', { name: 'main' }).getByRole('link', { name: 'XPan' }).click();
  await expect(page).toHaveURL(/\/yunpan\/view$/);
  await expect(entry(page, '日本語教材')).toBeVisible();
  // Any other drive page is the drive's screen saying it has no such page, and the XPan link is
  // active only on its own route.
  await page.goto('/yunpan/elsewhere');
  await expect(page).toHaveTitle('My Cloud Drive');
  await expect(page.getByRole('heading', { name: 'My Cloud Drive' })).toBeVisible();
  await expect(page.getByText('“elsewhere” is not a page of the drive.')).toBeVisible();
  await expect(page).toHaveURL(/\/yunpan\/elsewhere$/);
  await expect(page.getByRole('navigation', { name: 'main' }).getByRole('link', { name: 'XPan' })).not.toHaveAttribute('aria-current', 'page');
  await page.getByRole('link', { name: 'Browse your files' }).click();
  await expect(page).toHaveURL(/\/yunpan\/view$/);
  await expect(entry(page, '日本語教材')).toBeVisible();
});

test('browses folders first, by breadcrumbs, sorted, in list and grid with thumbnails', async ({ page }) => {
  await open(page, '/yunpan/view');
  await expect(entry(page, '日本語教材')).toBeVisible();
  await expect(files(page)).toHaveCount(2);
  await page.getByRole('button', { name: '日本語教材', exact: true }).click();
  await expect(page).toHaveURL(/dir=%2F%E6%97%A5/);
  const crumbs = page.getByRole('navigation', { name: 'folder path' });
  await expect(crumbs.getByRole('link', { name: '日本語教材' })).toHaveAttribute('aria-current', 'page');
  await expect(files(page)).toHaveCount(8);
  // Folders first, whatever the order of names.
  await expect(files(page).nth(0)).toContainText('folder');
  await expect(files(page).nth(1)).toContainText('folder');
  await expect(files(page).nth(2)).not.toContainText('folder');
  expect((await files(page).nth(0).innerText()) + (await files(page).nth(1).innerText())).toMatch(/(字幕[\s\S]*空のフォルダ)|(空のフォルダ[\s\S]*字幕)/);

  await page.getByRole('combobox', { name: 'sort by' }).click();
  await page.getByRole('option', { name: 'size' }).click();
  await page.getByRole('button', { name: 'ascending' }).click();
  await expect(page.getByRole('button', { name: 'descending' })).toBeVisible();
  await expect(files(page).nth(2)).toContainText('教材一式.7z');
  await expect(files(page).nth(2)).toContainText('1.0 GB');
  await expect(files(page).nth(0)).toContainText('folder');

  await page.getByText('grid', { exact: true }).or(page.getByLabel('grid')).first().click();
  await expect(page).toHaveURL(/view=grid/);
  const thumb = entry(page, '表紙.jpg').locator('img');
  await expect(thumb).toHaveAttribute('src', /\/api\/xpan\/thumb\?/);
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  await page.getByRole('button', { name: '空のフォルダ', exact: true }).click();
  await expect(page.getByText('This folder is empty.')).toBeVisible();
  await crumbs.getByRole('link', { name: 'All files' }).click();
  await expect(entry(page, '単語カード')).toBeVisible();
});

test(`pages through a ${bigFolder}-entry folder as it scrolls`, async ({ page, xpan }) => {
  await open(page, `/yunpan/view?dir=${encodeURIComponent('/単語カード')}`);
  await expect(page.getByText('500 items loaded')).toBeVisible();
  // Only the rows on screen are in the page.
  expect(await files(page).count()).toBeLessThan(60);
  await expect(async () => {
    await page.mouse.wheel(0, 50_000);
    await expect(page.getByText(`${bigFolder} items`, { exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(async () => {
    await page.mouse.wheel(0, 50_000);
    await expect(entry(page, `カード-${String(bigFolder).padStart(5, '0')}.txt`)).toBeVisible({ timeout: 1000 });
  }).toPass();
  const starts = xpan.server.requests.filter((r) => r.url.includes('method=list')).map((r) => new URL(r.url, 'http://x').searchParams.get('start'));
  expect(starts).toEqual(['0', '500', '1000']);
});

test('searches the drive by name and kind', async ({ page }) => {
  await open(page, '/yunpan/view');
  await page.getByRole('textbox', { name: 'search the drive' }).fill('吾輩');
  await page.getByRole('button', { name: 'search', exact: true }).click();
  await expect(page).toHaveURL(/\/yunpan\/search\?key=/);
  await expect(files(page)).toHaveCount(3);
  await expect(files(page).first()).toContainText('/日本語教材');
  await page.getByRole('combobox', { name: 'kind' }).click();
  await page.getByRole('option', { name: 'video' }).click();
  await expect(files(page)).toHaveCount(1);
  await expect(files(page)).toContainText('第1課 吾輩は猫である.mp4');
  await page.getByRole('textbox', { name: 'search the drive' }).fill('存在しない');
  await page.getByRole('button', { name: 'search', exact: true }).click();
  await expect(page.getByText('Nothing on the drive matches “存在しない”.')).toBeVisible();
});

test('previews text, subtitles and images', async ({ page }) => {
  await open(page, `/yunpan/view?dir=${encodeURIComponent('/日本語教材')}`);
  await page.getByRole('button', { name: '吾輩は猫である.txt', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '吾輩は猫である.txt' });
  await expect(dialog.getByLabel('text of 吾輩は猫である.txt')).toContainText('名前はまだ無い');
  await expect(dialog.getByRole('link', { name: 'download' })).toHaveAttribute('download', '吾輩は猫である.txt');
  await dialog.getByRole('button', { name: 'close' }).click();

  await page.getByRole('button', { name: '表紙.jpg', exact: true }).click();
  const image = page.getByRole('dialog', { name: '表紙.jpg' }).getByRole('img', { name: '表紙.jpg' });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: '字幕', exact: true }).click();
  await page.getByRole('button', { name: '第1課.srt', exact: true }).click();
  await expect(page.getByRole('dialog', { name: '第1課.srt' })).toContainText('00:00:02,600 --> 00:00:04,800');
});

test('sends a text file to the Shonagon library through the server', async ({ page }) => {
  await open(page, `/yunpan/view?dir=${encodeURIComponent('/日本語教材')}`);
  await page.getByRole('button', { name: '吾輩は猫である.txt', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '吾輩は猫である.txt' });
  await dialog.getByRole('button', { name: 'send to the Shonagon library' }).click();
  await expect(page.getByText(/“吾輩は猫である” is in the Shonagon library \(\d+ sentences\)/)).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByRole('button', { name: 'in the Shonagon library' })).toBeDisabled();
  const { documents } = (await (await page.request.get('/shonagon_api/documents')).json()) as { documents: Array<{ title: string }> };
  expect(documents.map((doc) => doc.title)).toContain('吾輩は猫である');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: '教材一式.7z', exact: true }).click();
  const other = page.getByRole('dialog', { name: '教材一式.7z' });
  await expect(other.getByText('There is no preview for this kind of file.')).toBeVisible();
  await expect(other.getByRole('link', { name: 'download' })).toBeVisible();
  await expect(other.getByRole('button', { name: 'send to the Shonagon library' })).toHaveCount(0);
});

test('plays a relayed video and seeks inside it with Range', async ({ page, xpan, app }) => {
  const ranges: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/xpan/stream')) void request.allHeaders().then((headers) => headers.range && ranges.push(headers.range));
  });
  await open(page, `/yunpan/view?dir=${encodeURIComponent('/日本語教材')}`);
  await page.getByRole('button', { name: '第1課 吾輩は猫である.mp4', exact: true }).click();
  const video = page.getByRole('dialog', { name: '第1課 吾輩は猫である.mp4' }).locator('video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(7);
  // Seekable only because the relay answers Range with 206 and Accept-Ranges.
  expect(await video.evaluate((v: HTMLVideoElement) => (v.seekable.length ? v.seekable.end(0) : 0))).toBeGreaterThan(7);

  await video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<void>((resolve) => {
        v.addEventListener('seeked', () => resolve(), { once: true });
        v.currentTime = 6;
      }),
  );
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
  expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(6, 1);
  await video.evaluate((v: HTMLVideoElement) => v.play());
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(6.2);
  expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(6);
  // The subtitles kept beside the video play with it.
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.textTracks[0]?.activeCues?.[0] && (v.textTracks[0].activeCues[0] as VTTCue).text)).toBe(
    'どこで生れたかとんと見当がつかぬ。',
  );

  expect(ranges.length).toBeGreaterThan(0);
  expect(ranges.every((range) => /^bytes=\d+-\d*$/.test(range))).toBe(true);
  const cdnRanges = xpan.server.requests.filter((r) => r.url.startsWith('/cdn/')).map((r) => r.headers.range);
  expect(cdnRanges.length).toBeGreaterThan(0);
  expect(cdnRanges.every((range) => typeof range === 'string' && range.startsWith('bytes='))).toBe(true);
  // The token travels in query strings, which the server never logs.
  expect(app.output()).toContain('xpan-stream');
  expect(app.output()).not.toContain('xpan-token');
});

test('plays relayed audio', async ({ page }) => {
  await open(page, `/yunpan/view?dir=${encodeURIComponent('/日本語教材')}`);
  await page.getByRole('button', { name: '第1課 朗読.m4a', exact: true }).click();
  const audio = page.getByRole('dialog', { name: '第1課 朗読.m4a' }).locator('audio');
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.readyState)).toBeGreaterThanOrEqual(1);
  expect(await audio.evaluate((a: HTMLAudioElement) => a.duration)).toBeGreaterThan(5);
});

test('an expired token, a refused redirect and a rate limit each get a clear message', async ({ page, xpan }) => {
  xpan.state.expiredTokens = ['old-token'];
  await open(page, '/yunpan/view', 'old-token');
  await expect(page.getByText('the access token has expired — get a new one and paste it in Settings → XPan')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Settings → XPan' })).toBeVisible();

  xpan.state.rateLimited = 1;
  await writeStorage(page, { settings: { xpan: { accessToken: 'xpan-token' } } });
  await page.goto('/yunpan/view');
  await expect(page.getByText('请求过于频繁或已超过配额，请稍后再试')).toBeVisible();

  await page.goto(`/yunpan/view?dir=${encodeURIComponent('/日本語教材')}`);
  xpan.state.redirectOrigin = 'http://127.0.0.1:9';
  await page.getByRole('button', { name: '第1課 吾輩は猫である.mp4', exact: true }).click();
  await expect(page.getByRole('dialog').getByText(/answered with a redirect \(302\), which is not followed/)).toBeVisible();
});

test('screenshots at 1280 and 390 px with a preview open', async ({ page }) => {
  fs.mkdirSync('docs/screenshots', { recursive: true });
  await open(page, `/yunpan/view?dir=${encodeURIComponent('/日本語教材')}`);
  await expect(files(page)).toHaveCount(8);
  await page.screenshot({ path: 'docs/screenshots/xpan-list-1280.png' });
  await page.getByRole('button', { name: '吾輩は猫である.txt', exact: true }).click();
  await expect(page.getByLabel('text of 吾輩は猫である.txt')).toContainText('名前はまだ無い');
  await page.screenshot({ path: 'docs/screenshots/xpan-preview-1280.png' });
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: '第1課 吾輩は猫である.mp4', exact: true }).click();
  const video = page.getByRole('dialog', { name: '第1課 吾輩は猫である.mp4' }).locator('video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
  await page.screenshot({ path: 'docs/screenshots/xpan-video-1280.png' });
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/yunpan/view?dir=${encodeURIComponent('/日本語教材')}&view=grid`);
  await expect(entry(page, '表紙.jpg')).toBeVisible();
  await page.screenshot({ path: 'docs/screenshots/xpan-grid-390.png' });
  await page.getByRole('button', { name: '表紙.jpg', exact: true }).click();
  const image = page.getByRole('dialog', { name: '表紙.jpg' }).getByRole('img', { name: '表紙.jpg' });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
  await page.screenshot({ path: 'docs/screenshots/xpan-preview-390.png' });
  await page.keyboard.press('Escape');

  await page.goto(`/yunpan/search?key=${encodeURIComponent('第1課')}`);
  await expect(files(page)).toHaveCount(4);
  await page.screenshot({ path: 'docs/screenshots/xpan-search-390.png' });
  await page.getByLabel('grid').click();
  await expect(page).toHaveURL(/view=grid/);
  await page.screenshot({ path: 'docs/screenshots/xpan-search-grid-390.png' });
});

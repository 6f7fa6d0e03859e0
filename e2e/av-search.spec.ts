import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startFakeServer, type FakeServer } from '../test-support/fake-server';
import { createRemoteAvFake } from '../test-support/fakes/av-remote';
import { dramaLines, makeVideo, srt } from '../test-support/media';
import { expect, test as base } from './fixtures';
import { seedStorage } from './storage';

type RemoteFake = ReturnType<typeof createRemoteAvFake> & { server: FakeServer };

const test = base.extend<object, { remote: RemoteFake; dataDir: string }>({
  dataDir: [
    async ({}, use) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-av-e2e-'));
      makeVideo(path.join(dir, 'media', '第1話.webm'));
      fs.writeFileSync(path.join(dir, 'media', '第1話.srt'), srt(dramaLines));
      await use(dir);
      fs.rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  remote: [
    async ({}, use) => {
      const fake = createRemoteAvFake([
        { source: 'local', id: 'far-away', title: '遠くの番組.webm', thumb: null, duration: 30, url: '/api/media/farawayfaraway00', cue: { start: 12, end: 14, text: 'もう大丈夫だよ。' }, match: { start: 2, end: 5 } },
      ]);
      const server = await startFakeServer(fake.handler);
      await use({ ...fake, server });
      await server.close();
    },
    { scope: 'worker' },
  ],
  appEnv: [async ({ dataDir }, use) => use({ DATA_DIR: dataDir }), { scope: 'worker' }],
});

async function open(page: Page, settings: Record<string, unknown>) {
  await seedStorage(page, { settings });
  await page.goto('/av-search');
  await expect(page.getByRole('textbox', { name: 'query' })).toBeVisible();
}

async function search(page: Page, query: string) {
  await page.getByRole('textbox', { name: 'query' }).fill(query);
  await page.getByRole('button', { name: 'search', exact: true }).click();
}

for (const requestMode of ['EventStream', 'WebSocket'] as const) {
  test.describe(`over ${requestMode}`, () => {
    test('results from each source arrive as they are found: a slow source does not hold back a fast one', async ({ page, remote }) => {
      remote.state.reset();
      remote.state.mode = 'ok';
      await open(page, { avsearch: { requestMode, source: 'local', proxyAllImgs: false, remoteBase: remote.server.url } });
      await page.getByRole('checkbox', { name: 'remote' }).check();
      await search(page, '大丈夫');
      const results = page.getByRole('list', { name: 'video results' });
      await expect(results.getByRole('article', { name: /第1話\.webm at 0:03: 大丈夫？/ })).toBeVisible();
      // The remote server is still holding its answer back.
      await expect(page.getByText('remote: 0…')).toBeVisible();
      await expect(results.getByRole('article')).toHaveCount(1);
      remote.state.release();
      await expect(results.getByRole('article', { name: /遠くの番組\.webm at 0:12: もう大丈夫だよ。/ })).toBeVisible();
      await expect(page.getByText('done', { exact: true })).toBeVisible();
      await expect(page.getByText('local: 1')).toBeVisible();
      await expect(page.getByText('remote: 1')).toBeVisible();
    });

    test("stop ends the server's work on a source that hangs", async ({ page, remote }) => {
      remote.state.reset();
      remote.state.mode = 'hang';
      await open(page, { avsearch: { requestMode, source: 'remote', proxyAllImgs: false, remoteBase: remote.server.url } });
      await search(page, '大丈夫');
      await expect.poll(() => remote.state.received).toBe(1);
      await page.getByRole('button', { name: 'stop' }).click();
      await expect(page.getByText('stopped', { exact: true })).toBeVisible();
      await expect.poll(() => remote.state.closed).toBe(1);
      expect(remote.state.received).toBe(1);
    });
  });
}

test("the idle screen paints without the result cards' code; the first search brings it", async ({ page }) => {
  const files: string[] = [];
  page.on('request', (request) => files.push(new URL(request.url()).pathname));
  await open(page, { avsearch: { requestMode: 'EventStream', source: 'local', proxyAllImgs: false } });
  await expect(page.getByText('Search a word to find the moments it is said in your videos')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(files.filter((file) => /\/(result-card|furigana)-[^/]+\.js$/.test(file))).toEqual([]);
  await search(page, '大丈夫');
  await expect(page.getByRole('list', { name: 'video results' }).getByRole('article', { name: /第1話\.webm at 0:03: 大丈夫？/ })).toBeVisible();
  expect(files.some((file) => /\/result-card-[^/]+\.js$/.test(file))).toBe(true);
});

test('a failing source says why while the others answer', async ({ page }) => {
  await open(page, { avsearch: { requestMode: 'EventStream', source: 'local', proxyAllImgs: false, remoteBase: '' } });
  await page.getByRole('checkbox', { name: 'cloud drive' }).check();
  await expect(page.getByText('The cloud drive needs an access token.')).toBeVisible();
  await search(page, '大丈夫');
  await expect(page.getByRole('alert').filter({ hasText: 'cloud drive failed' })).toContainText('The cloud drive needs an access token (Settings → XPan)');
  await expect(page.getByRole('article', { name: /第1話\.webm/ })).toBeVisible();
});

test('a failing source is worded in the interface language, over either transport', async ({ page }) => {
  for (const requestMode of ['EventStream', 'WebSocket'] as const) {
    // A Chinese screen: the names are not the English ones the other tests look for.
    await seedStorage(page, { settings: { language: 'zh', avsearch: { requestMode, source: 'remote', proxyAllImgs: false, remoteBase: '' } } });
    await page.goto('/av-search?q=大丈夫');
    await expect(page.getByRole('alert')).toContainText('远程来源需要服务器地址（设置 → 搜索 → 远程服务器）');
  }
});

test("a click on a result's subtitle line plays that moment; selecting part of it does not", async ({ page }) => {
  await open(page, { avsearch: { requestMode: 'EventStream', source: 'local', proxyAllImgs: false, remoteBase: '' } });
  await search(page, '大丈夫');
  const card = page.getByRole('article', { name: /第1話\.webm at 0:03/ });
  const line = card.getByRole('paragraph').filter({ has: page.locator('mark') });
  const player = page.getByRole('region', { name: 'player: 第1話.webm' });
  // A drag across the line selects it for the selection menu and plays nothing.
  const box = (await line.boundingBox())!;
  await page.mouse.move(box.x + 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect(page.getByRole('toolbar', { name: 'selection menu' })).toBeVisible();
  await expect(player).toBeHidden();
  await page.mouse.click(5, 5);
  await line.click();
  await expect(player).toBeVisible();
  await expect(player.getByLabel('subtitle')).toHaveText('大丈夫？顔色が悪いよ。');
  await expect.poll(() => page.evaluate(() => Math.abs(document.querySelector('video')!.currentTime - 3.5) < 0.5)).toBe(true);
});

test('a click plays the video from the cue, with the line under it and line-by-line steps', async ({ page }) => {
  await open(page, { avsearch: { requestMode: 'EventStream', source: 'local', proxyAllImgs: false, remoteBase: '' } });
  await search(page, '大丈夫');
  await page.getByRole('button', { name: /^play 第1話\.webm at 0:03/ }).click();
  const player = page.getByRole('region', { name: 'player: 第1話.webm' });
  await expect(player).toBeVisible();
  const currentTime = () => page.evaluate(() => document.querySelector('video')!.currentTime);
  await expect.poll(async () => Math.abs((await currentTime()) - 3.5) < 0.5, { timeout: 10_000 }).toBe(true);
  await expect(player.getByLabel('subtitle')).toHaveText('大丈夫？顔色が悪いよ。');
  await player.getByRole('button', { name: 'next line' }).click();
  await expect(player.getByLabel('subtitle')).toHaveText('うん、ちょっと寝不足なだけ。');
  expect(Math.abs((await currentTime()) - 6)).toBeLessThan(1);
  await player.getByText('0.5×', { exact: true }).click();
  expect(await page.evaluate(() => document.querySelector('video')!.playbackRate)).toBe(0.5);
  await player.getByRole('button', { name: 'close player' }).click();
  await expect(player).toBeHidden();
});

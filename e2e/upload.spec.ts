import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startApp, type RunningApp } from '../test-support/start-app';
import { expect, test } from './fixtures';
import { seedStorage } from './storage';

const token = 'e2e-upload-token-5f2a9c';
test.use({ appEnv: { UPLOAD_TOKEN: token } });

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

async function useToken(page: Page, value: string) {
  await seedStorage(page, { settings: { uploadToken: value } });
}

test('without a token in Settings the screen says so and links there', async ({ page }) => {
  await page.goto('/upload');
  await expect(page.getByText('No upload token in Settings')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Choose files' })).toBeDisabled();
  await page.getByRole('link', { name: 'Settings → File upload' }).click();
  await expect(page).toHaveURL(/\/settings/);
  await expect(page.getByLabel('upload token', { exact: true })).toBeVisible();
});

test('a wrong token is refused with the reason', async ({ page }) => {
  await useToken(page, 'not-the-token');
  await page.goto('/upload');
  await expect(page.getByText('Cannot list the files')).toBeVisible();
  await page.getByLabel('files to upload').setInputFiles({ name: 'a.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  const row = page.getByLabel('upload a.txt');
  await expect(row.getByText('failed')).toBeVisible();
  await expect(row.getByRole('alert')).toHaveText(/Wrong or missing upload token/);
});

test('three files upload at once, get listed, and unsafe names are made safe', async ({ page, app }) => {
  await useToken(page, token);
  await page.goto('/upload');
  await expect(page.getByText('No files yet.')).toBeVisible();
  const subtitles = Buffer.from('1\n00:00:01,000 --> 00:00:02,000\n吾輩は猫である。\n');
  await page.getByLabel('files to upload').setInputFiles([
    { name: '第1話.srt', mimeType: 'application/x-subrip', buffer: subtitles },
    { name: 'lesson.mp3', mimeType: 'audio/mpeg', buffer: randomBytes(300_000) },
    { name: 'con', mimeType: 'application/octet-stream', buffer: Buffer.from('reserved on Windows') },
  ]);
  for (const name of ['第1話.srt', 'lesson.mp3', 'con']) await expect(page.getByLabel(`upload ${name}`).getByText('done')).toBeVisible();
  await expect(page.getByLabel('upload con')).toContainText('saved as _con');
  for (const name of ['第1話.srt', 'lesson.mp3', '_con']) await expect(page.getByLabel(`file ${name}`)).toBeVisible();
  await expect(page.getByLabel('file lesson.mp3')).toContainText('audio/mpeg');
  await expect(page.getByLabel('file lesson.mp3').getByRole('link', { name: 'Video search' })).toBeVisible();
  expect(fs.readFileSync(path.join(app.dataDir, 'uploads', '第1話.srt')).equals(subtitles)).toBe(true);
  await page.getByLabel('file 第1話.srt').getByRole('button', { name: 'Send to Shonagon' }).click();
  await expect(page.getByText('Added “第1話” to the Shonagon library (1 sentence)')).toBeVisible();
  await expect(page.getByLabel('file lesson.mp3').getByRole('button', { name: 'Send to Shonagon' })).toHaveCount(0);

  // The same name again is kept beside the first, never over it.
  await page.getByLabel('files to upload').setInputFiles({ name: '第1話.srt', mimeType: 'application/x-subrip', buffer: Buffer.from('another') });
  await expect(page.getByLabel('file 第1話 (2).srt')).toBeVisible();

  const file = page.getByLabel('file _con');
  await file.getByRole('button', { name: 'Delete' }).click();
  await file.getByRole('button', { name: 'Delete for good?' }).click();
  await expect(file).toHaveCount(0);
  expect(app.output()).not.toContain(token);
});

test.describe('a server killed mid-upload', () => {
  let dataDir: string;
  let servers: RunningApp[] = [];
  let sourcePath: string;

  test.beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-e2e-upload-'));
    sourcePath = path.join(dataDir, '..', `${path.basename(dataDir)}-episode.mp4`);
  });
  test.afterEach(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    servers = [];
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(sourcePath, { force: true });
  });

  test('resumes after a restart and a reload, and the file is intact', async ({ page }) => {
    // Two server start-ups and a 6 MB upload at 1 MB/s.
    test.setTimeout(90_000);
    const original = randomBytes(6_000_000);
    fs.writeFileSync(sourcePath, original);
    const first = await startApp({ DATA_DIR: dataDir, UPLOAD_TOKEN: token });
    servers.push(first);
    const port = new URL(first.url).port;

    await useToken(page, token);
    await page.goto(`${first.url}/upload`);
    // Slow the upload down to a home connection's pace so there is a "mid-upload" to interrupt.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 1024 * 1024 });
    await page.getByLabel('files to upload').setInputFiles(sourcePath);
    const name = path.basename(sourcePath);
    const row = page.getByLabel(`upload ${name}`);
    await expect(row.getByText('uploading')).toBeVisible();

    const partial = path.join(dataDir, 'uploads', '.partial');
    const storedBytes = () => {
      const data = fs.existsSync(partial) ? fs.readdirSync(partial).filter((entry) => !entry.endsWith('.json')) : [];
      return data.length === 1 ? fs.statSync(path.join(partial, data[0])).size : 0;
    };
    await expect.poll(storedBytes, { timeout: 15_000 }).toBeGreaterThan(1024 * 1024);
    first.process.kill('SIGKILL');
    await new Promise((resolve) => first.process.once('exit', resolve));
    const kept = storedBytes();
    expect(kept).toBeLessThan(original.length);
    await expect(row.getByText('reconnecting')).toBeVisible();

    const second = await startApp({ DATA_DIR: dataDir, UPLOAD_TOKEN: token, PORT: port });
    servers.push(second);
    // The page finds the new server on its own and goes on from what the first one stored.
    await expect(row.getByText('uploading')).toBeVisible({ timeout: 15_000 });

    await page.reload();
    const resumable = page.getByLabel(`resumable ${name}`);
    await expect(resumable).toContainText(/resumable · \d+% · [\d.]+ MB of 6\.0 MB on the server/);
    // Still at the slow pace: "resumed" shows only until the upload is done, and unthrottled the
    // rest could finish before the check looks.
    await page.getByLabel('files to upload').setInputFiles(sourcePath);
    await expect(row.getByText('resumed')).toBeVisible();
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expect(row.getByText('done')).toBeVisible({ timeout: 20_000 });
    await expect(resumable).toHaveCount(0);

    const download = page.waitForEvent('download');
    await page.getByLabel(`file ${name}`).getByRole('link', { name: 'Download' }).click();
    const saved = await (await download).path();
    expect(sha256(fs.readFileSync(saved))).toBe(sha256(original));
    expect(fs.readdirSync(partial)).toEqual([]);
  });
});

test('screenshots at 1280 and 390, mid-upload', async ({ page }) => {
  test.setTimeout(60_000);
  await useToken(page, token);
  await page.goto('/upload');
  await page.getByLabel('files to upload').setInputFiles([
    { name: '吾輩は猫である 第一章.txt', mimeType: 'text/plain', buffer: Buffer.from('吾輩は猫である。名前はまだ無い。\n'.repeat(2000)) },
    { name: 'NHK やさしいことば 第12回.mp3', mimeType: 'audio/mpeg', buffer: randomBytes(400_000) },
  ]);
  await expect(page.getByLabel('file NHK やさしいことば 第12回.mp3')).toBeVisible();
  await page.getByRole('button', { name: 'Clear finished' }).click();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 300 * 1024 });
  // From disk: large buffers sent through the browser protocol are slow on a busy machine.
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-shots-'));
  const files = (
    [
      ['千と千尋の神隠し (2001) 日本語字幕付き.mkv', 6],
      ['第1話 字幕.srt', 4],
      ['lesson-03-audio.flac', 4],
      ['日语学习资料（第二册）.epub', 2],
    ] as const
  ).map(([name, megabytes]) => {
    const file = path.join(folder, name);
    fs.writeFileSync(file, randomBytes(megabytes * 1024 * 1024));
    return file;
  });
  await page.getByLabel('files to upload').setInputFiles(files);
  await page.getByLabel('upload lesson-03-audio.flac').getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByLabel('upload 日语学习资料（第二册）.epub').getByText('uploading')).toBeVisible();
  await expect(page.getByLabel('upload 千と千尋の神隠し (2001) 日本語字幕付き.mkv')).toContainText(/KB\/s|MB\/s/);
  await expect(page.getByLabel('upload 千と千尋の神隠し (2001) 日本語字幕付き.mkv')).toContainText(/left/);
  await page.screenshot({ path: '.tmp/shots-upload/upload-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByLabel('upload 第1話 字幕.srt')).toContainText(/left/);
  await page.screenshot({ path: '.tmp/shots-upload/upload-390.png', fullPage: true });
  for (const name of ['千と千尋の神隠し (2001) 日本語字幕付き.mkv', '第1話 字幕.srt', '日语学习资料（第二册）.epub', 'lesson-03-audio.flac']) {
    await page.getByLabel(`upload ${name}`).getByRole('button', { name: 'Cancel' }).click();
  }
  fs.rmSync(folder, { recursive: true, force: true });
});

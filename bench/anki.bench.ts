// "add to Anki" on a video line: from the click in a real Chromium to the note stored in a fake
// AnkiConnect (the clip cut by ffmpeg, the frame, both stored with storeMediaFile, addNote), for
// 5 s lines spread over a 30-minute video. Budget (issue 22): 1 s.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import type { Figure } from './run';
import { seedStorage } from '../e2e/storage';
import { startFakeAnki } from '../test-support/fakes/anki';
import { makeVideo, srt, type Line } from '../test-support/media';
import { startApp } from '../test-support/start-app';

const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];
const videoSeconds = 30 * 60;
const lineSeconds = 5;
/** Lines at these minutes are added, one after another. */
const minutes = [2, 7, 13, 18, 22, 26, 29];

/** A 30-minute VP8/Vorbis video, made once per machine (about a minute and a half of ffmpeg) and kept in the temp folder. */
function longVideo(): string {
  const file = path.join(os.tmpdir(), `kotonoha-anki-bench-${videoSeconds}s.webm`);
  if (fs.existsSync(file)) return file;
  const partial = `${file}.${process.pid}.part.webm`;
  makeVideo(partial, videoSeconds);
  fs.renameSync(partial, file);
  return file;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
};

export default async function bench(): Promise<Figure[]> {
  const source = longVideo();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-anki-bench-'));
  fs.mkdirSync(path.join(dataDir, 'media'));
  const video = path.join(dataDir, 'media', '長編.webm');
  try {
    fs.linkSync(source, video);
  } catch {
    fs.copyFileSync(source, video);
  }
  // A 5 s line every 10 s; each says a word of its own (場面<n>), which the search finds.
  const lines: Line[] = Array.from({ length: videoSeconds / 10 }, (_, index) => ({ start: index * 10 + 1, end: index * 10 + 1 + lineSeconds, text: `場面${index}では図書館で本を読む。` }));
  fs.writeFileSync(path.join(dataDir, 'media', '長編.srt'), srt(lines));

  const anki = await startFakeAnki();
  const app = await startApp({ DATA_DIR: dataDir, ANKICONNECT_URL: anki.url }, { startTimeoutMs: 180_000 });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const timings: number[] = [];
  const clipTimings: number[] = [];
  try {
    await fetch(`${app.url}/api/media`);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await seedStorage(page, { settings: { avsearch: { requestMode: 'EventStream', source: 'local', proxyAllImgs: false, remoteBase: '' } } });
    for (const [round, minute] of minutes.entries()) {
      const index = minute * 6;
      const word = `場面${index}`;
      await page.goto(`${app.url}/av-search`);
      await page.getByRole('search').getByRole('textbox').fill(word);
      await page.getByRole('button', { name: 'search', exact: true }).click();
      await page.getByRole('button', { name: new RegExp(`^play 長編\\.webm at .*${word}で`) }).click();
      const add = page.getByRole('button', { name: `add to Anki: ${word}` });
      await add.and(page.locator('[data-anki-state="ready"]')).waitFor({ timeout: 30_000 });
      await page.evaluate(() => document.querySelector('video')!.pause());
      const before = anki.notes.length;
      const clicked = performance.now();
      await add.click();
      while (anki.notes.length === before) await new Promise((resolve) => setTimeout(resolve, 2));
      // The first round warms the page's chunks and the server's ffmpeg path; it is not counted.
      if (round > 0) timings.push(performance.now() - clicked);
      const note = anki.notes[anki.notes.length - 1];
      if (!/\[sound:kotonoha_.*\.mp3\]/.test(note.fields.Back) || !/<img src="kotonoha_.*\.jpg">/.test(note.fields.Back)) throw new Error(`the note lacks its media: ${note.fields.Back}`);
      const line = lines[index];
      const id = /kotonoha_([0-9a-f]{16})_/.exec(note.fields.Back)![1];
      const cutStarted = performance.now();
      await (await fetch(`${app.url}/api/media/${id}/clip?start=${line.start}&end=${line.end}`)).arrayBuffer();
      clipTimings.push(performance.now() - cutStarted);
    }
  } finally {
    await browser.close();
    await app.stop();
    await anki.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return [
    { name: 'anki video line: click to note added (clip + frame + store + add), median', value: Math.round(percentile(timings, 0.5)), unit: 'ms', budget: 1000, runs: timings.length, lineSeconds, videoMinutes: videoSeconds / 60 },
    { name: 'anki video line: click to note added, slowest', value: Math.round(Math.max(...timings)), unit: 'ms', budget: 1000, runs: timings.length },
    { name: 'anki video line: server cut of a 5 s MP3 clip, median', value: Math.round(percentile(clipTimings, 0.5)), unit: 'ms', runs: clipTimings.length },
  ];
}

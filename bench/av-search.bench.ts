// Video search over a generated library of 1,000 subtitled videos: indexing time per hour of
// subtitles, and over the real server's SSE API the time to the first local result and to `done`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Figure } from './run';
import { CorpusService } from '../src/server/corpus/service';
import { createMediaLibrary } from '../src/server/media/library';
import { readManpages } from '../test-support/manpages-ja';
import { dramaLines, makeVideo, srt, travelLines, type Line } from '../test-support/media';
import { recordingLogger } from '../test-support/recording-logger';
import { startApp } from '../test-support/start-app';

const videos = 1000;
const cuesPerVideo = 60;
const cueSeconds = 4;

/** Subtitle lines from real prose (manpages-ja) when installed, else the test fixtures' dialogue. */
function lines(): string[] {
  const prose = readManpages(400)
    .flatMap((paragraph) => paragraph.split(/(?<=[。！？])/))
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length >= 6 && sentence.length <= 40);
  return prose.length > 200 ? prose : [...dramaLines, ...travelLines].map((line) => line.text);
}

async function timeSearch(url: string, q: string): Promise<{ first: number; done: number; results: number }> {
  const started = performance.now();
  const response = await fetch(`${url}/api/av-search?q=${encodeURIComponent(q)}&source=local`);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let first = NaN;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += value;
    if (Number.isNaN(first) && text.includes('event: result')) first = performance.now() - started;
  }
  return { first, done: performance.now() - started, results: text.split('event: result').length - 1 };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
};

export default async function bench(): Promise<Figure[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-av-bench-'));
  try {
    const media = path.join(dataDir, 'media');
    const base = path.join(dataDir, 'base.webm');
    makeVideo(base, cuesPerVideo * cueSeconds);
    const pool = lines();
    let hours = 0;
    for (let video = 0; video < videos; video++) {
      const dir = path.join(media, `シリーズ${Math.floor(video / 50)}`);
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `第${video + 1}話.webm`);
      fs.linkSync(base, file);
      const cues: Line[] = Array.from({ length: cuesPerVideo }, (_, index) => ({
        start: index * cueSeconds,
        end: index * cueSeconds + cueSeconds - 0.5,
        text: pool[(video * 7 + index * 13) % pool.length],
      }));
      hours += (cuesPerVideo * cueSeconds) / 3600;
      fs.writeFileSync(file.replace(/\.webm$/, '.srt'), srt(cues));
    }

    const { log } = recordingLogger();
    const corpus = new CorpusService(dataDir, log, { lemma: false });
    const library = createMediaLibrary(dataDir, corpus, log);
    const indexStarted = performance.now();
    const listed = await library.list();
    const indexSeconds = (performance.now() - indexStarted) / 1000;
    library.close();
    await corpus.close();
    if (listed.filter((item) => item.docId).length !== videos) throw new Error(`indexed ${listed.length} of ${videos} videos`);

    const app = await startApp({ DATA_DIR: dataDir });
    try {
      await fetch(`${app.url}/api/media`);
      const queries = ['ファイル', 'する', '場合', 'オプション', '表示', '指定'];
      await timeSearch(app.url, queries[0]);
      const runs = [];
      for (let round = 0; round < 3; round++) for (const q of queries) runs.push(await timeSearch(app.url, q));
      const first = runs.map((run) => run.first).filter((value) => !Number.isNaN(value));
      const done = runs.map((run) => run.done);
      return [
        { name: 'index per hour of subtitles', value: Math.round((indexSeconds / hours) * 100) / 100, unit: 's/h', videos, hours: Math.round(hours) },
        { name: 'first local result p50', value: Math.round(percentile(first, 0.5)), unit: 'ms', budget: 200, videos },
        { name: 'first local result p95', value: Math.round(percentile(first, 0.95)), unit: 'ms', videos },
        { name: 'done p50', value: Math.round(percentile(done, 0.5)), unit: 'ms', results: Math.round(runs.reduce((sum, run) => sum + run.results, 0) / runs.length) },
      ];
    } finally {
      await app.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

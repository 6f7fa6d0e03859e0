import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Encoding from 'encoding-japanese';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvResult } from '../../common/av-search';
import { dramaLines, makeVideo, makeVideoWithEmbeddedSubtitles, srt, travelLines } from '../../../test-support/media';
import { recordingLogger } from '../../../test-support/recording-logger';
import { CorpusService } from '../corpus/service';
import { createMediaLibrary, findSidecar, type MediaLibrary } from './library';

let dataDir: string;
let corpus: CorpusService;
let library: MediaLibrary;

async function collect(iterable: AsyncIterable<AvResult>) {
  const out: AvResult[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-media-'));
  const media = path.join(dataDir, 'media');
  makeVideo(path.join(media, 'ドラマ', '第1話.webm'));
  fs.writeFileSync(path.join(media, 'ドラマ', '第1話.ja.srt'), srt(dramaLines));
  makeVideo(path.join(media, '旅行ガイド.webm'));
  // A subtitle file saved by an older Japanese tool: Shift_JIS.
  fs.writeFileSync(path.join(media, '旅行ガイド.srt'), Buffer.from(Encoding.convert(Encoding.stringToCode(srt(travelLines)), { to: 'SJIS', from: 'UNICODE' })));
  const embeddedSrt = path.join(dataDir, 'embedded.srt');
  fs.writeFileSync(embeddedSrt, srt([{ start: 2, end: 4, text: '大丈夫、すぐに戻ります。' }]));
  makeVideoWithEmbeddedSubtitles(path.join(media, 'インタビュー.mkv'), embeddedSrt);
  makeVideo(path.join(media, 'no-subtitles.webm'), 4);
  fs.writeFileSync(path.join(media, 'broken.mp4'), Buffer.from('this is not a video at all'));
  fs.mkdirSync(path.join(dataDir, 'uploads', '.partial'), { recursive: true });
  makeVideo(path.join(dataDir, 'uploads', '.partial', 'half.webm'), 2);
  const { log } = recordingLogger();
  corpus = new CorpusService(dataDir, log, { lemma: false });
  library = createMediaLibrary(dataDir, corpus, log);
  library.watch();
}, 60_000);

afterAll(async () => {
  library.close();
  await corpus.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('findSidecar', () => {
  it('prefers a Japanese subtitle next to the file, then WebVTT', () => {
    expect(findSidecar('/m/ep1.mkv', ['ep1.mkv', 'ep1.en.srt', 'ep1.ja.srt', 'ep10.srt'])).toBe('/m/ep1.ja.srt');
    expect(findSidecar('/m/ep1.mkv', ['ep1.srt', 'ep1.vtt'])).toBe('/m/ep1.vtt');
    expect(findSidecar('/m/ep1.mkv', ['ep10.srt', 'ep1.txt'])).toBeNull();
  });
});

describe('the media library', () => {
  it('finds videos at any depth under media/, reads their subtitles (sidecar UTF-8 or Shift_JIS, or embedded) and names broken files', async () => {
    const items = await library.list();
    const byTitle = Object.fromEntries(items.map((item) => [item.title, item]));
    expect(Object.keys(byTitle).sort()).toEqual(['broken.mp4', 'インタビュー.mkv', 'no-subtitles.webm', '旅行ガイド.webm', '第1話.webm'].sort());
    expect(byTitle['第1話.webm']).toMatchObject({ kind: 'video', error: null });
    expect(byTitle['第1話.webm'].duration).toBeCloseTo(12, 0);
    expect(byTitle['第1話.webm'].docId).not.toBeNull();
    expect(byTitle['旅行ガイド.webm'].subtitles).toContain('朝ご飯を食べてから、お寺に行きました。');
    expect(byTitle['インタビュー.mkv'].subtitles).toContain('大丈夫、すぐに戻ります。');
    expect(byTitle['no-subtitles.webm']).toMatchObject({ docId: null, error: null });
    expect(byTitle['broken.mp4'].error).toMatch(/not a readable media file/);
  }, 60_000);

  it('finds the lines that say a word, with their cue times, in every subtitled file', async () => {
    const results = await collect(library.search('大丈夫', new AbortController().signal));
    const lines = results.map((result) => [result.title, result.cue?.text, result.cue?.start]);
    expect(lines).toEqual(
      expect.arrayContaining([
        ['第1話.webm', '大丈夫？', 3.5],
        ['旅行ガイド.webm', '大丈夫、道はちゃんと覚えています。', 7.5],
        ['インタビュー.mkv', '大丈夫、すぐに戻ります。', 2],
      ]),
    );
    const drama = results.find((result) => result.title === '第1話.webm')!;
    expect(drama.url).toMatch(/^\/api\/media\/[0-9a-f]{16}$/);
    expect(drama.thumb).toBe(`${drama.url}/thumb?t=3`);
    expect(drama.subtitles).toBe(`${drama.url}/subtitles.vtt`);
    expect(drama.cue!.text.slice(drama.match!.start, drama.match!.end)).toBe('大丈夫');
  });

  it('matches titles too', async () => {
    const results = await collect(library.search('旅行', new AbortController().signal));
    expect(results[0]).toMatchObject({ title: '旅行ガイド.webm', match: { start: 0, end: 2 } });
    expect(results[0].cue).toBeUndefined();
  });

  it('picks up a file added later, and forgets one removed, without a restart', async () => {
    const added = path.join(dataDir, 'uploads', '新しい動画.webm');
    makeVideo(added, 4);
    fs.writeFileSync(path.join(dataDir, 'uploads', '新しい動画.srt'), srt([{ start: 1, end: 3, text: 'これは新しく追加した動画です。' }]));
    await expect.poll(async () => (await collect(library.search('追加した', new AbortController().signal))).map((result) => result.title), { timeout: 15_000 }).toEqual(['新しい動画.webm']);

    fs.rmSync(path.join(dataDir, 'media', '旅行ガイド.webm'));
    await expect.poll(async () => (await library.list()).map((item) => item.title), { timeout: 15_000 }).not.toContain('旅行ガイド.webm');
    const results = await collect(library.search('お寺', new AbortController().signal));
    expect(results).toEqual([]);
  }, 60_000);
});

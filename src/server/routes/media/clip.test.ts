import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dramaLines, makeUnevenAudio, makeVideo, srt } from '../../../../test-support/media';
import { startApp, type RunningApp } from '../../../../test-support/start-app';

let app: RunningApp;
let id = '';
let unevenId = '';
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-clip-'));

beforeAll(async () => {
  const dataDir = path.join(scratch, 'data');
  makeVideo(path.join(dataDir, 'media', '第1話.webm'), 12);
  fs.writeFileSync(path.join(dataDir, 'media', '第1話.srt'), srt(dramaLines));
  makeUnevenAudio(path.join(dataDir, 'media', 'uneven.ogg'));
  app = await startApp({ DATA_DIR: dataDir });
  const { media } = (await (await fetch(`${app.url}/api/media`)).json()) as { media: Array<{ id: string; title: string }> };
  id = media.find((item) => item.title.includes('第1話'))!.id;
  unevenId = media.find((item) => item.title.includes('uneven'))!.id;
}, 60_000);
afterAll(async () => {
  await app?.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

function probeDuration(bytes: Buffer): { duration: number; codec: string } {
  const file = path.join(scratch, `clip-${Math.random()}.mp3`);
  fs.writeFileSync(file, bytes);
  const json = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]).toString()) as {
    format: { duration: string };
    streams: Array<{ codec_name: string }>;
  };
  return { duration: Number(json.format.duration), codec: json.streams[0].codec_name };
}

describe('GET /api/media/<id>/clip', () => {
  it('answers the audio of exactly that span as MP3', async () => {
    const line = dramaLines[1];
    const response = await fetch(`${app.url}/api/media/${id}/clip?start=${line.start}&end=${line.end}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    const { duration, codec } = probeDuration(Buffer.from(await response.arrayBuffer()));
    expect(codec).toBe('mp3');
    expect(Math.abs(duration - (line.end - line.start))).toBeLessThan(0.3);
  });

  it('carries its true length in its header, whatever the bit rate of its first frames', async () => {
    // The span starts in loud noise and goes on in a quiet tone: a length guessed from the first
    // frame's bit rate (a VBR MP3 written to a pipe has no Xing header) came out near 57 s.
    const response = await fetch(`${app.url}/api/media/${unevenId}/clip?start=8.5&end=68`);
    expect(response.status).toBe(200);
    const { duration } = probeDuration(Buffer.from(await response.arrayBuffer()));
    expect(Math.abs(duration - 59.5)).toBeLessThanOrEqual(0.1);
  });

  const badSpan = { error: 'start and end must be times in seconds, with end after start', code: 'bad-span' };
  it.each([
    ['start=1', badSpan],
    ['end=3', badSpan],
    ['start=&end=3', badSpan],
    ['start=abc&end=3', badSpan],
    ['start=-1&end=3', badSpan],
    ['start=5&end=4', badSpan],
    ['start=1&end=Infinity', badSpan],
    ['start=0&end=60.5', { error: 'a clip is at most 60 s long', code: 'clip-too-long', params: { max: 60 } }],
    ['start=30&end=31', { error: 'start is past the end of the file (12.0 s)', code: 'start-past-end' }],
  ])('?%s → 400 with its code', async (query, body) => {
    const response = await fetch(`${app.url}/api/media/${id}/clip?${query}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject(body);
  });

  it('an unknown file is 404 whatever its query', async () => {
    const response = await fetch(`${app.url}/api/media/0000000000000000/clip?start=5&end=4`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'no such media file', code: 'no-media' });
  });

  it('a span of up to 60 s is cut; an unknown id is 404 JSON', async () => {
    expect((await fetch(`${app.url}/api/media/${id}/clip?start=0&end=60`)).status).toBe(200);
    const unknown = await fetch(`${app.url}/api/media/0000000000000000/clip?start=0&end=1`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'no such media file', code: 'no-media' });
    const long = await fetch(`${app.url}/api/media/${id}/clip?start=0&end=60.5`);
    expect(await long.json()).toEqual({ error: 'a clip is at most 60 s long', code: 'clip-too-long', params: { max: 60 } });
  });
});

describe('GET /api/media/<id>/thumb', () => {
  it.each(['t=-1', 't=abc', 't=Infinity'])('?%s → 400 bad-time', async (query) => {
    const response = await fetch(`${app.url}/api/media/${id}/thumb?${query}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 't must be a time in seconds', code: 'bad-time' });
  });

  it('an audio file has no picture (404), whatever its query', async () => {
    const response = await fetch(`${app.url}/api/media/${unevenId}/thumb?t=abc`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'audio files have no picture', code: 'no-picture' });
  });

  it('takes the picture at t (0 when unset)', async () => {
    for (const query of ['', '?t=', '?t=2.5']) {
      const response = await fetch(`${app.url}/api/media/${id}/thumb${query}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
    }
  });
});

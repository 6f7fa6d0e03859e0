import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startFakeServer, type FakeServer } from '../../../../test-support/fake-server';
import { createRemoteAvFake } from '../../../../test-support/fakes/av-remote';
import { dramaLines, makeVideo, srt } from '../../../../test-support/media';
import { startApp, type RunningApp } from '../../../../test-support/start-app';

let app: RunningApp;
let remote: FakeServer;
const remoteFake = createRemoteAvFake([]);

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-av-'));
  makeVideo(path.join(dataDir, 'media', '第1話.webm'));
  fs.writeFileSync(path.join(dataDir, 'media', '第1話.srt'), srt(dramaLines));
  remote = await startFakeServer(remoteFake.handler);
  app = await startApp({ DATA_DIR: dataDir });
  // Listing waits for the start-up scan, so every test below sees the indexed library.
  await fetch(`${app.url}/api/media`);
}, 60_000);

afterAll(async () => {
  await app?.stop();
  await remote?.close();
});

interface Received {
  event: string;
  data: Record<string, unknown>;
}

/** The SSE answer as a list of events (the stream ends after `done`). */
async function sse(query: string): Promise<{ status: number; type: string | null; events: Received[] }> {
  const response = await fetch(`${app.url}/api/av-search?${query}`);
  const text = await response.text();
  const events = text
    .split('\n\n')
    .filter((block) => block.includes('event:'))
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)![1];
      const data = JSON.parse(/^data: (.*)$/m.exec(block)![1]) as Record<string, unknown>;
      return { event, data };
    });
  return { status: response.status, type: response.headers.get('content-type'), events };
}

function openSocket(): Promise<{ socket: WebSocket; messages: Array<Record<string, unknown>>; closed: Promise<number> }> {
  const socket = new WebSocket(`${app.url.replace('http', 'ws')}/api/av-search/ws`);
  const messages: Array<Record<string, unknown>> = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data)) as Record<string, unknown>));
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, messages, closed }));
    socket.once('error', reject);
  });
}

describe('GET /api/av-search (Server-Sent Events)', () => {
  it('streams results, then source-done, then done', async () => {
    const { status, type, events } = await sse(`q=${encodeURIComponent('大丈夫')}&source=local`);
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/event-stream/);
    expect(events.map((event) => event.event)).toEqual(['result', 'source-done', 'done']);
    expect(events[0].data).toMatchObject({ source: 'local', title: '第1話.webm', cue: { start: 3.5, end: 5.5, text: '大丈夫？' } });
    expect(events[1].data).toEqual({ source: 'local', count: 1 });
  });

  it('reports a source that cannot run while the others answer', async () => {
    const { events } = await sse(`q=${encodeURIComponent('大丈夫')}&source=local,yunpan,remote&remoteBase=${encodeURIComponent('http://127.0.0.1:9')}`);
    const errors = events.filter((event) => event.event === 'error').map((event) => event.data);
    expect(errors).toEqual(
      expect.arrayContaining([
        { source: 'yunpan', error: 'no XPan access token — paste one in Settings → XPan', code: 'xpan-token' },
        { source: 'remote', error: 'the remote server 127.0.0.1:9 is unreachable', code: 'upstream-unreachable', params: { upstream: '127.0.0.1:9' } },
      ]),
    );
    expect(events.filter((event) => event.event === 'result')).toHaveLength(1);
    expect(events.at(-1)).toEqual({ event: 'done', data: { count: 1 } });
  });

  it('codes a remote source without a usable address', async () => {
    const missing = await sse(`q=a&source=remote`);
    expect(missing.events.find((event) => event.event === 'error')?.data).toEqual({
      source: 'remote',
      error: 'the remote source needs a server address (Settings → Search → remote server)',
      code: 'remote-base-missing',
    });
    const bad = await sse(`q=a&source=remote&remoteBase=${encodeURIComponent('https://x.example/api')}`);
    expect(bad.events.find((event) => event.event === 'error')?.data).toMatchObject({ source: 'remote', code: 'bad-remote-base', params: { value: 'https://x.example/api' } });
  });

  it.each([
    ['no query', 'source=local', /q is missing/, { code: 'query-missing' }],
    ['no source', 'q=a', /source is missing/, { code: 'source-missing' }],
    ['an unknown source', 'q=a&source=youtube', /unknown source: youtube/, { code: 'unknown-source', params: { sources: 'youtube' } }],
    ['a blank query', 'q=%20%20&source=local', /q is missing/, { code: 'query-missing' }],
    ['neither', '', /source is missing/, { code: 'source-missing' }],
    ['a query over 100 characters', `q=${'あ'.repeat(101)}&source=local`, /longer than 100/, { code: 'av-query-too-long', params: { max: 100 } }],
  ])('answers 400 JSON for %s, with its code', async (_label, query, message, coded) => {
    const response = await fetch(`${app.url}/api/av-search?${query}`);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toMatch(message);
    expect(body).toEqual({ error: body.error, ...coded });
  });
});

describe('/api/av-search/ws', () => {
  it('reports a failing source with its code, as the event stream does', async () => {
    const { socket, messages } = await openSocket();
    socket.send(JSON.stringify({ q: '大丈夫', source: ['local', 'yunpan'] }));
    await expect.poll(() => messages.at(-1)?.type).toBe('done');
    expect(messages).toContainEqual({ type: 'error', source: 'yunpan', error: 'no XPan access token — paste one in Settings → XPan', code: 'xpan-token' });
    socket.close();
  });

  it('answers a search with the same events', async () => {
    const { socket, messages } = await openSocket();
    socket.send(JSON.stringify({ q: '行こう', source: ['local'] }));
    await expect.poll(() => messages.at(-1)?.type).toBe('done');
    expect(messages.map((message) => message.type)).toEqual(['result', 'source-done', 'done']);
    expect(messages[0]).toMatchObject({ type: 'result', source: 'local', cue: { text: '駅まで一緒に行こうか。' } });
    socket.close();
  });

  it('answers garbage with a coded error and stays open', async () => {
    const { socket, messages } = await openSocket();
    socket.send('{"q": 1');
    socket.send(JSON.stringify({ q: '', source: 'local' }));
    socket.send(JSON.stringify({ q: '  ', source: 'local' }));
    socket.send(JSON.stringify({ q: '猫', source: ['local', 'youtube'] }));
    await expect.poll(() => messages.length).toBe(4);
    const notRequest = { type: 'error', error: 'not a search request: expected {"q","source","remoteBase"?,"access_token"?}', code: 'av-bad-message' };
    expect(messages).toEqual([
      notRequest,
      notRequest,
      { type: 'error', error: 'q is missing', code: 'query-missing' },
      { type: 'error', error: 'unknown source: youtube (use local, remote or yunpan)', code: 'unknown-source', params: { sources: 'youtube' } },
    ]);
    socket.send(JSON.stringify({ q: '大丈夫', source: 'local' }));
    await expect.poll(() => messages.at(-1)?.type).toBe('done');
    socket.close();
  });

  it('closes a socket that floods it', async () => {
    const { socket, messages, closed } = await openSocket();
    for (let index = 0; index < 20; index++) socket.send(JSON.stringify({ q: `猫${index}`, source: 'local' }));
    expect(await closed).toBe(1008);
    expect(messages).toContainEqual({ type: 'error', error: 'more than 5 searches a second; closing', code: 'av-too-many-searches', params: { max: 5 } });
  });

  it('stops the work when the client goes away', async () => {
    remoteFake.state.reset();
    remoteFake.state.mode = 'hang';
    const { socket } = await openSocket();
    socket.send(JSON.stringify({ q: '大丈夫', source: 'remote', remoteBase: remote.url }));
    await expect.poll(() => remoteFake.state.received).toBe(1);
    socket.close();
    await expect.poll(() => remoteFake.state.closed).toBe(1);
  });
});

describe('GET /api/media', () => {
  it('serves the file with Range, its subtitles as WebVTT, and a thumbnail', async () => {
    const { media } = (await (await fetch(`${app.url}/api/media`)).json()) as { media: Array<{ id: string; title: string; subtitles: boolean }> };
    expect(media).toMatchObject([{ title: '第1話.webm', subtitles: true }]);
    const file = `${app.url}/api/media/${media[0].id}`;
    const part = await fetch(file, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toMatch(/^bytes 100-199\/\d+$/);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    const vtt = await fetch(`${file}/subtitles.vtt`);
    expect(vtt.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(await vtt.text()).toMatch(/^WEBVTT[\s\S]*00:03\.500 --> 00:05\.500\n大丈夫？顔色が悪いよ。/);
    const thumb = await fetch(`${file}/thumb?t=3`);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await thumb.arrayBuffer()).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect((await fetch(`${app.url}/api/media/0000000000000000`)).status).toBe(404);
    expect((await fetch(`${app.url}/api/media/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
  });
});

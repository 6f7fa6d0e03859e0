import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '../../test-support/fake-server';
import { recordingLogger } from '../../test-support/recording-logger';
import { createApp } from './app';
import { parseEnv } from './env';
import { clientClosedStatus } from './relay';

/**
 * Every relay treats a browser that leaves mid-answer the same way (issue 8): the upstream call is
 * aborted, and one log line says so with the one client-closed status.
 */
let upstream: FakeServer;
let reached: (() => void) | undefined;
const { log, lines } = recordingLogger();
let app: ReturnType<typeof createApp>;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-relay-gone-'));

beforeAll(async () => {
  // Sends its headers and a first piece of the answer, then stays silent until the relay hangs up.
  upstream = await startFakeServer(async (request, response) => {
    const audio = request.url?.endsWith('.mp3');
    response.writeHead(200, { 'content-type': audio ? 'audio/mpeg' : request.url?.includes('makemp3') ? 'application/json' : 'text/event-stream' });
    response.write(audio ? Buffer.alloc(512) : request.url?.includes('makemp3') ? '{"Error":0,' : 'data: first\n\n');
    reached?.();
    await new Promise((resolve) => response.on('close', resolve));
  });
  const env = parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PROXY_ALLOW_ORIGINS: upstream.url, UPSTREAM_NIUTRANS: upstream.url, UPSTREAM_TTSMP3: upstream.url });
  app = createApp({ env, log });
});
afterAll(async () => {
  await upstream.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const relays: Array<{ area: string; path: string; init?: RequestInit; streams: boolean }> = [
  { area: 'proxy', path: '/api/proxy/v1/chat/completions', init: { method: 'POST', headers: { 'x-proxy-target': '' }, body: '{}' }, streams: true },
  {
    area: 'niutrans',
    path: '/NiuTransServer/translation',
    init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"apikey":"k","from":"ja","to":"zh","src_text":"猫"}' },
    streams: true,
  },
  { area: 'niutrans', path: '/v2/image/translate/download/42?appId=a&type=1', streams: true },
  {
    area: 'tts',
    path: '/makemp3_new.php',
    init: { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'msg=%E7%8C%AB&lang=Takumi&source=ttsmp3' },
    streams: false,
  },
  { area: 'tts-audio', path: '/api/tts/mp3/created_mp3/abc.mp3', streams: true },
];

describe('a client that goes away mid-answer', () => {
  it.each(relays)('$area $path: the upstream is aborted, logged once as client closed (499)', async ({ area, path: url, init, streams }) => {
    lines.length = 0;
    const upstreamReached = new Promise<void>((resolve) => (reached = resolve));
    const client = new AbortController();
    const headers = new Headers(init?.headers);
    if (headers.has('x-proxy-target')) headers.set('x-proxy-target', upstream.url);
    const answer = app.request(url, { ...init, headers, signal: client.signal });
    await upstreamReached;
    if (streams) {
      // The browser has the headers and a first piece, then leaves.
      const response = await answer;
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      expect((await reader.read()).done).toBe(false);
      client.abort();
      await reader.read().catch(() => undefined);
    } else {
      // The relay is still reading the upstream's answer when the browser leaves.
      client.abort();
      expect((await answer).status).toBe(clientClosedStatus);
    }
    await expect.poll(() => lines.filter((line) => line.includes('"m":"relay client closed"')).length).toBe(1);
    const logged = JSON.parse(lines.find((line) => line.includes('"m":"relay client closed"'))!);
    expect(logged).toMatchObject({ area, status: clientClosedStatus });
    expect(lines.join('\n')).not.toContain('猫');
  });
});

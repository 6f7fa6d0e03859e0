// Time to first byte of a streamed completion through /api/proxy versus straight to the upstream,
// both on loopback against a local fake that answers at once (issue 3: ≤ 5 ms median overhead).
// The app runs in this process (createApp + @hono/node-server, as main.ts serves it): on a shared
// 2-core machine a second process mostly measured the scheduler, not the relay.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from '../src/server/app';
import { parseEnv } from '../src/server/env';
import { startFakeServer } from '../test-support/fake-server';
import { openaiWire } from '../test-support/fakes/ai-wire';
import type { Figure } from './run';

const rounds = 200;
const warmup = 20;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function timeToFirstByte(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer bench', ...headers }, body: '{"model":"m","stream":true}' });
  const reader = response.body!.getReader();
  await reader.read();
  const elapsed = performance.now() - started;
  // Drain the rest so the connection is reused for the next round, as a browser's would be.
  while (!(await reader.read()).done);
  return elapsed;
}

export default async function proxyBench(): Promise<Figure[]> {
  const frames = openaiWire.streamEvents.map((event) => `${event}\n\n`);
  const fake = await startFakeServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const frame of frames) response.write(frame);
    response.end();
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-bench-'));
  // LOG_LEVEL warn: the per-request info line would mix into the bench's JSON output.
  const app = createApp({ env: parseEnv({ PROXY_ALLOW_ORIGINS: fake.url, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }) });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const directUrl = `${fake.url}/v1/chat/completions`;
    const proxyUrl = `${appUrl}/api/proxy/v1/chat/completions`;
    const proxyHeaders = { 'x-proxy-target': fake.url };
    for (let i = 0; i < warmup; i += 1) {
      await timeToFirstByte(directUrl, {});
      await timeToFirstByte(proxyUrl, proxyHeaders);
    }
    const direct: number[] = [];
    const proxied: number[] = [];
    // Interleaved so that machine noise (2 shared cores) lands on both series alike.
    for (let i = 0; i < rounds; i += 1) {
      direct.push(await timeToFirstByte(directUrl, {}));
      proxied.push(await timeToFirstByte(proxyUrl, proxyHeaders));
    }
    const round = (value: number) => Math.round(value * 100) / 100;
    return [
      { name: 'proxy TTFB overhead (median)', value: round(median(proxied) - median(direct)), unit: 'ms', budget: 5, rounds },
      { name: 'direct TTFB median', value: round(median(direct)), unit: 'ms', p95: round(percentile(direct, 95)) },
      { name: 'proxied TTFB median', value: round(median(proxied)), unit: 'ms', p95: round(percentile(proxied, 95)) },
    ];
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await fake.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

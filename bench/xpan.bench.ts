// Time to list a 10,000-entry drive folder page by page (issue 11) through /api/xpan against the
// local fake Baidu Netdisk, with the page size the screen uses, next to the same walk straight to
// the fake. The app runs in this process (createApp + @hono/node-server, as main.ts serves it).
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { xpanListSchema, xpanPageSize } from '../src/common/xpan';
import { createApp } from '../src/server/app';
import { parseEnv } from '../src/server/env';
import { startFakeServer } from '../test-support/fake-server';
import { createXpanFake } from '../test-support/fakes/xpan';
import type { Figure } from './run';

const entries = 10_000;
const rounds = 7;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Walks the folder as the screen does: start=0, 500, … until a short page. */
async function walk(base: string, token: string): Promise<{ ms: number; count: number; pages: number }> {
  const started = performance.now();
  let count = 0;
  let pages = 0;
  for (let start = 0; ; start += xpanPageSize) {
    const query = new URLSearchParams({ method: 'list', dir: '/単語カード', order: 'name', desc: '0', start: String(start), limit: String(xpanPageSize), web: '1', access_token: token });
    const answer = xpanListSchema.parse(await (await fetch(`${base}/rest/2.0/xpan/file?${query}`)).json());
    if (answer.errno !== 0) throw new Error(`errno ${answer.errno}`);
    pages += 1;
    count += answer.list?.length ?? 0;
    if ((answer.list?.length ?? 0) < xpanPageSize) break;
  }
  return { ms: performance.now() - started, count, pages };
}

export default async function xpanBench(): Promise<Figure[]> {
  const fake = createXpanFake({ bigFolderEntries: entries });
  const upstream = await startFakeServer(fake.handler);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-bench-'));
  const app = createApp({ env: parseEnv({ UPSTREAM_XPAN: upstream.url, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }) });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const token = fake.state.token;
    const relayBase = `${appUrl}/api/xpan`;
    await walk(relayBase, token);
    await walk(upstream.url, token);
    const relayed: number[] = [];
    const direct: number[] = [];
    let pages = 0;
    for (let i = 0; i < rounds; i += 1) {
      const viaRelay = await walk(relayBase, token);
      if (viaRelay.count !== entries) throw new Error(`listed ${viaRelay.count} of ${entries} entries`);
      pages = viaRelay.pages;
      relayed.push(viaRelay.ms);
      direct.push((await walk(upstream.url, token)).ms);
    }
    const round = (value: number) => Math.round(value * 10) / 10;
    return [
      { name: `list a ${entries}-entry folder through /api/xpan (median)`, value: round(median(relayed)), unit: 'ms', budget: 2000, pages, pageSize: xpanPageSize, rounds },
      { name: `list a ${entries}-entry folder straight from the fake (median)`, value: round(median(direct)), unit: 'ms', pages },
      { name: 'relay time per page (median)', value: round((median(relayed) - median(direct)) / pages), unit: 'ms' },
    ];
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await upstream.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

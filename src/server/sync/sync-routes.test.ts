import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changesAnswerSchema, openAnswerSchema, pushAnswerSchema, snapshotAnswerSchema, snapshotsAnswerSchema } from '../../common/sync';
import { recordingLogger } from '../../../test-support/recording-logger';
import { startApp } from '../../../test-support/start-app';
import { createApp } from '../app';
import { parseEnv } from '../env';
import { syncRoutes, syncTokenHeader } from './sync-routes';
import { VaultStore } from './vault-store';

const key32 = () => crypto.randomBytes(32).toString('base64url');
const sealed = (text: string) => Buffer.from(`sealed:${text}`).toString('base64');

let dataDir: string;
let store: VaultStore;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-sync-'));
});
afterEach(() => {
  store?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function api(options: { limits?: ConstructorParameters<typeof VaultStore>[1]; requestsPerMinute?: number; waitersPerVault?: number } = {}) {
  store = new VaultStore(dataDir, options.limits);
  const { log, lines } = recordingLogger();
  const app = createApp({ env: parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'debug' }), log, vaults: store });
  const { requestsPerMinute, waitersPerVault } = options;
  const routes = requestsPerMinute || waitersPerVault ? syncRoutes(store, { requestsPerMinute, waitersPerVault }) : null;
  const request = (vault: string, token: string | undefined, suffix: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (token) headers.set(syncTokenHeader, token);
    if (init.body) headers.set('content-type', 'application/json');
    return routes ? routes.request(`/${vault}/${suffix}`, { ...init, headers }) : app.request(`/api/sync/${vault}/${suffix}`, { ...init, headers });
  };
  const push = (vault: string, token: string, records: unknown[]) => request(vault, token, 'records', { method: 'POST', body: JSON.stringify({ records }) });
  return { app, request, push, lines };
}

/** A vault opened with its token. */
async function opened(request: ReturnType<typeof api>['request']) {
  const vault = key32();
  const token = key32();
  expect((await request(vault, token, 'open', { method: 'POST' })).status).toBe(200);
  return { vault, token };
}

/** Whether a promise has settled, without waiting for it. */
function settledFlag(answer: Response | Promise<Response>) {
  const flag = { settled: false };
  void Promise.resolve(answer).then(
    () => (flag.settled = true),
    () => (flag.settled = true),
  );
  return flag;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function body(response: Response) {
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('/api/sync', () => {
  it('makes a vault on first open with its token, opens it again with the same token, and refuses another', async () => {
    const { request } = api();
    const vault = key32();
    const token = key32();
    expect(openAnswerSchema.parse((await body(await request(vault, token, 'open', { method: 'POST' }))).json)).toEqual({ created: true, seq: 0, bytes: 0 });
    expect((await body(await request(vault, token, 'open', { method: 'POST' }))).json).toEqual({ created: false, seq: 0, bytes: 0 });
    expect(await body(await request(vault, key32(), 'open', { method: 'POST' }))).toMatchObject({ status: 401, json: { code: 'sync-token' } });
    expect(await body(await request(vault, undefined, 'open', { method: 'POST' }))).toMatchObject({ status: 401, json: { code: 'sync-token' } });
    expect(await body(await request('not-a-vault', token, 'open', { method: 'POST' }))).toMatchObject({ status: 400, json: { code: 'invalid-input', params: { field: 'vault' } } });
    expect(await body(await request(key32(), token, 'changes'))).toMatchObject({ status: 404, json: { code: 'sync-no-vault' } });
  });

  it('numbers every write, answers the changes since a number page by page, and keeps tombstones', async () => {
    const { request, push } = api();
    const vault = key32();
    const token = key32();
    await request(vault, token, 'open', { method: 'POST' });
    const first = pushAnswerSchema.parse((await body(await push(vault, token, [
      { id: 'chat.session:a', type: 'chat.session', ciphertext: sealed('a') },
      { id: 'chat.message:a1', type: 'chat.message', ciphertext: sealed('a1') },
      { id: 'settings:aichat', type: 'settings', ciphertext: sealed('aichat') },
    ]))).json);
    expect(first.results).toEqual([{ id: 'chat.session:a', seq: 1 }, { id: 'chat.message:a1', seq: 2 }, { id: 'settings:aichat', seq: 3 }]);
    expect(first.seq).toBe(3);
    // The session deleted: a tombstone with the next number, so a device that saw 3 learns of it.
    await push(vault, token, [{ id: 'chat.session:a', type: 'chat.session', ciphertext: '', deleted: true }]);

    const all = changesAnswerSchema.parse((await body(await request(vault, token, 'changes?since=0'))).json);
    expect(all.seq).toBe(4);
    expect(all.records.map((record) => [record.id, record.seq, record.deleted])).toEqual([
      ['chat.message:a1', 2, false],
      ['settings:aichat', 3, false],
      ['chat.session:a', 4, true],
    ]);
    expect(Buffer.from(all.records[0].ciphertext, 'base64').toString()).toBe('sealed:a1');
    const page = changesAnswerSchema.parse((await body(await request(vault, token, 'changes?since=2&limit=1'))).json);
    expect(page).toMatchObject({ seq: 4, more: true, records: [{ id: 'settings:aichat', seq: 3 }] });
    expect(await body(await request(vault, token, 'changes?since=-1'))).toMatchObject({ status: 400, json: { code: 'invalid-input' } });
    expect(await body(await request(vault, key32(), 'changes'))).toMatchObject({ status: 401, json: { code: 'sync-token' } });
  });

  it('writes over a record only at the version a device read (ifSeq), and reports the others', async () => {
    const { request, push } = api();
    const vault = key32();
    const token = key32();
    await request(vault, token, 'open', { method: 'POST' });
    await push(vault, token, [{ id: 'settings:theme', type: 'settings', ciphertext: sealed('dark') }]);
    const answer = pushAnswerSchema.parse((await body(await push(vault, token, [
      { id: 'settings:theme', type: 'settings', ciphertext: sealed('light'), ifSeq: 0 },
      { id: 'settings:language', type: 'settings', ciphertext: sealed('ja'), ifSeq: 0 },
    ]))).json);
    expect(answer.results).toEqual([{ id: 'settings:theme', conflict: 1 }, { id: 'settings:language', seq: 2 }]);
    const records = changesAnswerSchema.parse((await body(await request(vault, token, 'changes'))).json).records;
    expect(Buffer.from(records.find((record) => record.id === 'settings:theme')!.ciphertext, 'base64').toString()).toBe('sealed:dark');
  });

  it('refuses a record or a vault over its limit with 413, and writes nothing of that push', async () => {
    const { request, push } = api({ limits: { recordBytes: 64, vaultBytes: 200, snapshots: 10 } });
    const vault = key32();
    const token = key32();
    await request(vault, token, 'open', { method: 'POST' });
    const big = Buffer.alloc(65).toString('base64');
    expect(await body(await push(vault, token, [{ id: 'ok', type: 'note', ciphertext: sealed('x') }, { id: 'big', type: 'note', ciphertext: big }]))).toMatchObject({
      status: 413,
      json: { code: 'sync-record-too-large', params: { id: 'big', size: 65, max: 64 } },
    });
    const fits = Buffer.alloc(60).toString('base64');
    for (const id of ['a', 'b', 'c']) expect((await push(vault, token, [{ id, type: 'note', ciphertext: fits }])).status).toBe(200);
    expect(await body(await push(vault, token, [{ id: 'd', type: 'note', ciphertext: fits }]))).toMatchObject({ status: 413, json: { code: 'sync-vault-full', params: { size: 240, max: 200 } } });
    // Replacing a record counts its new size only.
    expect((await push(vault, token, [{ id: 'a', type: 'note', ciphertext: Buffer.alloc(10).toString('base64') }])).status).toBe(200);
    const changes = changesAnswerSchema.parse((await body(await request(vault, token, 'changes'))).json);
    expect(changes.records.map((record) => record.id)).toEqual(['b', 'c', 'a']);
    expect(await body(await push(vault, token, []))).toMatchObject({ status: 400, json: { code: 'invalid-input' } });
    expect(await body(await push(vault, token, [{ id: '../x', type: 'note', ciphertext: '' }]))).toMatchObject({ status: 400, json: { code: 'invalid-input' } });
  });

  it('slows a vault that asks too often with 429, saying when to try again', async () => {
    const { request } = api({ requestsPerMinute: 3 });
    const vault = key32();
    const token = key32();
    for (let count = 0; count < 3; count++) expect((await request(vault, token, 'open', { method: 'POST' })).status).toBe(200);
    const refused = await body(await request(vault, token, 'open', { method: 'POST' }));
    expect(refused).toMatchObject({ status: 429, json: { code: 'sync-rate' } });
    expect((refused.json.params as { seconds: number }).seconds).toBeGreaterThan(0);
    // Another vault is not slowed by this one.
    expect((await request(key32(), token, 'open', { method: 'POST' })).status).toBe(200);
  });

  it('keeps the vault as it stood before the first write of each of its last ten days', async () => {
    store = new VaultStore(dataDir);
    const vault = key32();
    const token = key32();
    store.open(vault, token);
    const day = (n: number) => Date.UTC(2026, 10, n, 12);
    for (let n = 1; n <= 13; n++) store.push(vault, token, [{ id: `note:${n}`, type: 'note', ciphertext: sealed(String(n)) }], day(n));
    // A second write on day 13 makes no second snapshot of it.
    store.push(vault, token, [{ id: 'note:1', type: 'note', ciphertext: '', deleted: true }], day(13) + 1000);
    const snapshots = snapshotsAnswerSchema.parse({ snapshots: store.snapshots(vault, token) }).snapshots;
    expect(snapshots.map((snapshot) => snapshot.day)).toEqual(Array.from({ length: 10 }, (_, index) => `2026-11-${String(13 - index).padStart(2, '0')}`));
    const day13 = snapshotAnswerSchema.parse(store.snapshot(vault, token, '2026-11-13'));
    expect(day13.records.map((record) => record.id).sort()).toEqual(Array.from({ length: 12 }, (_, index) => `note:${index + 1}`).sort());
    expect(day13.records.every((record) => !record.deleted)).toBe(true);
    expect(() => store.snapshot(vault, token, '2026-11-01')).toThrow(/No snapshot/);
  });

  it('logs neither the token nor any ciphertext', async () => {
    const { request, push, lines } = api();
    const vault = key32();
    const token = key32();
    await request(vault, token, 'open', { method: 'POST' });
    await push(vault, token, [{ id: 'chat.message:x', type: 'chat.message', ciphertext: sealed('秘密の会話') }]);
    await request(vault, token, 'changes');
    const logged = lines.join('\n');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(sealed('秘密の会話'));
  });
});

describe('/api/sync/<vault>/changes?wait=S (a long poll)', () => {
  it('holds the answer until a push to its vault, then answers with that record at once; a push to another vault does not wake it', async () => {
    const { request, push } = api();
    const { vault, token } = await opened(request);
    await push(vault, token, [{ id: 'note:old', type: 'note', ciphertext: sealed('old') }]);
    const other = await opened(request);

    const held = request(vault, token, 'changes?since=1&wait=10');
    const answered = settledFlag(held);
    await expect.poll(() => store.waiting(vault)).toBe(1);
    expect((await push(other.vault, other.token, [{ id: 'note:elsewhere', type: 'note', ciphertext: sealed('elsewhere') }])).status).toBe(200);
    await pause(300);
    expect(answered.settled).toBe(false);
    expect(store.waiting(vault)).toBe(1);

    expect((await push(vault, token, [{ id: 'note:new', type: 'note', ciphertext: sealed('new') }])).status).toBe(200);
    const pushed = performance.now();
    const answer = await body(await held);
    expect(performance.now() - pushed).toBeLessThan(200);
    expect(answer.status).toBe(200);
    const changes = changesAnswerSchema.parse(answer.json);
    expect(changes).toMatchObject({ seq: 2, more: false, records: [{ id: 'note:new', seq: 2 }] });
    expect(Buffer.from(changes.records[0].ciphertext, 'base64').toString()).toBe('sealed:new');
    expect(store.waiting(vault)).toBe(0);
  });

  it('answers at once when there are changes already, and with none when the wait ends', async () => {
    const { request, push } = api();
    const { vault, token } = await opened(request);
    await push(vault, token, [{ id: 'note:a', type: 'note', ciphertext: sealed('a') }]);
    let started = performance.now();
    expect(changesAnswerSchema.parse((await body(await request(vault, token, 'changes?since=0&wait=30'))).json).records).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(500);

    started = performance.now();
    const answer = await body(await request(vault, token, 'changes?since=1&wait=1'));
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(answer).toEqual({ status: 200, json: { seq: 1, records: [], more: false } });
    expect(store.waiting(vault)).toBe(0);
  });

  it('refuses a wrong token or an unknown vault at once, without waiting', async () => {
    const { request } = api();
    const { vault } = await opened(request);
    const started = performance.now();
    expect(await body(await request(vault, key32(), 'changes?wait=30'))).toMatchObject({ status: 401, json: { code: 'sync-token' } });
    expect(await body(await request(key32(), key32(), 'changes?wait=30'))).toMatchObject({ status: 404, json: { code: 'sync-no-vault' } });
    expect(performance.now() - started).toBeLessThan(500);
    expect(store.waiting(vault)).toBe(0);
    expect(await body(await request(vault, key32(), 'changes?wait=-1'))).toMatchObject({ status: 400, json: { code: 'invalid-input', params: { field: 'wait' } } });
  });

  it('drops the waiter when the client goes away (over real HTTP)', async () => {
    const { app, request } = api();
    const { vault, token } = await opened(request);
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const client = new AbortController();
      const { port } = server.address() as AddressInfo;
      const held = fetch(`http://127.0.0.1:${port}/api/sync/${vault}/changes?wait=30`, { headers: { [syncTokenHeader]: token }, signal: client.signal }).catch(() => 'aborted');
      await expect.poll(() => store.waiting(vault)).toBe(1);
      client.abort();
      expect(await held).toBe('aborted');
      await expect.poll(() => store.waiting(vault)).toBe(0);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('holds at most so many requests per vault (another answers at once), and counts a held request once against the rate', async () => {
    const { request, push } = api({ waitersPerVault: 1, requestsPerMinute: 5 });
    const { vault, token } = await opened(request);
    const held = request(vault, token, 'changes?wait=10');
    await expect.poll(() => store.waiting(vault)).toBe(1);
    const started = performance.now();
    expect(await body(await request(vault, token, 'changes?wait=10'))).toEqual({ status: 200, json: { seq: 0, records: [], more: false } });
    expect(performance.now() - started).toBeLessThan(500);
    await push(vault, token, [{ id: 'note:a', type: 'note', ciphertext: sealed('a') }]);
    expect(changesAnswerSchema.parse((await body(await held)).json).records).toHaveLength(1);
    // open, held, at once, push: four; the fifth is the last this minute.
    expect((await request(vault, token, 'changes')).status).toBe(200);
    expect((await request(vault, token, 'changes')).status).toBe(429);
  });
});

describe('a server killed right after it answered a push', { timeout: 60_000 }, () => {
  it('still has every record it acknowledged when it starts again', async () => {
    const vault = key32();
    const token = key32();
    const first = await startApp({ DATA_DIR: dataDir });
    const call = (url: string, suffix: string, init: RequestInit = {}) =>
      fetch(`${url}/api/sync/${vault}/${suffix}`, { ...init, headers: { [syncTokenHeader]: token, 'content-type': 'application/json' } });
    await call(first.url, 'open', { method: 'POST' });
    const records = Array.from({ length: 50 }, (_, index) => ({ id: `chat.message:${index}`, type: 'chat.message', ciphertext: sealed(`message ${index}`) }));
    const acknowledged = pushAnswerSchema.parse(await (await call(first.url, 'records', { method: 'POST', body: JSON.stringify({ records }) })).json());
    first.process.kill('SIGKILL');
    await new Promise((resolve) => first.process.once('exit', resolve));
    const second = await startApp({ DATA_DIR: dataDir });
    try {
      const changes = changesAnswerSchema.parse(await (await call(second.url, 'changes')).json());
      expect(changes.seq).toBe(acknowledged.seq);
      expect(changes.records).toHaveLength(50);
    } finally {
      await second.stop();
    }
  });
});

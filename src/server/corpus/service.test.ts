import fs from 'node:fs';
import { once } from 'node:events';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manpagesCorpus } from '../../../test-support/manpages-ja';
import { createApp } from '../app';
import { parseEnv } from '../env';
import { createLogger } from '../log';
import { interruptedReason } from './corpus';
import { ReadError } from './search-pool';
import { CorpusService } from './service';

const log = createLogger('silent');
let dataDir: string;
const services: CorpusService[] = [];

/** Waits, change by change, until `check` holds: the service says when its imports or readers move. */
async function until(corpus: CorpusService, check: () => boolean) {
  while (!check()) await once(corpus.changes, 'change');
}

function service(dir = dataDir) {
  const created = new CorpusService(dir, log, { lemma: false, readers: 2 });
  services.push(created);
  return created;
}

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-service-'));
});

afterAll(async () => {
  await Promise.all(services.map((each) => each.close()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// Worker threads start under tsx in seconds on a busy machine.
describe('CorpusService', { timeout: 120_000 }, () => {
  it('searches in reader threads: the event loop answers other requests while a search runs', async () => {
    const dir = fs.mkdtempSync(path.join(dataDir, 'loop-'));
    const corpus = service(dir);
    const env = parseEnv({ DATA_DIR: dir, LOG_LEVEL: 'silent', KOTONOHA_DIST_DIR: path.join(os.tmpdir(), 'kotonoha-none') });
    const app = createApp({ env, corpus, log });
    await corpus.importDocument({ kind: 'text', text: manpagesCorpus(1_500_000) }, { title: 'man' });
    await corpus.search({ q: 'ファイル' });
    const order: string[] = [];
    const heavy = Promise.resolve(app.request(`/shonagon_api/search?${new URLSearchParams({ q: 'の', sort: 'random', seed: 'loop', limit: '500', width: '200' })}`)).then((response) => {
      order.push('search');
      return response;
    });
    const health = Promise.resolve(app.request('/api/health')).then((response) => {
      order.push('health');
      return response;
    });
    expect((await health).status).toBe(200);
    const answer = await heavy;
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { items: unknown[] }).items).toHaveLength(500);
    expect(order).toEqual(['health', 'search']);
  });

  it('answers GET /api/health ahead of searches that reached the event loop before it', async () => {
    const dir = fs.mkdtempSync(path.join(dataDir, 'ahead-'));
    const corpus = service(dir);
    const env = parseEnv({ DATA_DIR: dir, LOG_LEVEL: 'silent', KOTONOHA_DIST_DIR: path.join(os.tmpdir(), 'kotonoha-none') });
    const app = createApp({ env, corpus, log });
    await corpus.importDocument({ kind: 'text', text: manpagesCorpus(200_000) }, { title: 'man' });
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as net.AddressInfo;
    const request = (target: string) => `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`;
    const search = request(`/shonagon_api/search?${new URLSearchParams({ q: 'ファイル', limit: '100' })}`);
    // 64 searching clients and a prober, each on a kept-alive connection, each asked once already:
    // the searches' answer is remembered, so each is main-thread work only, like most under load.
    const sockets = await Promise.all(
      Array.from({ length: 65 }, (_, i) => {
        const socket = net.connect(port, '127.0.0.1');
        return new Promise<net.Socket>((resolve) => {
          socket.once('data', () => resolve(socket));
          socket.write(i < 64 ? search : request('/api/health'));
        });
      }),
    );
    const answered: string[] = [];
    const answers = sockets.map((socket, i) => new Promise<void>((resolve) => socket.once('data', () => resolve(void answered.push(i < 64 ? 'search' : 'health')))));
    // All at once, the prober last: the server's event loop finds every request waiting.
    for (const [i, socket] of sockets.entries()) socket.write(i < 64 ? search : request('/api/health'));
    await Promise.all(answers);
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
    expect(answered.indexOf('health')).toBe(0);
  });

  it('stops a search whose caller gave up inside its reader, which stays in service', async () => {
    const dir = fs.mkdtempSync(path.join(dataDir, 'cancel-'));
    const corpus = service(dir);
    await corpus.importDocument({ kind: 'text', text: manpagesCorpus(300_000) }, { title: 'man' });
    const controller = new AbortController();
    // The first read starts a reader, which takes far longer than this to come up: the search
    // finds itself cancelled at its first check.
    const cancelled = corpus.search({ q: 'の', limit: 500 }, controller.signal);
    await until(corpus, () => corpus.readerStats()?.reads === 1);
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ kind: 'cancelled' });
    await expect(cancelled).rejects.toBeInstanceOf(ReadError);
    // The reader answers the cancelled read itself (a reader that did not would be replaced).
    await until(corpus, () => corpus.readerStats()!.running === 0);
    const found = await corpus.search({ q: 'の', limit: 5 });
    expect(found.total).toBeGreaterThan(100);
    expect(corpus.readerStats()).toMatchObject({ started: 1, running: 0, queued: 0 });
  });

  it('gives a busy reader the next read, runs them in turn, and cancels the waiting one alone', async () => {
    const dir = fs.mkdtempSync(path.join(dataDir, 'queued-'));
    const corpus = service(dir);
    await corpus.importDocument({ kind: 'text', text: manpagesCorpus(600_000) }, { title: 'man' });
    await Promise.all([corpus.search({ q: '猫' }), corpus.search({ q: '犬' })]);
    expect(corpus.readerStats()).toMatchObject({ started: 2, running: 0 });
    const sent = corpus.readerStats()!.reads;
    // Two heavy reads fill both readers; each then takes one read more, which waits in its own queue.
    const heavy = ['の', 'は'].map((q) => corpus.search({ q, sort: 'random', seed: 'turns', limit: 500, width: 200 }));
    const controller = new AbortController();
    const waiting = [
      corpus.search({ q: 'ファイル', limit: 5 }, controller.signal),
      corpus.search({ q: 'コマンド', limit: 5 }),
    ];
    await until(corpus, () => corpus.readerStats()!.reads >= sent + 4);
    // All four are with the readers, none in the pool's queue.
    expect(corpus.readerStats()).toMatchObject({ queued: 0, running: 2 });
    controller.abort();
    await expect(waiting[0]).rejects.toMatchObject({ kind: 'cancelled' });
    for (const result of await Promise.all(heavy)) expect(result.items).toHaveLength(500);
    expect((await waiting[1]).items[0].key).toBe('コマンド');
    // The caller of the cancelled read is answered at once; its reader answers it in turn.
    await until(corpus, () => corpus.readerStats()!.running === 0);
    // The readers answered everything themselves: none was replaced.
    expect(corpus.readerStats()).toMatchObject({ started: 2, running: 0, queued: 0 });
  });

  it('reads once for identical searches at the same time, and remembers the answer until the corpus changes', async () => {
    const dir = fs.mkdtempSync(path.join(dataDir, 'share-'));
    const corpus = service(dir);
    await corpus.importDocument({ kind: 'text', text: '猫が好きです。犬も好きです。' }, { title: 'a' });
    await corpus.search({ q: '犬' });
    const before = corpus.readerStats()!.reads;
    const answers = await Promise.all(Array.from({ length: 8 }, () => corpus.searchJson({ q: '好き', limit: 10 })));
    expect(new Set(answers).size).toBe(1);
    expect(JSON.parse(answers[0])).toMatchObject({ total: 2 });
    expect(corpus.readerStats()!.reads).toBe(before + 1);
    await corpus.searchJson({ q: '好き', limit: 10 });
    expect(corpus.readerStats()!.reads).toBe(before + 1);
    await corpus.importDocument({ kind: 'text', text: '魚も好きです。' }, { title: 'b' });
    expect(await corpus.search({ q: '好き', limit: 10 })).toMatchObject({ total: 3 });
    expect(corpus.readerStats()!.reads).toBe(before + 2);
  });

  it('records imports: one stopped mid-way is failed as interrupted after a restart, queued ones carry on', async () => {
    const dir = fs.mkdtempSync(path.join(dataDir, 'jobs-'));
    const first = service(dir);
    await first.importDocument({ kind: 'text', text: '最初の文書です。' }, { title: 'first' }, 'job-first');
    const big = first.importDocument({ kind: 'text', text: manpagesCorpus(3_000_000).repeat(2) }, { title: 'big' }, 'job-big');
    const queued = first.importDocument({ kind: 'text', text: '待っていた文書です。' }, { title: 'queued' }, 'job-queued');
    big.catch(() => undefined);
    queued.catch(() => undefined);
    // Indexing: the writer has taken the job (recorded it) and is inside its transaction.
    await until(first, () => first.importStatus('job-big')?.phase === 'indexing');
    await first.close();
    await expect(big).rejects.toThrow();
    await expect(queued).rejects.toThrow();

    const second = service(dir);
    second.start();
    await until(second, () => second.importStatus('job-queued')?.state === 'done');
    expect(second.importStatus('job-first')).toMatchObject({ state: 'done', name: 'first', sentences: 1 });
    expect(second.importStatus('job-big')).toMatchObject({ state: 'failed', name: 'big', error: interruptedReason });
    expect((await second.listDocuments()).map((doc) => doc.title)).toEqual(['first', 'queued']);
    expect((await second.listImports()).map((job) => job.id)).toEqual(['job-first', 'job-big', 'job-queued']);
  });

  it('closes cleanly when stopped before it opened (a SIGTERM right after start-up): no stray rejection, later imports refused', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const corpus = service(fs.mkdtempSync(path.join(dataDir, 'early-')));
      corpus.start();
      await corpus.close();
      // The open waits for the worker bundles, so it runs (and fails) after the close.
      await expect(corpus.listImports()).resolves.toEqual([]);
      // The open has failed by now; a rejection nobody handled is reported before the next turn.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
      await expect(corpus.importDocument({ kind: 'text', text: '遅すぎた文書です。' })).rejects.toThrow('shutting down');
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

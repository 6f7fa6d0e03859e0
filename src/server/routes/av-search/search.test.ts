import { afterEach, describe, expect, it } from 'vitest';
import type { AvEvent, AvResult, AvSource } from '../../../common/av-search';
import { startFakeServer, type FakeServer } from '../../../../test-support/fake-server';
import { createRemoteAvFake } from '../../../../test-support/fakes/av-remote';
import { searchRemote, parseRemoteBase } from './remote-source';
import { runSearch, type SourceSearch } from './search';

const result = (source: AvSource, id: string): AvResult => ({ source, id, title: `${id}.webm`, thumb: null, duration: 10, url: `/api/media/${id}` });

/** A source that yields one result each time the test calls `next`. */
function steppedSource(source: AvSource) {
  const waiting: Array<() => void> = [];
  let finish = false;
  const search: SourceSearch = async function* () {
    for (let index = 0; ; index++) {
      if (finish) return;
      await new Promise<void>((resolve) => waiting.push(resolve));
      if (finish) return;
      yield result(source, `${source}-${index}`);
    }
  };
  return {
    search,
    next: () => waiting.shift()?.(),
    end: () => {
      finish = true;
      waiting.shift()?.();
    },
    started: () => waiting.length > 0,
  };
}

async function until(check: () => boolean) {
  await expect.poll(check, { timeout: 2000 }).toBe(true);
}

describe('runSearch', () => {
  it('reports each result as soon as its source finds it, whatever the other sources do', async () => {
    const slow = steppedSource('remote');
    const fast = steppedSource('local');
    const events: AvEvent[] = [];
    const done = runSearch(
      new Map([
        ['remote', slow.search],
        ['local', fast.search],
      ]),
      new AbortController().signal,
      (event) => events.push(event),
    );
    await until(() => fast.started() && slow.started());
    fast.next();
    await until(() => events.length === 1);
    await until(fast.started);
    fast.next();
    await until(() => events.length === 2);
    await until(fast.started);
    fast.end();
    await until(() => events.some((event) => event.type === 'source-done'));
    expect(events.map((event) => event.type)).toEqual(['result', 'result', 'source-done']);
    slow.next();
    await until(() => events.length === 4);
    await until(slow.started);
    slow.end();
    await done;
    expect(events.map((event) => (event.type === 'result' ? event.data.id : event.type))).toEqual(['local-0', 'local-1', 'source-done', 'remote-0', 'source-done', 'done']);
    expect(events.at(-1)).toEqual({ type: 'done', data: { count: 3 } });
  });

  it('reports a failing source and goes on with the others', async () => {
    const events: AvEvent[] = [];
    await runSearch(
      new Map<AvSource, SourceSearch>([
        [
          'yunpan',
          // eslint-disable-next-line require-yield
          async function* () {
            throw new Error('the cloud drive needs an access token (Settings → XPan)');
          },
        ],
        [
          'local',
          async function* () {
            yield result('local', 'a');
          },
        ],
      ]),
      new AbortController().signal,
      (event) => events.push(event),
    );
    expect(events).toContainEqual({ type: 'error', data: { source: 'yunpan', error: 'the cloud drive needs an access token (Settings → XPan)', code: 'internal' } });
    expect(events).toContainEqual({ type: 'source-done', data: { source: 'local', count: 1 } });
    expect(events.at(-1)).toEqual({ type: 'done', data: { count: 1 } });
  });

  it('stops reporting once aborted', async () => {
    const source = steppedSource('local');
    const controller = new AbortController();
    const events: AvEvent[] = [];
    const done = runSearch(new Map([['local', source.search]]), controller.signal, (event) => events.push(event));
    await until(source.started);
    controller.abort();
    source.next();
    await done;
    expect(events).toEqual([]);
  });
});

describe('the remote source', () => {
  let server: FakeServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const collect = async (iterable: AsyncIterable<AvResult>) => {
    const out: AvResult[] = [];
    for await (const item of iterable) out.push(item);
    return out;
  };

  it('accepts only a bare http(s) origin', () => {
    expect(parseRemoteBase('https://kotonoha.example:8787')).toBeInstanceOf(URL);
    expect(parseRemoteBase('https://kotonoha.example/')).toBeInstanceOf(URL);
    for (const bad of ['', 'ftp://x.example', 'https://x.example/api', 'https://user:pw@x.example', 'not a url']) expect(parseRemoteBase(bad)).toHaveProperty('error');
  });

  it("reads another server's results and makes their addresses absolute", async () => {
    const fake = createRemoteAvFake([{ ...result('local', 'abc'), thumb: '/api/media/abc/thumb?t=3', subtitles: '/api/media/abc/subtitles.vtt', cue: { start: 3.5, end: 5.5, text: '大丈夫？' } }]);
    fake.state.release();
    server = await startFakeServer(fake.handler);
    const base = new URL(server.url);
    const found = await collect(searchRemote(base, '大丈夫', new AbortController().signal));
    expect(found).toEqual([
      {
        source: 'remote',
        id: `remote:${base.host}:abc`,
        title: 'abc.webm',
        thumb: `${server.url}/api/media/abc/thumb?t=3`,
        duration: 10,
        url: `${server.url}/api/media/abc`,
        subtitles: `${server.url}/api/media/abc/subtitles.vtt`,
        cue: { start: 3.5, end: 5.5, text: '大丈夫？' },
      },
    ]);
    expect(server.requests[0].url).toBe(`/api/av-search?q=${encodeURIComponent('大丈夫')}&source=local`);
  });

  it('says so when the remote answers something that is not an event stream, or breaks off', async () => {
    const fake = createRemoteAvFake([]);
    server = await startFakeServer(fake.handler);
    fake.state.mode = 'not-sse';
    const base = new URL(server.url);
    await expect(collect(searchRemote(base, '猫', new AbortController().signal))).rejects.toMatchObject({ message: expect.stringMatching(/did not answer with an event stream/), coded: { code: 'remote-not-event-stream', params: { upstream: base.host } } });
    fake.state.mode = 'broken';
    fake.state.release();
    await expect(collect(searchRemote(base, '猫', new AbortController().signal))).rejects.toMatchObject({ message: expect.stringMatching(/broke|ended the stream/), coded: { code: 'remote-stream-broke', params: { upstream: base.host } } });
  });

  it('closes its connection to the remote when the search is aborted', async () => {
    const fake = createRemoteAvFake([]);
    fake.state.mode = 'hang';
    server = await startFakeServer(fake.handler);
    const controller = new AbortController();
    const running = collect(searchRemote(new URL(server.url), '猫', controller.signal));
    await expect.poll(() => fake.state.received).toBe(1);
    controller.abort();
    expect(await running).toEqual([]);
    await expect.poll(() => fake.state.closed).toBe(1);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '../../../../test-support/fake-server';
import { createXpanFake } from '../../../../test-support/fakes/xpan';
import { recordingLogger } from '../../../../test-support/recording-logger';
import { isXpanDownloadUrl, xpanListSchema, xpanMissingTokenMessage, xpanTokenMessage } from '../../../common/xpan';
import { createApp } from '../../app';
import { CorpusService } from '../../corpus/service';
import { parseEnv } from '../../env';

const { log, lines } = recordingLogger();
const fake = createXpanFake({ bigFolderEntries: 250 });
const token = fake.state.token;
const video = fs.readFileSync(path.join(import.meta.dirname, '../../../../test-support/fixtures/xpan/lesson.mp4'));
let server: FakeServer;
let elsewhere: FakeServer;
let app: ReturnType<typeof createApp>;
let corpus: CorpusService;
let dataDir: string;

beforeAll(async () => {
  server = await startFakeServer(fake.handler);
  elsewhere = await startFakeServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('internal secrets');
  });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-xpan-'));
  const env = parseEnv({ UPSTREAM_XPAN: server.url, LOG_LEVEL: 'silent', DATA_DIR: dataDir, SHONAGON_MAX_BYTES: '2000', KOTONOHA_DIST_DIR: path.join(os.tmpdir(), 'kotonoha-none') });
  corpus = new CorpusService(env.dataDir, log, { lemma: false });
  app = createApp({ env, log, corpus });
});
afterAll(async () => {
  await corpus.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await server.close();
  await elsewhere.close();
});
beforeEach(() => {
  server.requests.length = 0;
  elsewhere.requests.length = 0;
  lines.length = 0;
  Object.assign(fake.state, { token: 'xpan-token', expiredTokens: [], rateLimited: 0, redirectOrigin: undefined, dlinkOrigin: undefined });
});

const list = (query: Record<string, string>) => app.request(`/api/xpan/rest/2.0/xpan/file?${new URLSearchParams({ method: 'list', access_token: token, ...query })}`);

describe('GET /api/xpan/rest/2.0/xpan/…', () => {
  it('relays a folder listing with the token as a query parameter and the Baidu agent', async () => {
    const response = await list({ dir: '/日本語教材', order: 'name', desc: '0', start: '0', limit: '100', web: '1' });
    expect(response.status).toBe(200);
    const text = await response.text();
    // Baidu's own bytes come through: escaped slashes and names, a bare 64-bit request_id.
    expect(text).toMatch(/"request_id":\d{19}/);
    expect(text).toContain('\\/\\u65e5');
    const body = xpanListSchema.parse(JSON.parse(text));
    expect(body.errno).toBe(0);
    expect(body.list!.slice(0, 2).map((entry) => entry.isdir)).toEqual([1, 1]);
    expect(body.list!.map((entry) => entry.server_filename)).toContain('吾輩は猫である.txt');
    const seen = server.requests[0];
    expect(seen.headers['user-agent']).toBe('pan.baidu.com');
    const params = new URL(seen.url, 'http://x').searchParams;
    expect(Object.fromEntries(params)).toMatchObject({ method: 'list', dir: '/日本語教材', access_token: token, start: '0', limit: '100' });
    expect(lines.join('\n')).not.toContain(token);
  });

  it('pages through a large folder with start and limit', async () => {
    const names: string[] = [];
    for (let start = 0; ; start += 100) {
      const body = xpanListSchema.parse(await (await list({ dir: '/単語カード', start: String(start), limit: '100' })).json());
      names.push(...body.list!.map((entry) => entry.server_filename));
      if (body.list!.length < 100) break;
    }
    expect(names).toHaveLength(250);
    expect(new Set(names).size).toBe(250);
  });

  it('relays search and filemetas', async () => {
    const search = await app.request(`/api/xpan/rest/2.0/xpan/file?${new URLSearchParams({ method: 'search', access_token: token, key: '吾輩', dir: '/', recursion: '1' })}`);
    const found = xpanListSchema.parse(await search.json());
    expect(found.list!.map((entry) => entry.server_filename).sort()).toEqual(['吾輩は猫である.txt', '第1課 吾輩は猫である.mp4', '第1課 吾輩は猫である.srt']);
    const fsid = fake.find('/日本語教材/表紙.jpg').fsId;
    const metas = await app.request(`/api/xpan/rest/2.0/xpan/multimedia?${new URLSearchParams({ method: 'filemetas', access_token: token, fsids: `[${fsid}]`, dlink: '1', thumb: '1' })}`);
    const body = (await metas.json()) as { errno: number; list: Array<{ dlink: string; thumbs: { url1: string } }> };
    expect(body.errno).toBe(0);
    expect(body.list[0].dlink).toContain('/file/');
    expect(body.list[0].thumbs.url1).toContain('/thumb/');
  });

  it('passes Baidu errors through as errno answers (expired token, no such folder, rate limit)', async () => {
    fake.state.expiredTokens = ['old'];
    const expired = await app.request(`/api/xpan/rest/2.0/xpan/file?method=list&dir=/&access_token=old`);
    expect(await expired.json()).toMatchObject({ errno: 111 });
    expect(await (await list({ dir: '/ない' })).json()).toMatchObject({ errno: -9 });
    fake.state.rateLimited = 1;
    expect(await (await list({ dir: '/' })).json()).toMatchObject({ errno: 31034 });
  });

  it('relays only the read calls, only with a token, and only GET', async () => {
    const refused = await app.request(`/api/xpan/rest/2.0/xpan/file?method=filemanager&opera=delete&access_token=${token}`);
    expect(refused.status).toBe(404);
    expect((await app.request(`/api/xpan/rest/2.0/xpan/../../../etc/passwd?method=list&access_token=${token}`)).status).toBe(404);
    expect((await app.request(`/api/xpan/rest/2.0/xpan/nas?method=uinfo&access_token=${token}`)).status).toBe(404);
    const noToken = await app.request('/api/xpan/rest/2.0/xpan/file?method=list&dir=/');
    expect(noToken.status).toBe(401);
    expect((await noToken.json()).error).toMatch(/Settings → XPan/);
    expect((await app.request(`/api/xpan/rest/2.0/xpan/file?method=list&access_token=${token}`, { method: 'POST' })).status).toBe(405);
    expect(server.requests).toHaveLength(0);
  });
});

describe('GET /api/xpan/stream', () => {
  const fsid = () => String(fake.find('/日本語教材/第1課 吾輩は猫である.mp4').fsId);
  const stream = (headers: Record<string, string> = {}, query: Record<string, string> = {}) =>
    app.request(`/api/xpan/stream?${new URLSearchParams({ fsid: fsid(), access_token: token, ...query })}`, { headers });

  it('resolves the dlink, follows its redirect on the upstream and relays the whole file', async () => {
    const response = await stream();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await response.arrayBuffer()).equals(video)).toBe(true);
    const [meta, dlink, cdn] = server.requests;
    expect(new URL(meta.url, 'http://x').searchParams.get('dlink')).toBe('1');
    expect(dlink.url).toMatch(/^\/file\/[0-9a-f]{32}\?.*access_token=xpan-token/);
    expect(dlink.headers['user-agent']).toBe('pan.baidu.com');
    expect(cdn.url).toMatch(/^\/cdn\//);
    expect(lines.join('\n')).not.toContain(token);
  });

  it('relays a Range as 206 with Content-Range, so media can seek', async () => {
    const response = await stream({ range: 'bytes=1000-1999' });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 1000-1999/${video.length}`);
    expect(response.headers.get('content-length')).toBe('1000');
    expect(Buffer.from(await response.arrayBuffer()).equals(video.subarray(1000, 2000))).toBe(true);
    expect(server.requests.at(-1)!.headers.range).toBe('bytes=1000-1999');
    const open = await stream({ range: 'bytes=90000-' });
    expect(open.headers.get('content-range')).toBe(`bytes 90000-${video.length - 1}/${video.length}`);
    const head = await app.request(`/api/xpan/stream?${new URLSearchParams({ fsid: fsid(), access_token: token })}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(video.length));
    expect(server.requests.at(-1)!.method).toBe('HEAD');
  });

  it('refuses a redirect to another port or host with 502 JSON and never fetches it', async () => {
    for (const target of [elsewhere.url, 'http://169.254.169.254', 'https://pcs.baidu.com.evil.example']) {
      fake.state.redirectOrigin = target;
      const response = await stream();
      expect(response.status).toBe(502);
      expect((await response.json()).error).toMatch(/redirect/);
    }
    expect(elsewhere.requests).toHaveLength(0);
  });

  it('refuses a dlink that points away from the download hosts', async () => {
    fake.state.dlinkOrigin = elsewhere.url;
    const response = await stream();
    expect(response.status).toBe(502);
    expect((await response.json()).error).toMatch(/download link/);
    expect(elsewhere.requests).toHaveLength(0);
  });

  it('answers errno failures with their status and message, and checks its parameters', async () => {
    const expired = await stream({}, { access_token: 'wrong' });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ error: xpanTokenMessage, code: 'xpan-token-expired' });
    const missing = await stream({}, { fsid: '12345' });
    expect(missing.status).toBe(404);
    const badFsid = { error: 'fsid must be the number of a file on the drive', code: 'bad-fsid' };
    const noToken = { error: xpanMissingTokenMessage, code: 'xpan-token' };
    const badFile = await stream({}, { fsid: '../etc' });
    expect([badFile.status, await badFile.json()]).toEqual([400, badFsid]);
    const neither = await app.request('/api/xpan/stream');
    expect([neither.status, await neither.json()]).toEqual([400, badFsid]);
    const tokenless = await app.request(`/api/xpan/stream?fsid=${fsid()}`);
    expect([tokenless.status, await tokenless.json()]).toEqual([401, noToken]);
    const blankToken = await app.request(`/api/xpan/stream?fsid=${fsid()}&access_token=`);
    expect([blankToken.status, await blankToken.json()]).toEqual([401, noToken]);
    const folder = await stream({}, { fsid: String(fake.find('/日本語教材/字幕').fsId) });
    expect(folder.status).toBeGreaterThanOrEqual(400);
  });
});

describe('POST /api/xpan/to-shonagon', () => {
  const send = (body: unknown) => app.request('/api/xpan/to-shonagon', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('fetches a text file through the relay and imports it into the Shonagon library', async () => {
    const file = fake.find('/日本語教材/吾輩は猫である.txt');
    const response = await send({ fsid: file.fsId, access_token: token });
    expect(response.status).toBe(201);
    const stats = (await response.json()) as { id: string; title: string; sentences: number };
    expect(stats.title).toBe('吾輩は猫である');
    expect(stats.sentences).toBeGreaterThan(3);
    const listed = (await (await app.request('/shonagon_api/documents')).json()) as { documents: Array<{ id: string }> };
    expect(listed.documents.map((doc) => doc.id)).toContain(stats.id);
    const found = (await (await app.request(`/shonagon_api/search?${new URLSearchParams({ q: '名前はまだ無い' })}`)).json()) as { total: number };
    expect(found.total).toBeGreaterThan(0);
    expect(server.requests.some((r) => r.url.startsWith('/cdn/'))).toBe(true);
    expect(lines.join('\n')).not.toContain(token);
    // The first import starts the corpus's worker thread.
  }, 30_000);

  it('imports subtitles too, and refuses what the library cannot take', async () => {
    const srt = await send({ fsid: String(fake.find('/日本語教材/字幕/第1課.srt').fsId), access_token: token });
    expect(srt.status).toBe(201);
    const video = await send({ fsid: fake.find('/日本語教材/第1課 吾輩は猫である.mp4').fsId, access_token: token });
    expect(video.status).toBe(415);
    expect((await video.json()).error).toMatch(/\.txt/);
    expect((await send({ fsid: fake.find('/日本語教材/教材一式.7z').fsId, access_token: token })).status).toBe(415);
  }, 30_000);

  it('answers bad input and Baidu errors clearly', async () => {
    const badFsid = { error: 'fsid must be the number of a file on the drive', code: 'bad-fsid' };
    for (const body of [{ fsid: '../x', access_token: token }, { fsid: 1.5, access_token: token }, { fsid: true, access_token: token }, { access_token: token }, null, [1]]) {
      const refused = await send(body);
      expect([refused.status, await refused.json()], JSON.stringify(body)).toEqual([400, badFsid]);
    }
    for (const body of [{ fsid: 1 }, { fsid: '1', access_token: '' }, { fsid: 1, access_token: 7 }]) {
      const refused = await send(body);
      expect([refused.status, await refused.json()], JSON.stringify(body)).toEqual([401, { error: xpanMissingTokenMessage, code: 'xpan-token' }]);
    }
    const expired = await send({ fsid: fake.find('/日本語教材/吾輩は猫である.txt').fsId, access_token: 'nope' });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ error: xpanTokenMessage, code: 'xpan-token-expired' });
    const bad = await app.request('/api/xpan/to-shonagon', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect([bad.status, await bad.json()]).toEqual([400, { error: 'expected JSON {"fsid","access_token"}', code: 'body-not-json' }]);
    const untyped = await app.request('/api/xpan/to-shonagon', { method: 'POST', body: '{"fsid":"nope"}' });
    expect([untyped.status, (await untyped.json()).code]).toEqual([400, 'bad-fsid']);
  });
});

describe('GET /api/xpan/thumb', () => {
  it('relays a thumbnail from the upstream and refuses other hosts', async () => {
    const url = `${server.url}/thumb/${fake.find('/日本語教材/表紙.jpg').fsId}?size=c140_u90`;
    const response = await app.request(`/api/xpan/thumb?url=${encodeURIComponent(url)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect((await app.request(`/api/xpan/thumb?url=${encodeURIComponent(`${elsewhere.url}/x.jpg`)}`)).status).toBe(403);
    expect((await app.request('/api/xpan/thumb?url=file:///etc/passwd')).status).toBe(403);
    for (const query of ['', '?url=', '?url=not%20a%20url']) {
      const refused = await app.request(`/api/xpan/thumb${query}`);
      expect([refused.status, await refused.json()]).toEqual([400, { error: 'url must be a thumbnail address', code: 'bad-target', params: { reason: 'url must be a thumbnail address' } }]);
    }
    expect(elsewhere.requests).toHaveLength(0);
  });
});

describe('isXpanDownloadUrl', () => {
  const upstream = 'https://pan.baidu.com';
  it.each([
    ['https://d.pcs.baidu.com/file/x', true],
    ['https://nj02all01.baidupcs.com/file/x?sign=1', true],
    ['https://thumbnail0.baidupcs.com/thumbnail/x', true],
    ['https://pan.baidu.com/anything', true],
    ['http://d.pcs.baidu.com/file/x', false],
    ['https://d.pcs.baidu.com:8443/file/x', false],
    ['https://baidupcs.com.evil.example/x', false],
    ['https://evilbaidupcs.com/x', false],
    ['https://user:pw@d.pcs.baidu.com/x', false],
    ['https://127.0.0.1/x', false],
  ])('%s → %s', (url, allowed) => expect(isXpanDownloadUrl(new URL(url), upstream)).toBe(allowed));
});

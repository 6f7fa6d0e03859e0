import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '../../../../test-support/fake-server';
import { createNiutransFake, referenceSign } from '../../../../test-support/fakes/niutrans';
import { createApp } from '../../app';
import { parseEnv } from '../../env';
import { recordingLogger } from '../../../../test-support/recording-logger';

const { log, lines } = recordingLogger();

let fake: FakeServer;
const niutrans = createNiutransFake();
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  fake = await startFakeServer(niutrans.handler);
  app = createApp({ env: parseEnv({ UPSTREAM_NIUTRANS: fake.url, LOG_LEVEL: 'silent' }), log });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  niutrans.state.queue = [];
  niutrans.state.delayMs = 0;
});

describe('NiuTrans text relay', () => {
  it('passes the JSON body through and the answer back unchanged', async () => {
    const response = await app.request('/NiuTransServer/translation', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apikey: 'niu-key', from: 'zh', to: 'en', src_text: '你好世界' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.text()).toBe('{"tgt_text":"[zh→en] 你好世界","from":"zh","to":"en"}');
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0].url).toBe('/NiuTransServer/translation');
    expect(JSON.parse(fake.requests[0].body.toString())).toEqual({ apikey: 'niu-key', from: 'zh', to: 'en', src_text: '你好世界' });
    // The key travels in the body; it must never reach the log.
    expect(lines.join('\n')).not.toContain('niu-key');
  });

  it('relays the array variant', async () => {
    const response = await app.request('/NiuTransServer/translationArray', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apikey: 'niu-key', from: 'ja', to: 'zh', src_text: ['一', '二'] }),
    });
    expect(await response.json()).toEqual({ from: 'ja', to: 'zh', tgt_list: [{ tgt_text: '[ja→zh] 一' }, { tgt_text: '[ja→zh] 二' }] });
  });

  it('answers 502 in NiuTrans shape when the upstream is unreachable', async () => {
    const dead = await startFakeServer(() => {});
    const url = dead.url;
    await dead.close();
    const broken = createApp({ env: parseEnv({ UPSTREAM_NIUTRANS: url, LOG_LEVEL: 'silent' }), log });
    const response = await broken.request('/NiuTransServer/translation', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ code: 502, msg: 'NiuTrans is unreachable' });
  });

  it('only POST is relayed for text; other /api paths stay 404 JSON', async () => {
    const get = await app.request('/NiuTransServer/translation');
    expect(fake.requests).toHaveLength(0);
    expect(get.headers.get('content-type') ?? '').not.toContain('application/json');
    const api = await app.request('/api/nothing');
    expect(api.status).toBe(404);
  });
});

describe('NiuTrans file relay', () => {
  it('relays a multipart upload, status, download and delete with the query string', async () => {
    const timestamp = String(Date.now());
    const fields = { appId: 'pic-app', from: 'ja', to: 'zh', timestamp, realmCode: '99' };
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    form.set('file', new Blob([new Uint8Array(2048)], { type: 'image/png' }), 'menu.png');
    form.set('authStr', referenceSign(fields, 'niu-key'));
    const upload = await app.request('/v2/image/translate/upload', { method: 'POST', body: form });
    const uploaded = (await upload.json()) as { code: number; data: { fileNo: string } };
    expect(uploaded.code).toBe(200);
    const fileNo = uploaded.data.fileNo;
    expect(fake.requests[0].headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(Number(fake.requests[0].headers['content-length'])).toBeGreaterThan(2048);

    const signed = (extra: Record<string, string> = {}) => {
      const query = { appId: 'pic-app', timestamp: String(Date.now()), ...extra };
      return new URLSearchParams({ ...query, authStr: referenceSign(query, 'niu-key') }).toString();
    };
    let status: { data: { status: string } } | undefined;
    for (let i = 0; i < 3 && status?.data.status !== 'done'; i++) {
      status = await (await app.request(`/v2/image/translate/status/${fileNo}?${signed()}`)).json();
    }
    expect(status?.data.status).toBe('done');
    const download = await app.request(`/v2/image/translate/download/${fileNo}?${signed({ type: '2' })}`);
    expect(download.headers.get('content-type')).toContain('text/plain');
    expect(download.headers.get('content-disposition')).toContain(`${fileNo}.txt`);
    expect(await download.text()).toBe(`image menu.png (2048 bytes)\n[ja→zh] image menu.png (2048 bytes)`);
    const removed = await app.request(`/v2/image/translate/delete/${fileNo}?${signed()}`, { method: 'DELETE' });
    expect(await removed.json()).toEqual({ code: 200, msg: 'success' });
    expect(fake.requests.map((r) => `${r.method} ${r.url.split('?')[0]}`)).toEqual([
      'POST /v2/image/translate/upload',
      'GET /v2/image/translate/status/' + fileNo,
      'GET /v2/image/translate/status/' + fileNo,
      'GET /v2/image/translate/download/' + fileNo,
      'DELETE /v2/image/translate/delete/' + fileNo,
    ]);
  });

  it('relays the voice paths and PUT interrupt', async () => {
    const response = await app.request('/v2/voice/translate/short-voice/interrupt/nope?appId=voice-app', { method: 'PUT' });
    expect(await response.json()).toEqual({ code: 402, msg: '签名验证失败' });
    expect(fake.requests[0].method).toBe('PUT');
    expect(fake.requests[0].url).toBe('/v2/voice/translate/short-voice/interrupt/nope?appId=voice-app');
  });

  it('refuses bodies over the limit with 413 before calling upstream', async () => {
    const big = new Uint8Array(11 * 1024 * 1024 + 10);
    const response = await app.request('/v2/image/translate/upload', {
      method: 'POST',
      body: big,
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(big.length) },
    });
    expect(response.status).toBe(413);
    expect(fake.requests).toHaveLength(0);
  });

  it('stops waiting for upstream as soon as the client abandons the request', async () => {
    niutrans.state.delayMs = 10_000;
    lines.length = 0;
    const controller = new AbortController();
    const pending = app.request('/NiuTransServer/translation', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apikey: 'niu-key', from: 'zh', to: 'en', src_text: 'x' }),
      signal: controller.signal,
    });
    await expect.poll(() => fake.requests.length).toBe(1);
    controller.abort();
    // Answered long before the upstream's 10 s are up: the relay let go of it.
    expect((await pending).status).toBe(499);
    expect(lines.some((line) => line.includes('"m":"relay client closed"') && line.includes('"area":"niutrans"'))).toBe(true);
  });
});

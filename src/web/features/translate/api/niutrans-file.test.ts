// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '../../../../../test-support/fake-server';
import { createNiutransFake } from '../../../../../test-support/fakes/niutrans';
import { isAbort } from '../../../lib/http/http-client';
import {
  checkFile,
  deleteFile,
  downloadFile,
  fileApiPath,
  fileMessages,
  interruptFile,
  signParams,
  translateFileSync,
  uploadFile,
  waitForFile,
  type FileUploadOptions,
} from './niutrans-file';

describe('signing', () => {
  it('matches worked examples computed independently with `openssl md5`', () => {
    // printf '%s' 'apikey=abc123&appId=pic-app&from=ja&realmCode=99&resultType=1&timestamp=1700000000000&to=zh' | openssl md5
    const params = { to: 'zh', timestamp: 1700000000000, resultType: '1', realmCode: '99', from: 'ja', appId: 'pic-app' };
    expect(signParams(params, 'abc123')).toBe('d55d9ae81b4e3e8ce2caa972a203ac41');
    // printf '%s' 'apikey=鍵&appId=voice-app&timestamp=1' | openssl md5 — UTF-8 bytes are hashed.
    expect(signParams({ timestamp: '1', appId: 'voice-app' }, '鍵')).toBe('30dc74e8ed1e3b132c6ab8c4b0215402');
  });

  it('never signs the file or authStr', () => {
    const base = { appId: 'a', timestamp: '1' };
    expect(signParams({ ...base, authStr: 'x', file: 'y' }, 'k')).toBe(signParams(base, 'k'));
  });
});

describe('file checks (docs/behaviour.md "File translation")', () => {
  const MB = 1024 * 1024;
  it.each([
    [{ type: 'audio/mpeg', size: 2 * MB }, 'async', { ok: true, kind: 'voice' }],
    [{ type: 'audio/wav', size: 2 * MB + 1 }, 'async', { ok: false, reason: 'voiceTooBig', message: '语音文件大小不能超过2MB', level: 'error' }],
    [{ type: 'audio/wav', size: 10 }, 'sync', { ok: false, reason: 'voiceSync', message: '语音现不支持同步翻译', level: 'warning' }],
    [{ type: 'image/png', size: 10 * MB }, 'sync', { ok: true, kind: 'image' }],
    [{ type: 'image/jpeg', size: 10 * MB + 1 }, 'async', { ok: false, reason: 'imageTooBig', message: '图片文件大小不能超过10MB', level: 'error' }],
    [{ type: 'image/bmp', size: 1 }, 'async', { ok: true, kind: 'image' }],
    [{ type: 'image/gif', size: 1 }, 'async', { ok: false, reason: 'unsupported', message: '不支持的文件类型', level: 'error' }],
    [{ type: 'application/pdf', size: 1 }, 'sync', { ok: false, reason: 'unsupported', message: '不支持的文件类型', level: 'error' }],
  ] as const)('%o in %s mode', (file, mode, expected) => {
    expect(checkFile(file, mode)).toEqual(expected);
  });

  it('an unknown kind throws the documented message', () => {
    expect(fileApiPath('image')).toBe('/v2/image/translate');
    expect(fileApiPath('voice')).toBe('/v2/voice/translate/short-voice');
    expect(() => fileApiPath('video')).toThrow(fileMessages.unknownType);
  });
});

describe('file translation flows against the fake', () => {
  let fake: FakeServer;
  const niutrans = createNiutransFake();
  let image: FileUploadOptions;
  const png = new Blob([new Uint8Array(1000)], { type: 'image/png' });

  beforeAll(async () => {
    fake = await startFakeServer(niutrans.handler);
    image = { kind: 'image', appId: 'pic-app', apiKey: 'niu-key', from: 'ja', to: 'zh', baseURL: fake.url };
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
    niutrans.state.pollsUntilDone = 2;
  });

  it('sync: one signed multipart POST with resultType, answered with the translation', async () => {
    const result = await translateFileSync(png, 'menu.png', { ...image, resultType: '2' });
    expect(result).toBe('image menu.png (1000 bytes)\n[ja→zh] image menu.png (1000 bytes)');
    const body = fake.requests[0].body.toString('latin1');
    for (const field of ['appId', 'from', 'to', 'timestamp', 'realmCode', 'resultType', 'file', 'authStr']) expect(body).toContain(`name="${field}"`);
    expect(fake.requests[0].url).toBe('/v2/image/translate/sync');
  });

  it('a wrong key is the service\'s {code, msg} as a NiuTrans error', async () => {
    await expect(translateFileSync(png, 'a.png', { ...image, apiKey: 'bad', resultType: '1' })).rejects.toThrow('NiuTrans API Error (402): 签名验证失败');
  });

  it('async: upload, poll with growing delays, download each type, delete', async () => {
    niutrans.state.pollsUntilDone = 3;
    const wav = new Blob([new Uint8Array(500)], { type: 'audio/wav' });
    const voice = { ...image, kind: 'voice' as const, appId: 'voice-app' };
    const id = await uploadFile(wav, 'hello.wav', voice);
    const seen: number[] = [];
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    const status = await waitForFile(id, { ...voice, initialDelayMs: 20, factor: 2, maxDelayMs: 50, sleep, onStatus: (s) => seen.push(s.progress ?? -1) });
    expect(status.state).toBe('done');
    expect(seen).toEqual([33, 67, 100]);
    expect(waits).toEqual([20, 40, 50]);

    const whole = await downloadFile(id, '1', voice);
    expect(whole.text).toBe('[ja→zh] voice hello.wav (500 bytes)');
    expect(whole.fileName).toBe(`${id}.txt`);
    expect((await downloadFile(id, '2', voice)).text).toBe('voice hello.wav (500 bytes)\n[ja→zh] voice hello.wav (500 bytes)');
    expect(JSON.parse((await downloadFile(id, 'raw', voice)).text)).toEqual({ srcText: 'voice hello.wav (500 bytes)', tgtText: '[ja→zh] voice hello.wav (500 bytes)' });
    await deleteFile(id, voice);
    expect(niutrans.state.jobs.has(id)).toBe(false);
    expect(fake.requests.every((r) => r.url.startsWith('/v2/voice/translate/short-voice/'))).toBe(true);
  });

  it('a JSON answer to a download is an error', async () => {
    niutrans.state.pollsUntilDone = 99;
    const id = await uploadFile(png, 'x.png', image);
    await expect(downloadFile(id, '1', image)).rejects.toThrow('NiuTrans API Error (409): 翻译未完成');
  });

  it('interrupt stops the polling; cancel stops it without a request', async () => {
    niutrans.state.pollsUntilDone = 99;
    const id = await uploadFile(png, 'x.png', image);
    let polled!: () => void;
    const firstPoll = new Promise<void>((resolve) => (polled = resolve));
    const waiting = waitForFile(id, { ...image, initialDelayMs: 20, onStatus: () => polled() });
    await firstPoll;
    await interruptFile(id, image);
    await expect(waiting).rejects.toMatchObject({ kind: 'interrupted', message: 'interrupted' });

    const controller = new AbortController();
    const before = fake.requests.length;
    const cancelled = waitForFile(id, { ...image, initialDelayMs: 1000, signal: controller.signal });
    controller.abort();
    expect(isAbort(await cancelled.catch((reason: unknown) => reason))).toBe(true);
    expect(fake.requests.length).toBe(before);
  });
});

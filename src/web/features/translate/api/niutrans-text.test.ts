// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '../../../../../test-support/fake-server';
import { createNiutransFake } from '../../../../../test-support/fakes/niutrans';
import { isAbort } from '../../../lib/http/http-client';
import { niutransTranslate, niutransTranslateArray, type NiutransTextOptions } from './niutrans-text';

let fake: FakeServer;
const niutrans = createNiutransFake();
let options: NiutransTextOptions;

beforeAll(async () => {
  fake = await startFakeServer(niutrans.handler);
  options = { apikey: 'niu-key', from: 'ja', to: 'zh', baseURL: fake.url };
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  niutrans.state.queue = [];
  niutrans.state.delayMs = 0;
});

describe('NiuTrans text translation', () => {
  it('sends {apikey, from, to, src_text} and returns tgt_text', async () => {
    expect(await niutransTranslate('こんにちは', options)).toBe('[ja→zh] こんにちは');
    expect(fake.requests[0].url).toBe('/NiuTransServer/translation');
    expect(JSON.parse(fake.requests[0].body.toString())).toEqual({ apikey: 'niu-key', from: 'ja', to: 'zh', src_text: 'こんにちは' });
  });

  it('maps our language codes to NiuTrans codes (kr → ko, auto stays auto)', async () => {
    await niutransTranslate('안녕', { ...options, from: 'kr', to: 'en' });
    await niutransTranslate('hello', { ...options, from: 'auto', to: 'kr' });
    const sent = fake.requests.map((request) => JSON.parse(request.body.toString()));
    expect(sent.map(({ from, to }) => `${from}>${to}`)).toEqual(['ko>en', 'auto>ko']);
  });

  it('drops the trailing newline the service appends', async () => {
    niutrans.state.queue.push({ kind: 'http', status: 200, contentType: 'application/json', body: '{"tgt_text":"嗨\\n那里\\n","to":"zh","from":"en"}' });
    expect(await niutransTranslate('hi\nthere', options)).toBe('嗨\n那里');
  });

  it('translates an array with translationArray', async () => {
    expect(await niutransTranslateArray(['一', '二', '三'], options)).toEqual(['[ja→zh] 一', '[ja→zh] 二', '[ja→zh] 三']);
    expect(fake.requests[0].url).toBe('/NiuTransServer/translationArray');
    expect(JSON.parse(fake.requests[0].body.toString()).src_text).toEqual(['一', '二', '三']);
  });

  it('reports an empty response as code 500 "Empty response received"', async () => {
    niutrans.state.queue.push({ kind: 'empty' });
    await expect(niutransTranslate('x', options)).rejects.toThrow('NiuTrans API Error (500): Empty response received');
  });

  it.each([
    ['10000', 'the text to translate is empty (输入为空)'],
    ['10001', 'too many requests (over the QPS limit); try again in a moment (请求频繁，超出QPS限制)'],
    ['10003', 'the text is longer than the service accepts (请求字符串长度超过限制)'],
    ['10005', 'the text is not valid UTF-8 (源语编码有问题，非UTF-8)'],
    ['13003', 'the content was rejected by the content filter (内容过滤异常)'],
    ['13007', 'this language pair is not supported (语言不支持)'],
    ['13008', 'the service timed out while translating (请求处理超时)'],
    ['14001', 'the service failed to split the sentences (分句异常)'],
    ['14004', 'the service failed to align the translation (对齐失败，不能够返回正确的对应关系)'],
    ['000000', 'the request parameters are wrong (请求参数有误，请检查参数)'],
    ['000001', 'the content type is not supported (Content-Type不支持【multipart/form-data】)'],
  ])('maps error_code %s to a clear message', async (code, message) => {
    niutrans.state.queue.push({ kind: 'error', code });
    await expect(niutransTranslate('x', options)).rejects.toThrow(`NiuTrans API Error (${code}): ${message}`);
  });

  it('maps the key errors the service really sends (13001 wrong key, 13002 empty key)', async () => {
    await expect(niutransTranslate('x', { ...options, apikey: 'wrong' })).rejects.toThrow(
      'NiuTrans API Error (13001): the API key is wrong or unauthorized, or its character quota is used up (apikey error OR apikey unauthorized OR service package running out)',
    );
    await expect(niutransTranslate('x', { ...options, apikey: '' })).rejects.toThrow(
      'NiuTrans API Error (13002): the API key is empty; set the NiuTrans API key in Settings → Translator (apikey is empty)',
    );
  });

  it('reports the relay\'s {code, msg} and a non-JSON HTTP error', async () => {
    niutrans.state.queue.push({ kind: 'http', status: 502, contentType: 'application/json', body: '{"code":502,"msg":"NiuTrans is unreachable"}' });
    await expect(niutransTranslate('x', options)).rejects.toThrow('NiuTrans API Error (502): NiuTrans is unreachable');
    niutrans.state.queue.push({ kind: 'http', status: 503, body: '<html>down</html>' });
    await expect(niutransTranslate('x', options)).rejects.toThrow(/^NiuTrans API Error \(503\): /);
  });

  it('times out and cancels with typed errors', async () => {
    niutrans.state.delayMs = 500;
    await expect(niutransTranslate('x', { ...options, timeoutMs: 100 })).rejects.toMatchObject({ kind: 'timeout' });
    const controller = new AbortController();
    const pending = niutransTranslate('x', { ...options, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(isAbort(await pending.catch((reason: unknown) => reason))).toBe(true);
  });
});

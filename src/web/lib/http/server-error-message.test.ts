import { afterAll, describe, expect, it } from 'vitest';
import { activateLanguage } from '../i18n/i18n';
import { serverErrorMessage } from './server-error-message';

const tooLong = { error: 'Query too long: 201 characters; the limit is 200.', code: 'query-too-long', params: { length: 201, max: 200 } };

describe("this server's coded errors, worded in the interface language", () => {
  afterAll(() => activateLanguage('en'));

  it('fill the params into the message of each language', async () => {
    await activateLanguage('zh');
    expect(await serverErrorMessage(tooLong)).toBe('查询过长：201 个字符（最多 200 个）');
    await activateLanguage('ja');
    expect(await serverErrorMessage(tooLong)).toBe('検索語が長すぎます：201 文字（最大 200 文字）');
    await activateLanguage('en');
    expect(await serverErrorMessage(tooLong)).toBe('Query too long: 201 characters (at most 200)');
  });

  it('show sizes as sizes and codes without params as they are', async () => {
    await activateLanguage('zh');
    const big = { error: 'big.txt: 40 MB is over the 32 MB limit (SHONAGON_MAX_BYTES).', code: 'file-too-large', params: { name: 'big.txt', size: 40_000_000, max: 32_000_000 } };
    expect(await serverErrorMessage(big)).toBe('big.txt：40 MB 超过了 32 MB 的上限');
    expect(await serverErrorMessage({ error: 'Missing query: add ?q=…', code: 'query-missing' })).toBe('请输入要搜索的内容');
  });

  it('leave alone a code this app does not know, params of the wrong kind, and bodies of other services', async () => {
    await activateLanguage('zh');
    expect(await serverErrorMessage({ error: 'Something new.', code: 'brand-new-code' })).toBeUndefined();
    expect(await serverErrorMessage({ error: 'Query too long', code: 'query-too-long', params: { length: '201', max: 200 } })).toBeUndefined();
    expect(await serverErrorMessage({ code: 400, msg: 'NiuTrans says no' })).toBeUndefined();
    expect(await serverErrorMessage('plain text')).toBeUndefined();
  });
});

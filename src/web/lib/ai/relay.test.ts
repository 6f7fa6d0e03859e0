import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAiFake, type AiFake } from '../../../../test-support/fakes/ai-provider-fake';
import { startApp, type RunningApp } from '../../../../test-support/start-app';
import { streamCompletion, type CompletionRequest } from './complete';
import type { Connection } from './connection';
import { AiError } from './errors';
import { fetchModelList } from './model-list';
import { getProvider, providers } from './registry';
import { configureAiTransport, proxyOrigins } from './transport';
import { defaultSettings } from '../../../common/settings';

// The real server relays to fakes listed in PROXY_ALLOW_ORIGINS; one fake stays off the list.
let app: RunningApp;
let openai: AiFake;
let anthropic: AiFake;
let gemini: AiFake;
let outsider: AiFake;

beforeAll(async () => {
  [openai, anthropic, gemini, outsider] = await Promise.all([startAiFake('openai'), startAiFake('anthropic'), startAiFake('gemini'), startAiFake('deepseek')]);
  app = await startApp({ PROXY_ALLOW_ORIGINS: [openai.url, anthropic.url, gemini.url].join(','), KOTONOHA_EDICT_PATH: '/nonexistent' });
  configureAiTransport({ appOrigin: app.url });
}, 30_000);
afterAll(async () => {
  await app?.stop();
  await Promise.all([openai, anthropic, gemini, outsider].map((fake) => fake?.close()));
});

const request = (overrides: Partial<CompletionRequest> = {}): CompletionRequest => ({
  model: 'm',
  system: 'Be brief.',
  messages: [{ role: 'user', content: 'Hello' }],
  ...overrides,
});

function relayedPaths(): string[] {
  return app
    .output()
    .split('\n')
    .filter((line) => line.includes('"message":"relay"') && line.includes('"area":"proxy"'))
    .map((line) => (JSON.parse(line) as { path: string }).path);
}

describe('the browser-side transport with the real relay', () => {
  it('learns the allowed origins from GET /api/proxy/config', async () => {
    const origins = await proxyOrigins();
    expect(origins.has(openai.url)).toBe(true);
    expect(origins.has('https://api.openai.com')).toBe(true);
    expect(origins.has(outsider.url)).toBe(false);
  });

  it.each([
    ['openai', 'openai-compatible'],
    ['anthropic', 'anthropic'],
    ['gemini', 'gemini'],
  ] as const)('%s: an allowed base URL streams through /api/proxy, unchanged', async (name, family) => {
    const fake = { openai, anthropic, gemini }[name];
    fake.scenario = 'ok';
    const before = relayedPaths().length;
    const connection: Connection = { family, baseURL: fake.baseURL, apiKey: 'test-key', provider: name, transport: 'auto' };
    const result = await streamCompletion(connection, request());
    expect(result).toEqual({ status: 'done', text: fake.expectedText });
    await expect.poll(() => relayedPaths().length).toBe(before + 1);
    const sent = fake.requests.at(-1)!;
    // The relay forwards only provider headers: the SDK's user-agent stays behind.
    expect(sent.headers['user-agent']).not.toContain('ai-sdk');
    expect(sent.headers).not.toHaveProperty('x-proxy-target');
    expect(sent.headers).not.toHaveProperty('cookie');
  });

  it('a base URL the server does not relay is called directly', async () => {
    const connection: Connection = { family: 'openai-compatible', baseURL: outsider.baseURL, apiKey: 'test-key', provider: 'deepseek' };
    expect((await streamCompletion(connection, request())).text).toBe(outsider.expectedText);
    expect(outsider.requests.at(-1)!.headers['user-agent']).toContain('ai-sdk');
  });

  it('429 and 401 come through the relay as the provider sent them', async () => {
    openai.scenario = 'rate-limited';
    const connection: Connection = { family: 'openai-compatible', baseURL: openai.baseURL, apiKey: 'test-key', provider: 'openai', transport: 'proxy' };
    expect(await streamCompletion(connection, request())).toEqual({ status: 'rate-limited', text: '' });
    openai.scenario = 'ok';
    const error = await streamCompletion({ ...connection, apiKey: 'wrong' }, request()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AiError);
    expect(error).toMatchObject({ kind: 'http', status: 401 });
  });

  it('aborting in the browser closes the upstream connection behind the relay', async () => {
    anthropic.scenario = 'hang';
    const controller = new AbortController();
    const connection: Connection = { family: 'anthropic', baseURL: anthropic.baseURL, apiKey: 'test-key', provider: 'anthropic', transport: 'proxy' };
    const result = await streamCompletion(connection, request({ signal: controller.signal, onDelta: () => controller.abort() }));
    expect(result.status).toBe('aborted');
    expect(anthropic.partialText.startsWith(result.text)).toBe(true);
    await expect.poll(() => anthropic.activeStreams(), { timeout: 3000 }).toBe(0);
    anthropic.scenario = 'ok';
  });

  it('a refused target is a 403 http error carrying the relay message', async () => {
    const connection: Connection = { family: 'openai-compatible', baseURL: outsider.baseURL, apiKey: 'test-key', provider: 'deepseek', transport: 'proxy' };
    const error = (await streamCompletion(connection, request()).catch((caught: unknown) => caught)) as AiError;
    expect(error).toMatchObject({ kind: 'http', status: 403 });
    expect(error.message).toBe(`Forbidden: target origin is not allowed: ${outsider.url}`);
  });

  it('model lists use the same transport', async () => {
    const settings = defaultSettings();
    settings.aichat.gemini_key = 'test-key';
    settings.aichat.gemini_base_url = gemini.baseURL;
    const before = relayedPaths().length;
    expect((await fetchModelList('gemini', { settings })).map((item) => item.id)).toEqual(['gemini-2.5-flash', 'gemini-2.0-flash']);
    await expect.poll(() => relayedPaths().slice(before)).toEqual(['/v1beta/models']);
  });

  it('keys never reach the server log', () => {
    expect(app.output()).not.toContain('test-key');
    expect(app.output()).not.toContain('Be brief');
  });
});

describe('one list of proxied providers', () => {
  it("the server's built-in proxy origins are exactly the official origins of the providers the web sends through the proxy", async () => {
    const served = (await (await fetch(`${app.url}/api/proxy/config`)).json()) as { origins: string[] };
    const configured = new Set([openai.url, anthropic.url, gemini.url]);
    const builtIn = served.origins.filter((origin) => !configured.has(origin)).sort();
    const proxied = Object.values(providers)
      .filter((provider) => provider.viaProxy)
      .map((provider) => new URL(provider.officialBaseURL).origin)
      .sort();
    expect(builtIn).toEqual(proxied);
    expect(getProvider('openai').viaProxy).toBe(true);
  });
});

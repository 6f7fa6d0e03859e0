import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '../../../../test-support/fake-server';
import { startAiFake, type AiFake, type AiFakeKind } from '../../../../test-support/fakes/ai-provider-fake';
import type { ProviderName } from '../../../common/ai-providers';
import { defaultSettings, type Settings } from '../../../common/settings';
import { fetchModelList, parseCustomModels } from './model-list';
import { configureAiTransport } from './transport';
import { isAbort } from '../http/http-client';
import { rejection } from '../../../../test-support/ai-rejection';

const kinds: AiFakeKind[] = ['openai', 'gemini', 'openrouter', 'siliconflow'];
const fakes = {} as Record<AiFakeKind, AiFake>;
let appServer: FakeServer;

beforeAll(async () => {
  // The app server only answers the relay's config: no origin is relayed, so every call goes direct.
  appServer = await startFakeServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"origins":[]}');
  });
  configureAiTransport({ appOrigin: appServer.url });
  await Promise.all(kinds.map(async (kind) => (fakes[kind] = await startAiFake(kind))));
});
afterAll(async () => {
  await Promise.all([appServer.close(), ...kinds.map((kind) => fakes[kind].close())]);
});
beforeEach(() => {
  for (const kind of kinds) {
    fakes[kind].requests.length = 0;
    fakes[kind].modelsOverride = undefined;
  }
});

function settingsFor(provider: ProviderName, key = 'test-key', patch: Partial<Settings['aichat']> = {}): Settings {
  const settings = defaultSettings();
  const aichat = settings.aichat as Record<string, string>;
  aichat[`${provider}_key`] = key;
  const fake = fakes[provider as AiFakeKind];
  if (fake) aichat[`${provider}_base_url`] = fake.baseURL;
  Object.assign(settings.aichat, patch);
  return settings;
}

describe('fetchModelList rules (docs/behaviour.md "AI calls")', () => {
  it('gemini: GET /models with the key header; keeps names containing "gemini", without the models/ prefix', async () => {
    const list = await fetchModelList('gemini', { settings: settingsFor('gemini') });
    expect(list).toEqual([
      { id: 'gemini-2.5-flash', name: 'gemini-2.5-flash' },
      { id: 'gemini-2.0-flash', name: 'gemini-2.0-flash' },
    ]);
    const sent = fakes.gemini.requests[0];
    expect(new URL(sent.url, 'http://x').pathname).toBe('/v1beta/models');
    expect(sent.headers['x-goog-api-key']).toBe('test-key');
  });

  it('openrouter: keeps names containing "free", sorted by name, as id and name', async () => {
    const list = await fetchModelList('openrouter', { settings: settingsFor('openrouter') });
    expect(list).toEqual([
      { id: 'deepseek/deepseek-chat:free', name: 'DeepSeek: DeepSeek V3 (free)' },
      { id: 'google/gemma-2-9b-it:free', name: 'Google: Gemma 2 9B (free)' },
      { id: 'mistralai/mistral-7b-instruct:free', name: 'Mistral: Mistral 7B Instruct (free)' },
    ]);
    expect(fakes.openrouter.requests[0].headers.authorization).toBe('Bearer test-key');
  });

  it('siliconflow: GET /models?type=text&sub_type=chat', async () => {
    const list = await fetchModelList('siliconflow', { settings: settingsFor('siliconflow') });
    expect(list).toEqual([
      { id: 'BAAI/bge-m3', name: 'BAAI/bge-m3' },
      { id: 'Qwen/Qwen3-8B', name: 'Qwen/Qwen3-8B' },
    ]);
    expect(fakes.siliconflow.requests[0].url).toBe('/v1/models?type=text&sub_type=chat');
  });

  it('siliconflow: preconfigured models first, then by id', async () => {
    const ids = ['Qwen/Qwen3-8B', 'THUDM/glm-4-9b-chat', 'BAAI/bge-m3', 'Qwen/Qwen2.5-7B-Instruct', 'deepseek-ai/DeepSeek-V3'];
    fakes.siliconflow.modelsOverride = JSON.stringify({ object: 'list', data: ids.map((id) => ({ id, object: 'model', created: 0, owned_by: '' })) });
    const list = await fetchModelList('siliconflow', { settings: settingsFor('siliconflow') });
    expect(list.map((item) => item.id)).toEqual(['Qwen/Qwen2.5-7B-Instruct', 'THUDM/glm-4-9b-chat', 'BAAI/bge-m3', 'Qwen/Qwen3-8B', 'deepseek-ai/DeepSeek-V3']);
  });

  it('openai: GET /models, ids sorted', async () => {
    const list = await fetchModelList('openai', { settings: settingsFor('openai') });
    expect(list.map((item) => item.id)).toEqual(['model-id-0', 'model-id-1', 'model-id-2']);
  });

  it.each([
    ['anthropic', 10, 'claude-3-5-sonnet-latest'],
    ['deepseek', 3, 'deepseek-chat'],
    ['chatglm', 4, 'GLM-4-Flash'],
    ['doubao', 1, '{hash}'],
  ] as const)('%s: its fixed list of %i, without a request or a key', async (provider, count, first) => {
    const list = await fetchModelList(provider, { settings: defaultSettings() });
    expect(list).toHaveLength(count);
    expect(list[0]).toEqual({ id: first, name: first });
  });

  it('chatglm lists its four models', async () => {
    expect((await fetchModelList('chatglm', { settings: defaultSettings() })).map((item) => item.id)).toEqual([
      'GLM-4-Flash',
      'GLM-4V-Flash',
      'CogView-3-Flash',
      'CogVideoX-Flash',
    ]);
  });

  it('custom: custom_models when set, else GET {base}/models without a key', async () => {
    expect(await fetchModelList('custom', { settings: settingsFor('custom', '', { custom_models: 'llama3.2; qwen2.5:7b,\n llama3.2' }) })).toEqual([
      { id: 'llama3.2', name: 'llama3.2' },
      { id: 'qwen2.5:7b', name: 'qwen2.5:7b' },
    ]);
    const list = await fetchModelList('custom', { settings: settingsFor('custom', 'test-key', { custom_base_url: fakes.openai.baseURL }) });
    expect(list.map((item) => item.id)).toEqual(['model-id-0', 'model-id-1', 'model-id-2']);
    // A local server usually needs no key: none is invented.
    await fetchModelList('custom', { settings: settingsFor('custom', '', { custom_base_url: fakes.openai.baseURL }) }).catch(() => undefined);
    expect(fakes.openai.requests.at(-1)?.headers).not.toHaveProperty('authorization');
  });

  it('parseCustomModels splits on commas, semicolons and newlines and drops duplicates', () => {
    expect(parseCustomModels(' a, b;c\n\na ')).toEqual(['a', 'b', 'c']);
  });
});

describe('fetchModelList failures', () => {
  it('a missing key is the chat alert, with no request', async () => {
    const error = await rejection(fetchModelList('gemini', { settings: defaultSettings() }));
    expect(error.kind).toBe('missing-key');
    expect(error.message).toBe('please set the Gemini apikey first');
  });

  it('the OpenRouter list is public: it loads without a key and sends no authorization', async () => {
    const before = fakes.openrouter.requests.length;
    const items = await fetchModelList('openrouter', { settings: settingsFor('openrouter', '') });
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => item.id.endsWith(':free'))).toBe(true);
    expect(fakes.openrouter.requests[before].headers.authorization).toBeUndefined();
  });

  it('a refused key is an http error with the provider message', async () => {
    const error = await rejection(fetchModelList('openrouter', { settings: settingsFor('openrouter', 'wrong') }));
    expect(error).toMatchObject({ kind: 'http', status: 401, message: 'Unauthorized: No auth credentials found' });
  });

  it('gemini answers a bad key with 400 and its message', async () => {
    const error = await rejection(fetchModelList('gemini', { settings: settingsFor('gemini', 'wrong') }));
    expect(error).toMatchObject({ kind: 'http', status: 400, message: 'Bad Request: API key not valid. Please pass a valid API key.' });
  });

  it('a body that is not a model list is an error', async () => {
    fakes.openai.modelsOverride = '{"unexpected":true}';
    const error = await rejection(fetchModelList('openai', { settings: settingsFor('openai') }));
    expect(error.kind).toBe('bad-response');
  });

  it('an unreachable server is a network error; an abort is the caller’s abort', async () => {
    const dead = await startFakeServer(() => {});
    await dead.close();
    const error = await rejection(fetchModelList('openai', { settings: settingsFor('openai', 'test-key', { openai_base_url: `${dead.url}/v1` }) }));
    expect(error.kind).toBe('network');
    const controller = new AbortController();
    controller.abort();
    const aborted = await fetchModelList('openai', { settings: settingsFor('openai'), signal: controller.signal }).catch((reason: unknown) => reason);
    expect(isAbort(aborted)).toBe(true);
  });
});

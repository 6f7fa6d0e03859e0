// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { translatorEntryValue } from '../../../../common/config-templates';
import { startFakeServer, type FakeServer } from '../../../../../test-support/fake-server';
import { configureAiTransport } from '../../../lib/ai/transport';
import { createLlmFake, wireErrors } from '../../../../../test-support/fakes/llm-translate';
import { llmConnection, llmTranslate, modelList, type LlmService } from './llm-engine';
import { parseJsonReply, partialJsonTranslation, unwrapJsonFence } from './prompts';

let fake: FakeServer;
const llm = createLlmFake();

beforeAll(async () => {
  fake = await startFakeServer(llm.handler);
  // No relay in these tests: the fake answers /api/proxy/config with 404, so every call is direct.
  configureAiTransport({ appOrigin: fake.url });
});
afterAll(() => fake.close());
beforeEach(() => {
  llm.seen.length = 0;
  llm.state.replies = {};
});

function run(service: LlmService, model: string, extra: { onText?: (text: string) => void; temperature?: unknown; signal?: AbortSignal } = {}) {
  const baseURL = service === 'Gemini' ? `${fake.url}/v1beta` : `${fake.url}/v1`;
  const value = translatorEntryValue({ apiKey: 'k', model, baseURL, tempreature: extra.temperature });
  return llmTranslate({ service, value, edgeProxyGemini: true, text: '猫が好き', from: 'ja', to: 'zh', signal: extra.signal ?? new AbortController().signal, onText: extra.onText });
}

describe('OpenAI-compatible translator', () => {
  it('sends the JSON prompt with JSON mode and the template temperature, and returns `translate`', async () => {
    const shown: string[] = [];
    const result = await run('OpenAI', 'gpt-4o-mini', { onText: (text) => shown.push(text) });
    expect(result).toEqual({ text: 'translated: 猫が好き', model: 'gpt-4o-mini' });
    const body = llm.seen[0].body;
    expect(body.response_format).toEqual({ type: 'json_object' });
    expect(body.temperature).toBe(0.7);
    expect(body.stream).toBe(true);
    const messages = body.messages as Array<{ role: string; content: string }>;
    expect(messages[0].role).toBe('system');
    expect(messages[0].content).toContain('Simplified Chinese');
    expect(messages[0].content).toContain('{"origin"');
    expect(messages.at(-1)).toEqual({ role: 'user', content: '猫が好き' });
    expect(llm.seen[0].headers.authorization).toBe('Bearer k');
    // Streaming: the card fills before the reply is complete.
    expect(shown.length).toBeGreaterThan(2);
    expect(shown[0].length).toBeLessThan('translated: 猫が好き'.length);
    expect(shown.at(-1)).toBe('translated: 猫が好き');
  });

  it('reads the stored temperature (tempreature) over the default', async () => {
    await run('SiliconFlow', 'Qwen/Qwen2.5-7B-Instruct', { temperature: 0.2 });
    expect(llm.seen[0].body.temperature).toBe(0.2);
  });

  it('m1;m2;m3: m1 answers 429, m2 answers — m2\'s text is shown and m3 is never asked', async () => {
    llm.state.replies.m1 = { kind: 'error', status: 429, body: wireErrors.openaiRateLimited };
    llm.state.replies.m2 = { kind: 'text', text: '{"origin":"猫が好き","translate":"我喜欢猫"}' };
    expect(await run('OpenAI', 'm1;m2;m3')).toEqual({ text: '我喜欢猫', model: 'm2' });
    expect(llm.seen.map((request) => request.model)).toEqual(['m1', 'm2']);
  });

  it('moves on after a 5xx too', async () => {
    llm.state.replies.m1 = { kind: 'error', status: 503, body: '{"error":{"message":"overloaded"}}' };
    expect((await run('OpenRouter', 'm1;m2')).model).toBe('m2');
  });

  it('m1 answers 400: stops there with the status text and the provider\'s message', async () => {
    llm.state.replies.m1 = { kind: 'error', status: 400, body: wireErrors.siliconflowBadRequest };
    await expect(run('SiliconFlow', 'm1;m2;m3')).rejects.toMatchObject({
      kind: 'http',
      status: 400,
      message: 'Bad Request: length of prompt_tokens (68957) must be less than max_seq_len (65536).',
    });
    expect(llm.seen.map((request) => request.model)).toEqual(['m1']);
  });

  it('the last model rate-limited gives the 429 message', async () => {
    llm.state.replies.m1 = { kind: 'error', status: 429, body: wireErrors.openaiRateLimited };
    await expect(run('OpenAI', 'm1')).rejects.toThrow('请求过于频繁或已超过配额，请稍后再试');
  });

  it('unwraps a JSON reply in a json code fence', async () => {
    llm.state.replies.fenced = { kind: 'text', text: '```json\n{"origin":"猫が好き","translate":"我喜欢猫"}\n```' };
    expect((await run('OpenAI', 'fenced')).text).toBe('我喜欢猫');
  });

  it('a gemma model gets the plain prompt in the user turn, without JSON mode or system message', async () => {
    llm.state.replies['google/gemma-3-27b-it:free'] = { kind: 'text', text: '我喜欢猫\n' };
    expect(await run('OpenRouter', 'google/gemma-3-27b-it:free')).toEqual({ text: '我喜欢猫', model: 'google/gemma-3-27b-it:free' });
    const body = llm.seen[0].body;
    expect(body.response_format).toBeUndefined();
    expect(body.temperature).toBe(1);
    const messages = body.messages as Array<{ role: string; content: string }>;
    expect(messages).toHaveLength(1);
    expect(messages[0].role).toBe('user');
    expect(messages[0].content).toContain('Simplified Chinese');
    expect(messages[0].content).not.toContain('JSON');
    expect(messages[0].content.endsWith('猫が好き')).toBe(true);
  });

  it('a missing key fails before any request', async () => {
    const value = translatorEntryValue({ apiKey: '', model: 'm', baseURL: fake.url });
    await expect(
      llmTranslate({ service: 'OpenAI', value, edgeProxyGemini: true, text: 'x', from: 'en', to: 'ja', signal: new AbortController().signal }),
    ).rejects.toThrow('please set the OpenAI apikey first');
    expect(llm.seen).toHaveLength(0);
  });

  it('Gemini with an empty key throws the client message of docs/behaviour.md "AI calls"', async () => {
    const value = translatorEntryValue({ apiKey: ' ', model: 'gemini-2.0-flash', baseURL: fake.url });
    await expect(
      llmTranslate({ service: 'Gemini', value, edgeProxyGemini: true, text: 'x', from: 'en', to: 'ja', signal: new AbortController().signal }),
    ).rejects.toThrow('GoogleAI API key is empty');
    expect(llm.seen).toHaveLength(0);
  });

  it('cancelling stops the run with an abort, not a failure', async () => {
    llm.state.replies.slow = { kind: 'text', text: 'x', delayMs: 1000 };
    const controller = new AbortController();
    const pending = run('OpenAI', 'slow', { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('Gemini translator', () => {
  it('first model fails with 400, the second answers', async () => {
    llm.state.replies['gemini-bad'] = { kind: 'error', status: 400, body: wireErrors.geminiInvalidKey };
    llm.state.replies['gemini-2.0-flash'] = { kind: 'text', text: '{"origin":"猫が好き","translate":"我喜欢猫"}' };
    expect(await run('Gemini', 'gemini-bad;gemini-2.0-flash')).toEqual({ text: '我喜欢猫', model: 'gemini-2.0-flash' });
    expect(llm.seen.map((request) => request.model)).toEqual(['gemini-bad', 'gemini-2.0-flash']);
    const body = llm.seen[1].body as { generationConfig: Record<string, unknown>; system_instruction?: unknown };
    expect(body.generationConfig.responseMimeType).toBe('application/json');
    expect(body.generationConfig.temperature).toBe(1);
    expect(body.system_instruction).toBeDefined();
  });

  it('every model failing reports the last error', async () => {
    llm.state.replies.a = { kind: 'error', status: 400, body: wireErrors.geminiInvalidKey };
    llm.state.replies.b = { kind: 'error', status: 400, body: wireErrors.geminiInvalidKey };
    await expect(run('Gemini', 'a;b')).rejects.toThrow('API key not valid. Please pass a valid API key.');
    expect(llm.seen).toHaveLength(2);
  });

  it('gemma on Gemini: no JSON mode and no system instruction', async () => {
    llm.state.replies['gemma-3-27b-it'] = { kind: 'text', text: '我喜欢猫' };
    expect((await run('Gemini', 'gemma-3-27b-it')).text).toBe('我喜欢猫');
    const body = llm.seen[0].body as { generationConfig?: Record<string, unknown>; system_instruction?: unknown; systemInstruction?: unknown };
    expect(body.generationConfig?.responseMimeType).toBeUndefined();
    expect(body.system_instruction ?? body.systemInstruction).toBeUndefined();
  });
});

describe('helpers', () => {
  it('splits model lists', () => {
    expect(modelList(' m1; m2 ;;m3 ')).toEqual(['m1', 'm2', 'm3']);
  });

  it('connections: official base URLs of proxied providers go through the relay; Gemini honours edge-proxying', () => {
    const empty = translatorEntryValue({ apiKey: 'k', model: 'x' });
    expect(llmConnection('OpenAI', empty, true)).toMatchObject({ baseURL: 'https://api.openai.com/v1', transport: 'proxy', family: 'openai-compatible' });
    expect(llmConnection('Gemini', empty, true)).toMatchObject({ family: 'gemini', transport: 'proxy' });
    expect(llmConnection('Gemini', empty, false)).toMatchObject({ transport: 'direct' });
    expect(llmConnection('SiliconFlow', translatorEntryValue({ apiKey: 'k', baseURL: 'http://127.0.0.1:1234/v1/' }), true)).toMatchObject({
      baseURL: 'http://127.0.0.1:1234/v1',
      transport: 'auto',
    });
  });

  it('JSON replies: fences, partial streams, and non-JSON text', () => {
    expect(unwrapJsonFence('```json\n{"a":1}\n```')).toBe('{"a":1}');
    expect(parseJsonReply('{"origin":"a","translate":" b "}')).toBe('b');
    expect(parseJsonReply('just text')).toBe('just text');
    expect(partialJsonTranslation('{"origin":"a","translate":"line\\nnext')).toBe('line\nnext');
    expect(partialJsonTranslation('{"origin":"a","tra')).toBeUndefined();
  });
});

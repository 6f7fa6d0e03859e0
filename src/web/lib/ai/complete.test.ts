import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAiFake, type AiFake, type AiFakeKind } from '../../../../test-support/fakes/ai-provider-fake';
import type { ProviderName } from '../../../common/ai-providers';
import { defaultSettings } from '../../../common/settings';
import { useSettingsStore } from '../settings-store';
import { streamChat, streamCompletion, trimToContext, type CompletionRequest } from './complete';
import type { Connection } from './connection';
import { getProvider } from './registry';
import { rejection } from '../../../../test-support/ai-rejection';

const kinds: AiFakeKind[] = ['openai', 'deepseek', 'anthropic', 'gemini', 'openrouter', 'siliconflow', 'doubao', 'chatglm'];
const fakes = {} as Record<AiFakeKind, AiFake>;

beforeAll(async () => {
  await Promise.all(kinds.map(async (kind) => (fakes[kind] = await startAiFake(kind))));
});
afterAll(async () => {
  await Promise.all(kinds.map((kind) => fakes[kind].close()));
});

function connection(kind: AiFakeKind, apiKey = 'test-key'): Connection {
  const fake = fakes[kind];
  fake.scenario = 'ok';
  return { family: getProvider(kind as ProviderName).family, baseURL: fake.baseURL, apiKey, provider: kind as ProviderName, transport: 'direct' };
}

function request(overrides: Partial<CompletionRequest> = {}): CompletionRequest {
  return {
    model: 'test-model',
    system: 'You are terse.',
    messages: [
      { role: 'user', content: 'Hello' },
      { role: 'model', content: 'Hi.' },
      { role: 'user', content: 'How many r in strawberry?' },
    ],
    temperature: 0.7,
    ...overrides,
  };
}

describe('streamCompletion against each transcript', () => {
  it.each(kinds)('%s: streams the reply text chunk by chunk', async (kind) => {
    const deltas: string[] = [];
    const result = await streamCompletion(connection(kind), request({ onDelta: (delta, full) => deltas.push(delta) && expect(full).toBe(deltas.join('')) }));
    expect(result).toEqual({ status: 'done', text: fakes[kind].expectedText });
    expect(result.text.length).toBeGreaterThan(0);
    expect(deltas.length).toBeGreaterThan(1);
  });

  it('openai: sends bearer auth, temperature and stream; reads past the usage chunk to [DONE]', async () => {
    const fake = fakes.openai;
    const before = fake.requests.length;
    const result = await streamCompletion(connection('openai'), request());
    expect(result.text).toBe('**Holiday respect.');
    const sent = fake.requests[before];
    expect(sent.url).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe('Bearer test-key');
    const body = JSON.parse(sent.body.toString()) as Record<string, unknown>;
    expect(body).toMatchObject({ model: 'test-model', stream: true, temperature: 0.7 });
    expect(body.messages).toEqual([
      { role: 'system', content: 'You are terse.' },
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: 'Hi.' },
      { role: 'user', content: 'How many r in strawberry?' },
    ]);
  });

  it('deepseek: keep-alive comments and reasoning_content do not reach the reply text', async () => {
    const deltas: string[] = [];
    const result = await streamCompletion(connection('deepseek'), request({ onDelta: (delta) => deltas.push(delta) }));
    expect(result.text).toBe('The word.');
    expect(result.text).not.toContain('We need');
    expect(deltas).toEqual(['The', ' word', '.']);
  });

  it('anthropic: max_tokens 1024, top-level system, version and key headers; ping and event lines are handled', async () => {
    const fake = fakes.anthropic;
    const before = fake.requests.length;
    const result = await streamCompletion(connection('anthropic'), request({ temperature: 1.5 }));
    expect(result.text).toBe("Hello! I'm doing well, thank you for asking. How are you doing today? Is there anything I can help you with?");
    const sent = fake.requests[before];
    expect(sent.url).toBe('/v1/messages');
    expect(sent.headers['x-api-key']).toBe('test-key');
    expect(sent.headers['anthropic-version']).toBe('2023-06-01');
    const body = JSON.parse(sent.body.toString()) as Record<string, unknown>;
    expect(body).toMatchObject({ model: 'test-model', max_tokens: 1024, system: [{ type: 'text', text: 'You are terse.' }], stream: true });
    // Anthropic accepts 0..1; the chat's 0..2 slider is clamped rather than sent to fail.
    expect(body.temperature).toBe(1);
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Hello' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Hi.' }] },
      { role: 'user', content: [{ type: 'text', text: 'How many r in strawberry?' }] },
    ]);
  });

  it('gemini: alt=sse with CRLF framing and no terminator; body carries system_instruction and contents', async () => {
    const fake = fakes.gemini;
    const before = fake.requests.length;
    const result = await streamCompletion(connection('gemini'), request({ model: 'gemini-2.0-flash' }));
    expect(result.text).toBe('There are **3** "r"s in strawberry.\n\nst**r**awbe**rr**y');
    const sent = fake.requests[before];
    expect(sent.url).toBe('/v1beta/models/gemini-2.0-flash:streamGenerateContent?alt=sse');
    expect(sent.headers['x-goog-api-key']).toBe('test-key');
    const body = JSON.parse(sent.body.toString()) as Record<string, unknown>;
    expect(body.system_instruction).toEqual({ parts: [{ text: 'You are terse.' }] });
    expect(body).not.toHaveProperty('systemInstruction');
    expect(body.contents).toEqual([
      { role: 'user', parts: [{ text: 'Hello' }] },
      { role: 'model', parts: [{ text: 'Hi.' }] },
      { role: 'user', parts: [{ text: 'How many r in strawberry?' }] },
    ]);
    expect(body.generationConfig).toMatchObject({ temperature: 0.7 });
  });

  it('openrouter: ": OPENROUTER PROCESSING" comments before and inside the stream are skipped', async () => {
    const result = await streamCompletion(connection('openrouter'), request());
    expect(result.text).toBe('**Holiday respect.');
  });

  it('json asks OpenAI-compatible servers for response_format and Gemini for responseMimeType', async () => {
    const openaiBefore = fakes.openai.requests.length;
    await streamCompletion(connection('openai'), request({ json: true }));
    expect(JSON.parse(fakes.openai.requests[openaiBefore].body.toString())).toMatchObject({ response_format: { type: 'json_object' } });
    const geminiBefore = fakes.gemini.requests.length;
    await streamCompletion(connection('gemini'), request({ json: true }));
    expect(JSON.parse(fakes.gemini.requests[geminiBefore].body.toString())).toMatchObject({ generationConfig: { responseMimeType: 'application/json' } });
  });
});

describe('streamCompletion failures (docs/behaviour.md "Error wording")', () => {
  it.each([
    ['gemini', 'GoogleAI API key is empty'],
    ['anthropic', 'Anthropic API key not set'],
    ['deepseek', 'DeepSeek API key is empty'],
    ['openai', 'please set the OpenAI apikey first'],
  ] as const)('%s with an empty key throws %s and sends nothing (docs/behaviour.md "AI calls")', async (kind, message) => {
    const before = fakes[kind].requests.length;
    const error = await rejection(streamCompletion({ ...connection(kind), apiKey: '' }, request()));
    expect(error).toMatchObject({ kind: 'missing-key', message });
    expect(fakes[kind].requests).toHaveLength(before);
  });


  it.each([
    ['openai', 401, 'Incorrect API key provided: sk-VKMIs***************************************wjh3. You can find your API key at https://platform.openai.com/account/api-keys.'],
    ['deepseek', 401, 'Authentication Fails, Your api key: ****cd15 is invalid'],
    ['anthropic', 401, 'invalid x-api-key'],
    ['gemini', 400, 'API key not valid. Please pass a valid API key.'],
    ['openrouter', 401, 'No auth credentials found'],
    ['doubao', 401, 'The API key format is incorrect. Request id: 0217853335425'],
    ['chatglm', 401, 'Authorization Token非法，请确认Authorization Token正确传递。'],
  ] as const)('%s: a refused key is an http AiError: the status text, then the provider message', async (kind, status, message) => {
    const error = await rejection(streamCompletion(connection(kind, 'wrong-key'), request()));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(status);
    expect(error.message).toBe(`${status === 400 ? 'Bad Request' : 'Unauthorized'}: ${message}`);
    expect(error.body).toBeTypeOf('object');
  });

  it.each(kinds)('%s: 429 resolves rate-limited with empty text and no retry', async (kind) => {
    const conn = connection(kind);
    fakes[kind].scenario = 'rate-limited';
    const before = fakes[kind].chatBodies().length;
    const result = await streamCompletion(conn, request());
    expect(result).toEqual({ status: 'rate-limited', text: '' });
    expect(fakes[kind].chatBodies().length - before).toBe(1);
  });

  it.each(kinds)('%s: a stream cut mid-reply throws a stream error that keeps the partial text', async (kind) => {
    const conn = connection(kind);
    fakes[kind].scenario = 'cut';
    const deltas: string[] = [];
    const error = await rejection(streamCompletion(conn, request({ onDelta: (delta) => deltas.push(delta) })));
    expect(error.kind).toBe('stream');
    expect(error.partialText).toBe(fakes[kind].partialText);
    expect(deltas.join('')).toBe(fakes[kind].partialText);
  });

  it('anthropic: an error event inside a 200 stream is a stream error with the provider message and partial text', async () => {
    const conn = connection('anthropic');
    fakes.anthropic.scenario = 'error-event';
    const error = await rejection(streamCompletion(conn, request()));
    expect(error.kind).toBe('stream');
    expect(error.message).toContain('Overloaded');
    expect(error.partialText).toBe('Hello');
  });

  it.each(kinds)('%s: abort resolves aborted with the text that had arrived and closes the connection', async (kind) => {
    const conn = connection(kind);
    const fake = fakes[kind];
    fake.scenario = 'hang';
    const controller = new AbortController();
    const partial = fake.partialText;
    const result = await streamCompletion(
      conn,
      request({
        signal: controller.signal,
        onDelta: (_delta, full) => {
          if (full === partial) controller.abort();
        },
      }),
    );
    expect(result).toEqual({ status: 'aborted', text: partial });
    await expect.poll(() => fake.activeStreams(), { timeout: 2000 }).toBe(0);
  });

  it('an already aborted signal sends nothing', async () => {
    const before = fakes.openai.requests.length;
    const controller = new AbortController();
    controller.abort();
    expect(await streamCompletion(connection('openai'), request({ signal: controller.signal }))).toEqual({ status: 'aborted', text: '' });
    expect(fakes.openai.requests.length).toBe(before);
  });

  it('silence longer than timeoutMs is a timeout error that keeps the partial text', async () => {
    const conn = connection('openai');
    fakes.openai.scenario = 'hang';
    const error = await rejection(streamCompletion(conn, request({ timeoutMs: 300 })));
    expect(error.kind).toBe('timeout');
    expect(error.partialText).toBe(fakes.openai.partialText);
  });

  it('an unreachable server is a network error', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = net.createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const error = await rejection(
      streamCompletion({ family: 'openai-compatible', baseURL: `http://127.0.0.1:${port}/v1`, apiKey: 'k', provider: 'deepseek', transport: 'direct' }, request()),
    );
    expect(error.kind).toBe('network');
  });
});

describe('trimToContext', () => {
  const dialogue = Array.from({ length: 30 }, (_, index) => ({ role: index % 2 === 0 ? ('user' as const) : ('assistant' as const), content: `m${index}` }));

  it('keeps the last N messages, system messages and only role and content', () => {
    const withExtras = [{ role: 'system' as const, content: 'sys' }, ...dialogue.map((message) => ({ ...message, timestamp: 1, provider: 'x' }))];
    const trimmed = trimToContext(withExtras, 20);
    expect(trimmed[0]).toEqual({ role: 'system', content: 'sys' });
    expect(trimmed.slice(1).map((message) => message.content)).toEqual(dialogue.slice(10).map((message) => message.content));
    expect(Object.keys(trimmed[1])).toEqual(['role', 'content']);
  });

  it('never starts the dialogue with a reply', () => {
    const trimmed = trimToContext(dialogue, 5);
    expect(trimmed[0].role).toBe('user');
    expect(trimmed.map((message) => message.content)).toEqual(['m26', 'm27', 'm28', 'm29']);
  });

  it('streamChat sends only the provider\'s context: 20 messages to Gemini, 100 to DeepSeek', async () => {
    const settings = defaultSettings();
    Object.assign(settings.aichat, {
      gemini_key: 'test-key',
      gemini_base_url: fakes.gemini.baseURL,
      deepseek_key: 'test-key',
      deepseek_base_url: fakes.deepseek.baseURL,
    });
    useSettingsStore.getState().save(settings);
    // 41 messages, user first and last.
    const long = Array.from({ length: 41 }, (_, index) => ({ role: index % 2 === 0 ? ('user' as const) : ('assistant' as const), content: `m${index}` }));
    fakes.gemini.scenario = 'ok';
    fakes.deepseek.scenario = 'ok';

    await streamChat('gemini', request({ messages: long }));
    const contents = (fakes.gemini.chatBodies().at(-1) as { contents: { parts: { text: string }[] }[] }).contents;
    // The last 20 would start with a reply (m21), so the dialogue starts at m22.
    expect(contents.map((content) => content.parts[0].text)).toEqual(long.slice(22).map((message) => message.content));

    await streamChat('deepseek', request({ messages: long }));
    const sent = (fakes.deepseek.chatBodies().at(-1) as { messages: { content: string }[] }).messages;
    expect(sent.filter((message) => message.content.startsWith('m'))).toHaveLength(41);
  });

  it('uses the registry limits: 20 for Gemini, 100 for DeepSeek', () => {
    expect(getProvider('gemini').contextLimit).toBe(20);
    expect(getProvider('deepseek').contextLimit).toBe(100);
  });
});

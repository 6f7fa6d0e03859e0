import type http from 'node:http';
import { startFakeServer, type FakeServer, type RecordedRequest } from '../fake-server';
import {
  anthropicWire,
  chatglmWire,
  deepseekWire,
  doubaoWire,
  geminiWire,
  openaiWire,
  openrouterWire,
  siliconflowWire,
} from './ai-wire';

export type AiFakeKind = 'openai' | 'deepseek' | 'anthropic' | 'gemini' | 'openrouter' | 'siliconflow' | 'doubao' | 'chatglm';

/**
 * What the next chat request gets:
 * - ok: the transcript, streamed frame by frame;
 * - rate-limited: the provider's 429 body;
 * - cut: half the transcript, then the socket is destroyed (no terminator, no chunked end);
 * - hang: the first frames, then silence until the client goes away;
 * - error-event: a 200 stream that carries the provider's in-stream error (Anthropic `event: error`);
 * - redirect: a 302 to another host.
 */
export type AiFakeScenario = 'ok' | 'rate-limited' | 'cut' | 'hang' | 'error-event' | 'redirect';

export interface AiFake extends FakeServer {
  kind: AiFakeKind;
  /** The key the fake accepts; any other key gets the provider's real 401 (Gemini: 400) body. */
  apiKey: string;
  scenario: AiFakeScenario;
  /** Replaces the transcript's GET /models body (to exercise sorting rules). */
  modelsOverride?: string;
  /** Pause between frames, ms. */
  frameDelayMs: number;
  /** The base URL a client would configure (path prefix included, as the official one has). */
  baseURL: string;
  /** The reply text the transcript carries (what a correct client shows). */
  expectedText: string;
  /** The frames written before a `cut`/`hang`, and the text they carry. */
  partialFrames: number;
  partialText: string;
  /**
   * Chat responses whose connection is still open. Preferred over `openConnections()` for abort
   * assertions: undici may open a spare idle socket right after an aborted one closes.
   */
  activeStreams: () => number;
  /** Chat requests received (JSON bodies). */
  chatBodies: () => Array<Record<string, unknown>>;
}

const basePaths: Record<AiFakeKind, string> = {
  openai: '/v1',
  deepseek: '',
  anthropic: '/v1',
  gemini: '/v1beta',
  openrouter: '/api/v1',
  siliconflow: '/v1',
  doubao: '/api/v3',
  chatglm: '/api/paas/v4',
};

/** OpenRouter's chunks are OpenAI's plus a top-level "provider" (openrouter.md; byte capture unconfirmed). */
const openrouterEvents = openaiWire.streamEvents.map((event) =>
  event.startsWith('data: {"id"') ? event.replace(/^data: \{("id":"[^"]+",)/, 'data: {$1"provider":"OpenAI",') : event,
);

/** ChatGLM: "suggested fake chunk" shape of chatglm.md (stream bytes unconfirmed), usage on the last chunk. */
const chatglmEvents = [
  'data: {"id":"20250101120000abc","created":1735700000,"model":"GLM-4-Flash","choices":[{"index":0,"delta":{"role":"assistant","content":"春"}}]}',
  'data: {"id":"20250101120000abc","created":1735700000,"model":"GLM-4-Flash","choices":[{"index":0,"delta":{"role":"assistant","content":"风"}}]}',
  'data: {"id":"20250101120000abc","created":1735700000,"model":"GLM-4-Flash","choices":[{"index":0,"delta":{"role":"assistant","content":"拂面"}}]}',
  'data: {"id":"20250101120000abc","created":1735700000,"model":"GLM-4-Flash","choices":[{"index":0,"finish_reason":"stop","delta":{"role":"assistant","content":""}}],"usage":{"prompt_tokens":8,"completion_tokens":3,"total_tokens":11}}',
  'data: [DONE]',
];

/** SiliconFlow streams OpenAI framing (siliconflow.md); the Doubao transcript is reused for its bytes. */
function streamEvents(kind: AiFakeKind): string[] {
  switch (kind) {
    case 'openai':
    case 'siliconflow':
      return openaiWire.streamEvents;
    case 'deepseek':
      return [': keep-alive', ': keep-alive', ...deepseekWire.reasonerStreamEvents];
    case 'anthropic':
      return anthropicWire.recordedStreamEvents;
    case 'gemini':
      return geminiWire.streamEvents;
    case 'openrouter':
      return [openrouterWire.processingComment, openrouterWire.processingComment, ...openrouterEvents.slice(0, 3), openrouterWire.processingComment, ...openrouterEvents.slice(3)];
    case 'doubao':
      return doubaoWire.streamEvents;
    case 'chatglm':
      return chatglmEvents;
  }
}

/** Gemini's native alt=sse stream is framed with CRLF (gemini.md); the others with LF. */
function frame(kind: AiFakeKind, event: string): string {
  return kind === 'gemini' ? `${event.split('\n').join('\r\n')}\r\n\r\n` : `${event}\n\n`;
}

/** The reply text of a list of events, read the way the transcripts define it. */
export function textOf(kind: AiFakeKind, events: string[]): string {
  let text = '';
  for (const event of events) {
    const data = event.split('\n').find((line) => line.startsWith('data: '));
    if (!data || data === 'data: [DONE]') continue;
    const json = JSON.parse(data.slice(6)) as Record<string, unknown>;
    if (kind === 'anthropic') {
      const delta = json.delta as { type?: string; text?: string } | undefined;
      if (json.type === 'content_block_delta' && delta?.type === 'text_delta') text += delta.text ?? '';
    } else if (kind === 'gemini') {
      const candidates = json.candidates as Array<{ content?: { parts?: Array<{ text?: string }> } }>;
      for (const part of candidates?.[0]?.content?.parts ?? []) text += part.text ?? '';
    } else {
      const choices = json.choices as Array<{ delta?: { content?: string | null } }>;
      text += choices?.[0]?.delta?.content ?? '';
    }
  }
  return text;
}

function modelsBody(kind: AiFakeKind): string {
  switch (kind) {
    case 'openai':
      return openaiWire.models;
    case 'deepseek':
      return deepseekWire.models;
    case 'anthropic':
      return anthropicWire.models;
    case 'gemini':
      return geminiWire.models;
    case 'openrouter': {
      // The verbatim model object, plus free variants of it (ids and names as OpenRouter spells free models).
      const real = JSON.parse(openrouterWire.modelObject) as Record<string, unknown>;
      const free = (id: string, name: string) => ({ ...real, id, canonical_slug: id, name, pricing: { prompt: '0', completion: '0', request: '0', image: '0' } });
      return JSON.stringify({
        data: [
          free('mistralai/mistral-7b-instruct:free', 'Mistral: Mistral 7B Instruct (free)'),
          real,
          free('deepseek/deepseek-chat:free', 'DeepSeek: DeepSeek V3 (free)'),
          free('google/gemma-2-9b-it:free', 'Google: Gemma 2 9B (free)'),
        ],
      });
    }
    case 'siliconflow':
      return siliconflowWire.models;
    case 'doubao':
      return doubaoWire.models;
    case 'chatglm':
      // chatglm.md: shape presumed to be the OpenAI list (unconfirmed).
      return JSON.stringify({ object: 'list', data: [{ id: 'glm-4-flash', object: 'model', created: 0, owned_by: 'zhipu' }] });
  }
}

function unauthorized(kind: AiFakeKind): [number, string] {
  switch (kind) {
    case 'openai':
    case 'siliconflow':
      return [401, openaiWire.unauthorized];
    case 'deepseek':
      return [401, deepseekWire.unauthorized];
    case 'anthropic':
      return [401, anthropicWire.unauthorized];
    case 'gemini':
      return [400, geminiWire.invalidKey];
    case 'openrouter':
      return [401, openrouterWire.unauthorized];
    case 'doubao':
      return [401, doubaoWire.unauthorized];
    case 'chatglm':
      return [401, chatglmWire.unauthorized];
  }
}

function rateLimited(kind: AiFakeKind): string {
  switch (kind) {
    case 'openai':
    case 'deepseek':
    case 'openrouter':
      return openaiWire.rateLimited;
    case 'anthropic':
      return anthropicWire.rateLimited;
    case 'gemini':
      return geminiWire.rateLimited;
    case 'siliconflow':
      return siliconflowWire.rateLimited;
    case 'doubao':
      return doubaoWire.rateLimited;
    case 'chatglm':
      return chatglmWire.rateLimited;
  }
}

function presentedKey(kind: AiFakeKind, request: RecordedRequest): string | undefined {
  if (kind === 'anthropic') return request.headers['x-api-key'] as string | undefined;
  if (kind === 'gemini') {
    const header = request.headers['x-goog-api-key'] as string | undefined;
    return header ?? new URL(request.url, 'http://fake').searchParams.get('key') ?? undefined;
  }
  const auth = request.headers.authorization;
  return auth?.startsWith('Bearer ') ? auth.slice(7) : undefined;
}

function isChat(kind: AiFakeKind, request: RecordedRequest): boolean {
  const path = new URL(request.url, 'http://fake').pathname;
  if (request.method !== 'POST') return false;
  if (kind === 'anthropic') return path.endsWith('/messages');
  if (kind === 'gemini') return path.endsWith(':streamGenerateContent');
  return path.endsWith('/chat/completions');
}

function json(response: http.ServerResponse, status: number, body: string, headers: http.OutgoingHttpHeaders = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(body);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A local stand-in for one AI provider, speaking its wire transcript (docs/protocols/) byte for byte. */
export async function startAiFake(kind: AiFakeKind, apiKey = 'test-key'): Promise<AiFake> {
  const events = streamEvents(kind);
  // A cut or hang happens right after the middle frame that carries reply text.
  const textFrames = events.map((event, index) => (textOf(kind, [event]) ? index : -1)).filter((index) => index >= 0);
  const partialFrames = textFrames[Math.floor((textFrames.length - 1) / 2)] + 1;
  let active = 0;
  const server = await startFakeServer(async (request, response) => {
    const path = new URL(request.url, 'http://fake').pathname;
    if (!path.startsWith(basePaths[kind])) return json(response, 404, '{"error":{"message":"not found"}}');
    const publicList = kind === 'openrouter' && request.method === 'GET' && path === `${basePaths[kind]}/models` && !request.headers.authorization;
    // OpenRouter's model list answers without a key (a wrong key is still refused).
    if (!publicList && presentedKey(kind, request) !== fake.apiKey) {
      const [status, body] = unauthorized(kind);
      return json(response, status, body);
    }
    if (request.method === 'GET' && path === `${basePaths[kind]}/models`) return json(response, 200, fake.modelsOverride ?? modelsBody(kind));
    if (!isChat(kind, request)) return json(response, 404, '{"error":{"message":"not found"}}');

    switch (fake.scenario) {
      case 'rate-limited':
        return json(response, 429, rateLimited(kind), { 'retry-after': '20' });
      case 'redirect':
        response.writeHead(302, { location: 'http://127.0.0.1:9/elsewhere' });
        response.end();
        return;
      default:
        break;
    }
    active += 1;
    response.on('close', () => (active -= 1));
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-request-id': 'req_fake' });
    if (fake.scenario === 'error-event' && kind === 'anthropic') {
      for (const event of anthropicWire.recordedStreamEvents.slice(0, 4)) {
        response.write(frame(kind, event));
        await sleep(fake.frameDelayMs);
      }
      response.end(frame(kind, anthropicWire.overloadedEvent));
      return;
    }
    const count = fake.scenario === 'cut' || fake.scenario === 'hang' ? partialFrames : events.length;
    for (const event of events.slice(0, count)) {
      if (response.destroyed) return;
      response.write(frame(kind, event));
      await sleep(fake.frameDelayMs);
    }
    if (fake.scenario === 'cut') {
      response.socket?.destroy();
      return;
    }
    if (fake.scenario === 'hang') {
      // Node keeps a half-closed socket open while a response is unfinished; a real upstream
      // notices the client's FIN and drops the connection, so the fake does too.
      const socket = response.socket;
      await new Promise<void>((resolve) => {
        response.on('close', () => resolve());
        socket?.on('end', () => socket.destroy());
      });
      return;
    }
    response.end();
  });
  // The handler above reads `fake` only when a request arrives, which is after this line.
  const fake: AiFake = Object.assign(server, {
    kind,
    apiKey,
    scenario: 'ok' as AiFakeScenario,
    frameDelayMs: 1,
    baseURL: `${server.url}${basePaths[kind]}`,
    expectedText: textOf(kind, events),
    partialFrames,
    partialText: textOf(kind, events.slice(0, partialFrames)),
    activeStreams: () => active,
    chatBodies: () =>
      server.requests.filter((request) => isChat(kind, request)).map((request) => JSON.parse(request.body.toString('utf8')) as Record<string, unknown>),
  });
  return fake;
}

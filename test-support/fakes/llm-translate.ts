import type http from 'node:http';
import { geminiWire, openaiWire, siliconflowWire } from './ai-wire';
import type { FakeHandler, RecordedRequest } from '../fake-server';

/**
 * Local OpenAI-compatible and Gemini servers for the translator's tests. Every frame is a frame of
 * docs/protocols/openai.md and gemini.md with only the text swapped, and errors are the
 * transcripts' own bodies. Replies are chosen per model, so fallback between models can be
 * scripted.
 */
export type LlmReply =
  | { kind: 'text'; text: string; delayMs?: number }
  | { kind: 'error'; status: number; body: string; delayMs?: number };

export interface LlmFakeState {
  /** Reply per model id; a model without one answers `defaultReply(userText)`. */
  replies: Record<string, LlmReply>;
  defaultReply: (userText: string, model: string) => LlmReply;
  /** Pause between streamed pieces. */
  frameDelayMs: number;
}

export interface SeenRequest {
  family: 'openai' | 'gemini';
  model: string;
  body: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
}

export const wireErrors = {
  openaiRateLimited: openaiWire.rateLimited,
  openaiUnauthorized: openaiWire.unauthorized,
  siliconflowBadRequest: siliconflowWire.badRequest,
  geminiInvalidKey: geminiWire.invalidKey,
  geminiRateLimited: geminiWire.rateLimited,
};

function splitText(text: string): string[] {
  const pieces = text.match(/[\s\S]{1,6}/g);
  return pieces ?? [''];
}

function openaiFrames(text: string): string[] {
  const [first, content, , , , finish, usage, done] = openaiWire.streamEvents;
  const pieces = splitText(text).map((piece) => content.replace('"content":"**"', `"content":${JSON.stringify(piece)}`));
  return [first, ...pieces, finish, usage, done].map((event) => `${event}\n\n`);
}

function geminiFrames(text: string): string[] {
  const template = geminiWire.streamEvents[0];
  const pieces = splitText(text);
  return pieces.map((piece, index) => {
    let event = template.replace('"text":"There are **3**"', `"text":${JSON.stringify(piece)}`);
    if (index === pieces.length - 1) event = event.replace('"role":"model"},"index":0}', '"role":"model"},"finishReason":"STOP","index":0}');
    // Gemini frames with CRLF (gemini.md), which catches naive "\n\n" splitters.
    return `${event}\r\n\r\n`;
  });
}

function userText(family: 'openai' | 'gemini', body: Record<string, unknown>): string {
  if (family === 'openai') {
    const messages = (body.messages ?? []) as Array<{ role: string; content: unknown }>;
    const last = [...messages].reverse().find((message) => message.role === 'user');
    return typeof last?.content === 'string' ? last.content : JSON.stringify(last?.content ?? '');
  }
  const contents = (body.contents ?? []) as Array<{ parts?: Array<{ text?: string }> }>;
  return contents.at(-1)?.parts?.map((part) => part.text ?? '').join('') ?? '';
}

export function createLlmFake(overrides: Partial<LlmFakeState> = {}) {
  const state: LlmFakeState = {
    replies: {},
    defaultReply: (text) => ({ kind: 'text', text: `{"origin":${JSON.stringify(text)},"translate":${JSON.stringify(`translated: ${text}`)}}` }),
    frameDelayMs: 2,
    ...overrides,
  };
  const seen: SeenRequest[] = [];

  const handler: FakeHandler = async (request: RecordedRequest, response) => {
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-headers', '*');
    response.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
    if (request.method === 'OPTIONS') {
      response.writeHead(204);
      response.end();
      return;
    }
    const url = new URL(request.url, 'http://fake');
    let family: 'openai' | 'gemini';
    let model: string;
    const gemini = /\/models\/([^/:]+):(streamGenerateContent|generateContent)$/.exec(url.pathname);
    const body = JSON.parse(request.body.toString('utf8') || '{}') as Record<string, unknown>;
    if (gemini) {
      family = 'gemini';
      model = decodeURIComponent(gemini[1]);
    } else if (url.pathname.endsWith('/chat/completions')) {
      family = 'openai';
      model = String(body.model ?? '');
    } else {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('{"error":{"message":"not found"}}');
      return;
    }
    seen.push({ family, model, body, headers: request.headers });
    const reply = state.replies[model] ?? state.defaultReply(userText(family, body), model);
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (reply.kind === 'error') {
      response.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(reply.body);
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const frame of family === 'openai' ? openaiFrames(reply.text) : geminiFrames(reply.text)) {
      if (response.destroyed) return;
      response.write(frame);
      if (state.frameDelayMs) await new Promise((resolve) => setTimeout(resolve, state.frameDelayMs));
    }
    response.end();
  };

  return { handler, state, seen };
}

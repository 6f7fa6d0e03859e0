import { createHash } from 'node:crypto';
import type http from 'node:http';
import type { FakeHandler, RecordedRequest } from '../fake-server';

/**
 * Local stand-ins for the speech services of issue 5, steered through a mutable `state`:
 * - the configured speech service (docs/protocols/ttsmp3.md "The configured speech service": JSON
 *   {platform, lang, text, gender, rate} + Authorization → audio bytes);
 * - ttsmp3.com's `/makemp3_new.php` (form {msg, lang, source} → PHP-encoded JSON
 *   `{"Error":0,"Speaker":…,"Cached":…,"Text":…,"tasktype":…,"URL":…,"MP3":…}`, the field
 *   order and escaping of a real recorded answer; its error body `{"Error":"…"}` is assembled),
 *   and its `/created_mp3/<file>.mp3` files with Range support;
 * - SiliconFlow's audio API per docs/protocols/siliconflow.md "Audio (speech and cloned voices)"
 *   and the error envelope of its "Chat" section.
 */

/** A short silent MPEG-1 Layer III stream (mono, 44.1 kHz, 128 kbit/s): real browsers decode it. */
export function silentMp3(frames = 12): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0xc0]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

/** PHP's json_encode: `/` escaped as `\/`, non-ASCII as \uXXXX (what ttsmp3 sends). */
export function phpJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\//g, '\\/')
    .replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function send(response: http.ServerResponse, status: number, type: string, body: string | Buffer) {
  response.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  response.end(body);
}

function sendAudio(request: RecordedRequest, response: http.ServerResponse, audio: Buffer, type = 'audio/mpeg') {
  const range = /^bytes=(\d*)-(\d*)$/.exec(String(request.headers.range ?? ''));
  if (range && (range[1] || range[2])) {
    const start = range[1] ? Number(range[1]) : audio.length - Number(range[2]);
    const end = range[1] && range[2] ? Math.min(Number(range[2]), audio.length - 1) : audio.length - 1;
    const part = audio.subarray(start, end + 1);
    response.writeHead(206, {
      'content-type': type,
      'content-length': part.length,
      'content-range': `bytes ${start}-${end}/${audio.length}`,
      'accept-ranges': 'bytes',
    });
    response.end(part);
    return;
  }
  response.writeHead(200, { 'content-type': type, 'content-length': audio.length, 'accept-ranges': 'bytes' });
  response.end(audio);
}

function delay(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// ---------------------------------------------------------------------------------------------
// The configured speech service

export type ServiceReply = 'audio' | 'http-500' | 'json-error' | 'unauthorized' | 'hang';

export interface SpeechServiceState {
  /** The Authorization header value accepted; anything else gets 401. */
  token: string;
  reply: ServiceReply;
  delayMs: number;
}

export function speechServiceState(overrides: Partial<SpeechServiceState> = {}): SpeechServiceState {
  return { token: 'Bearer test-token', reply: 'audio', delayMs: 0, ...overrides };
}

export function speechServiceHandler(state: SpeechServiceState): FakeHandler {
  return async (request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-headers', 'authorization, content-type');
    if (request.method === 'OPTIONS') return send(response, 204, 'text/plain', '');
    if (state.delayMs) await delay(state.delayMs);
    if (state.reply === 'hang') return; // never answers: the client's timeout must fire
    if (state.reply === 'http-500') return send(response, 500, 'text/plain', 'Internal Server Error');
    if (state.reply === 'json-error') return send(response, 200, 'application/json', '{"error":"voice not available","code":4001}');
    if (state.reply === 'unauthorized' || request.headers.authorization !== state.token) {
      return send(response, 401, 'application/json', '{"error":"unauthorized"}');
    }
    let body: { platform?: unknown; lang?: unknown; text?: unknown; gender?: unknown; rate?: unknown };
    try {
      body = JSON.parse(request.body.toString('utf8'));
    } catch {
      return send(response, 400, 'application/json', '{"error":"bad json"}');
    }
    if (typeof body.text !== 'string' || !body.text || typeof body.lang !== 'string') {
      return send(response, 400, 'application/json', '{"error":"text and lang are required"}');
    }
    sendAudio(request, response, silentMp3());
  };
}

// ---------------------------------------------------------------------------------------------
// ttsmp3.com

export type Ttsmp3Reply = 'ok' | 'limit' | 'http-500' | 'html';

export interface Ttsmp3State {
  reply: Ttsmp3Reply;
  /** When true the returned URL points at a file the fake does not have (a broken clip). */
  brokenAudio: boolean;
  delayMs: number;
  /** When set, each answer waits for it too: a test holds the service and releases it when it wants. */
  hold?: Promise<void>;
  /** Origin the fake writes into URL (its own, set by the test once listening). */
  origin: string;
  /** The MP3s made so far, by file name. */
  files: Map<string, Buffer>;
}

export function ttsmp3State(overrides: Partial<Ttsmp3State> = {}): Ttsmp3State {
  return { reply: 'ok', brokenAudio: false, delayMs: 0, origin: 'https://ttsmp3.com', files: new Map(), ...overrides };
}

export function ttsmp3Handler(state: Ttsmp3State): FakeHandler {
  const { files } = state;
  return async (request, response) => {
    const url = new URL(request.url, 'http://fake');
    if (request.method === 'GET') {
      const match = /^\/(created_mp3|created_mp3_ai)\/([A-Za-z0-9_-]+\.mp3)$/.exec(url.pathname);
      const audio = match ? files.get(match[2]) : undefined;
      if (!audio) return send(response, 404, 'text/html', '<html><body>404 Not Found</body></html>');
      return sendAudio(request, response, audio);
    }
    if (request.method !== 'POST' || url.pathname !== '/makemp3_new.php') return send(response, 404, 'text/html', 'Not Found');
    if (state.delayMs) await delay(state.delayMs);
    await state.hold;
    if (state.reply === 'http-500') return send(response, 500, 'text/html', '<html><body>500 Internal Server Error</body></html>');
    if (state.reply === 'html') return send(response, 200, 'text/html; charset=UTF-8', '<html><body>Please try again later</body></html>');
    const form = new URLSearchParams(request.body.toString('utf8'));
    const msg = form.get('msg') ?? '';
    const lang = form.get('lang') ?? '';
    if (state.reply === 'limit') return send(response, 200, 'text/html; charset=UTF-8', phpJson({ Error: 'Usage Limit exceeded', URL: '' }));
    const name = `${createHash('md5').update(`${lang}:${msg}`).digest('hex')}.mp3`;
    if (!state.brokenAudio) files.set(name, silentMp3());
    const answer = { Error: 0, Speaker: lang, Cached: 0, Text: msg, tasktype: 'Polly', URL: `${state.origin}/created_mp3/${name}`, MP3: name };
    send(response, 200, 'text/html; charset=UTF-8', phpJson(answer));
  };
}

// ---------------------------------------------------------------------------------------------
// SiliconFlow audio API

export interface FakeVoice {
  model: string;
  customName: string;
  text: string;
  uri: string;
}

export interface SiliconflowAudioState {
  apiKey: string;
  voices: FakeVoice[];
  /** Makes /audio/speech fail with this reply once. */
  speechFailure: null | { status: number; body: string; contentType: string };
  /** The last /audio/speech request body, for assertions. */
  lastSpeech: Record<string, unknown> | null;
}

export function siliconflowAudioState(overrides: Partial<SiliconflowAudioState> = {}): SiliconflowAudioState {
  return { apiKey: 'sk-test', voices: [], speechFailure: null, lastSpeech: null, ...overrides };
}

function envelope(code: number | null, message: string): string {
  return JSON.stringify(code === null ? { message, data: null } : { code, message, data: null });
}

/** Parses a multipart/form-data body into its text fields (enough for the documented upload). */
function multipartFields(request: RecordedRequest): Record<string, string> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(String(request.headers['content-type']));
  if (!boundary) return {};
  const fields: Record<string, string> = {};
  for (const part of request.body.toString('latin1').split(`--${boundary[1] ?? boundary[2]}`)) {
    const name = /name="([^"]+)"/.exec(part);
    const split = part.indexOf('\r\n\r\n');
    if (name && split >= 0) fields[name[1]] = Buffer.from(part.slice(split + 4).replace(/\r\n$/, ''), 'latin1').toString('utf8');
  }
  return fields;
}

export function siliconflowAudioHandler(state: SiliconflowAudioState): FakeHandler {
  return (request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-headers', 'authorization, content-type');
    if (request.method === 'OPTIONS') return send(response, 204, 'text/plain', '');
    const path = new URL(request.url, 'http://fake').pathname;
    if (request.headers.authorization !== `Bearer ${state.apiKey}`) {
      return send(response, 401, 'application/json', envelope(20006, 'Invalid token'));
    }
    if (request.method === 'GET' && path === '/v1/audio/voice/list') {
      return send(response, 200, 'application/json', JSON.stringify({ result: state.voices }));
    }
    if (request.method === 'POST' && path === '/v1/uploads/audio/voice') {
      const type = String(request.headers['content-type'] ?? '');
      let fields: Record<string, unknown>;
      try {
        fields = type.startsWith('multipart/form-data') ? multipartFields(request) : JSON.parse(request.body.toString('utf8'));
      } catch {
        return send(response, 400, 'application/json', envelope(20015, 'invalid request body'));
      }
      const { model, customName, text, audio } = fields as Record<string, unknown>;
      if (typeof model !== 'string' || typeof customName !== 'string' || typeof text !== 'string') {
        return send(response, 400, 'application/json', envelope(20015, 'model, customName and text are required'));
      }
      if (typeof audio !== 'string' || !/^data:audio\/[\w.+-]+;base64,[A-Za-z0-9+/]+=*$/.test(audio)) {
        return send(response, 400, 'application/json', envelope(20015, 'audio must be a base64 data URL'));
      }
      const id = createHash('md5').update(audio).digest('hex');
      const uri = `speech:${customName}:${id.slice(0, 25)}:${id.slice(25)}`;
      state.voices.push({ model, customName, text, uri });
      return send(response, 200, 'application/json', JSON.stringify({ uri }));
    }
    if (request.method === 'POST' && path === '/v1/audio/voice/deletions') {
      const { uri } = JSON.parse(request.body.toString('utf8') || '{}') as { uri?: string };
      const index = state.voices.findIndex((voice) => voice.uri === uri);
      if (index < 0) return send(response, 400, 'application/json', envelope(20012, 'voice not found'));
      state.voices.splice(index, 1);
      // The docs give the 200 body's type as "string" only; a JSON string is what that schema means.
      return send(response, 200, 'application/json', '"success"');
    }
    if (request.method === 'POST' && path === '/v1/audio/speech') {
      const body = JSON.parse(request.body.toString('utf8')) as Record<string, unknown>;
      state.lastSpeech = body;
      if (state.speechFailure) {
        const failure = state.speechFailure;
        state.speechFailure = null;
        return send(response, failure.status, failure.contentType, Buffer.from(failure.body, 'utf8'));
      }
      if (typeof body.input !== 'string' || !body.input) return send(response, 400, 'application/json', envelope(20015, 'input is required'));
      const voice = String(body.voice ?? '');
      const known = voice.startsWith(`${body.model}:`) || state.voices.some((v) => v.uri === voice);
      if (!known) return send(response, 400, 'application/json', envelope(20047, 'voice not found'));
      return sendAudio(request, response, silentMp3());
    }
    send(response, 404, 'application/json', envelope(20404, 'Not Found'));
  };
}

// ---------------------------------------------------------------------------------------------
// A media element for tests: the browser in tests has no audio device, so tests drive the
// player through the same events an HTMLMediaElement fires.

export class FakeMedia extends EventTarget {
  src = '';
  currentTime = 0;
  paused = true;
  /** Every src play() was called with, in order. */
  readonly played: string[] = [];
  /** Makes play() reject for a src (e.g. NotSupportedError for an unplayable clip). */
  rejectPlay: ((src: string) => Error | null) | null = null;

  async play(): Promise<void> {
    const error = this.rejectPlay?.(this.src);
    if (error) throw error;
    this.paused = false;
    this.played.push(this.src);
    this.dispatchEvent(new Event('playing'));
  }

  pause(): void {
    this.paused = true;
  }

  load(): void {}

  removeAttribute(name: string): void {
    if (name === 'src') this.src = '';
  }

  /** Plays on a little, then ends, as audio does. */
  finish(): void {
    this.currentTime = 1.25;
    this.paused = true;
    this.dispatchEvent(new Event('ended'));
  }

  fail(): void {
    this.dispatchEvent(new Event('error'));
  }
}

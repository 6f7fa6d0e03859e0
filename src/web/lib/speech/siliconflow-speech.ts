import { normalizeBaseURL } from '../../../common/ai-providers';
import { connectionFor } from '../ai/connection';
import { transportFetch } from '../ai/transport';
import { libText } from '../messages';
import { decodeErrorBody, errorReply, requestSpeech, SpeechError, type FetchLike, type RequestOptions } from './speech-error';

/**
 * A voice of the account (docs/protocols/siliconflow.md "Audio (speech and cloned voices)": uri;
 * the list also carries these fields).
 */
export interface Voice {
  uri: string;
  customName?: string;
  model?: string;
  text?: string;
}

/**
 * docs/protocols/siliconflow.md "Audio (speech and cloned voices)": the audio as a data URL (a
 * File/Blob is converted) plus passed-on fields.
 */
export interface VoiceUpload {
  audio: string | Blob;
  model: string;
  customName: string;
  /** Transcript of the sample. */
  text: string;
  [field: string]: unknown;
}

export interface SpeechRequest {
  model: string;
  voice: string;
  input: string;
  response_format?: 'mp3' | 'opus' | 'wav' | 'pcm';
  speed?: number;
  gain?: number;
  sample_rate?: number;
  [field: string]: unknown;
}

/**
 * docs/behaviour.md "Speech": the voice is prefixed with the model name unless it already starts
 * with it. A cloned voice's uri (`speech:name:…`) is used as is: the API addresses user voices by
 * that uri (docs/protocols/siliconflow.md), and prefixing it would name a voice that does not
 * exist.
 */
export function prefixVoice(model: string, voice: string): string {
  if (voice.startsWith(model) || voice.startsWith('speech:')) return voice;
  return `${model}:${voice}`;
}

function readBytes(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  // Older engines (and jsdom) only read blobs through FileReader.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error(libText('speech.fileUnreadable')));
    reader.readAsArrayBuffer(blob);
  });
}

/** Reads a Blob (or File) as a `data:<type>;base64,…` URL. */
export async function blobToDataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await readBytes(blob));
  let binary = '';
  const step = 0x8000;
  for (let i = 0; i < bytes.length; i += step) binary += String.fromCharCode(...bytes.subarray(i, i + step));
  return `data:${blob.type || 'application/octet-stream'};base64,${btoa(binary)}`;
}

export interface SiliconFlowSpeechOptions {
  baseURL: string;
  apiKey: string;
  fetch?: FetchLike;
  timeoutMs?: number;
}

const label = 'SiliconFlow';

/**
 * The SiliconFlow speech client (docs/protocols/siliconflow.md "Audio (speech and cloned voices)"):
 * bearer auth, JSON bodies.
 */
export class SiliconFlowSpeechClient {
  private readonly baseURL: string;
  private readonly apiKey: string;
  private readonly fetchFn?: FetchLike;
  private readonly timeoutMs: number;

  constructor(options: SiliconFlowSpeechOptions) {
    this.baseURL = normalizeBaseURL(options.baseURL);
    this.apiKey = options.apiKey;
    this.fetchFn = options.fetch;
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  private options(signal?: AbortSignal, timeoutMs = this.timeoutMs): RequestOptions {
    return { signal, timeoutMs, fetch: this.fetchFn };
  }

  private headers(json: boolean): Record<string, string> {
    return { authorization: `Bearer ${this.apiKey}`, ...(json ? { 'content-type': 'application/json' } : {}) };
  }

  private async json<T>(path: string, init: { method: string; headers: Record<string, string>; body?: string }, signal?: AbortSignal): Promise<T> {
    return requestSpeech(
      label,
      `${this.baseURL}${path}`,
      init,
      async (response) => {
        const text = await response.text();
        try {
          return JSON.parse(text) as T;
        } catch {
          return text as T;
        }
      },
      this.options(signal),
    );
  }

  /** GET /audio/voice/list; the live API answers `result` (the docs say `results`; both read). */
  async listVoices(signal?: AbortSignal): Promise<Voice[]> {
    const body = await this.json<{ result?: unknown; results?: unknown }>('/audio/voice/list', { method: 'GET', headers: this.headers(false) }, signal);
    const list = body && typeof body === 'object' ? (body.result ?? body.results) : undefined;
    if (!Array.isArray(list)) throw new SpeechError('bad-response', libText('speech.noVoiceList', { engine: label }), { body });
    return list.filter((voice): voice is Voice => typeof voice === 'object' && voice !== null && typeof voice.uri === 'string');
  }

  /** POST /uploads/audio/voice with the audio as a data URL. */
  async uploadVoice(upload: VoiceUpload, signal?: AbortSignal): Promise<{ uri: string }> {
    const audio = typeof upload.audio === 'string' ? upload.audio : await blobToDataUrl(upload.audio);
    const body = await this.json<{ uri?: unknown }>(
      '/uploads/audio/voice',
      { method: 'POST', headers: this.headers(true), body: JSON.stringify({ ...upload, audio }) },
      signal,
    );
    if (!body || typeof body.uri !== 'string') throw new SpeechError('bad-response', libText('speech.noUploadUri', { engine: label }), { body });
    return { uri: body.uri };
  }

  /** POST /audio/voice/deletions {uri}; a reply of 'success' maps to {code: 200, message: 'success'}. */
  async deleteVoice(uri: string, signal?: AbortSignal): Promise<unknown> {
    const body = await this.json<unknown>('/audio/voice/deletions', { method: 'POST', headers: this.headers(true), body: JSON.stringify({ uri }) }, signal);
    if (body === 'success' || body === '' || body === null) return { code: 200, message: 'success' };
    return body;
  }

  /** POST /audio/speech; the answer is audio bytes. A JSON answer (even with 200) is an error. */
  async speech(request: SpeechRequest, signal?: AbortSignal): Promise<Blob> {
    const body = { response_format: 'mp3', ...request, voice: prefixVoice(request.model, request.voice) };
    return requestSpeech(
      label,
      `${this.baseURL}/audio/speech`,
      { method: 'POST', headers: this.headers(true), body: JSON.stringify(body) },
      async (response) => {
        const type = response.headers.get('content-type') ?? '';
        const bytes = await response.arrayBuffer();
        if (type.includes('json')) throw errorReply(label, response.status, libText('speech.jsonNotAudio'), decodeErrorBody(bytes));
        if (bytes.byteLength === 0) throw new SpeechError('bad-response', libText('speech.emptyAudio', { engine: label }));
        return new Blob([bytes], { type: type || 'audio/mpeg' });
      },
      this.options(signal, Math.max(this.timeoutMs, 60_000)),
    );
  }

  transcribe(): never {
    throw new Error('Method not implemented.');
  }
}

/** The client for the saved SiliconFlow key and base URL (AI registry); throws the missing-key alert. */
export function siliconFlowSpeechClient(): SiliconFlowSpeechClient {
  const connection = connectionFor('siliconflow');
  return new SiliconFlowSpeechClient({ baseURL: connection.baseURL, apiKey: connection.apiKey, fetch: transportFetch(connection) as FetchLike });
}

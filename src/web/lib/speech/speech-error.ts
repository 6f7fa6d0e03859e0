import { HttpError, http, parseBody, type HttpOptions } from '../http/http-client';
import { libText } from '../messages';

export type SpeechErrorKind = 'http' | 'timeout' | 'network' | 'bad-response' | 'no-voice' | 'not-configured' | 'playback';

const reserved = new Set(['kind', 'status', 'body', 'name', 'message', 'stack', 'cause']);

/**
 * Every failure of speech, in the player's words. A failed call wraps the shared client's HttpError
 * (its cause); the caller's abort is not one, it stays the AbortError of `isAbort`. An error
 * reply's parsed JSON body is kept in `body` and its fields (all but `message`, which stays
 * descriptive and includes the body's message) are copied onto the error
 * (docs/behaviour.md "Speech": the client "rejects with the parsed JSON body"), so `error.code`
 * reads like the body while it stays an `Error` with a kind.
 */
export class SpeechError extends Error {
  readonly kind: SpeechErrorKind;
  readonly status?: number;
  readonly body?: unknown;

  constructor(kind: SpeechErrorKind, message: string, options: { status?: number; body?: unknown; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'SpeechError';
    this.kind = kind;
    this.status = options.status;
    this.body = options.body;
    if (typeof options.body === 'object' && options.body !== null && !Array.isArray(options.body)) {
      for (const [key, value] of Object.entries(options.body)) {
        if (!reserved.has(key)) (this as unknown as Record<string, unknown>)[key] = value;
      }
    }
  }
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface RequestOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  fetch?: FetchLike;
}

/** An error body that came as bytes (a JSON "audio"): the parsed JSON when it is JSON, else the text. */
export function decodeErrorBody(bytes: ArrayBuffer): unknown {
  return parseBody(new TextDecoder().decode(bytes));
}

/** An error reply (or a JSON "audio"), its body already parsed: `label: HTTP 400 voice not found`. */
export function errorReply(label: string, status: number, statusText: string, body: unknown, cause?: unknown): SpeechError {
  const bodyMessage =
    typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : typeof body === 'string' && body.trim()
        ? body.trim().slice(0, 200)
        : statusText;
  return new SpeechError('http', `${label}: HTTP ${status}${bodyMessage ? ` ${bodyMessage}` : ''}`, { status, body, cause });
}

/**
 * A speech call through the shared client: `read` gets an ok answer with the timeout still armed
 * (a stalled body times out too); a failed call becomes a SpeechError in the player's words.
 */
export async function requestSpeech<T>(
  label: string,
  url: string,
  init: Pick<HttpOptions, 'method' | 'headers' | 'body'>,
  read: (response: Response) => Promise<T>,
  { signal, timeoutMs = 20_000, fetch }: RequestOptions = {},
): Promise<T> {
  try {
    return await http.read(url, read, { ...init, signal, timeoutMs, fetch: fetch as typeof globalThis.fetch | undefined });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error.kind === 'timeout') throw new SpeechError('timeout', libText('speech.timeout', { ms: timeoutMs }), { cause: error });
    if (error.kind === 'network') {
      throw new SpeechError('network', libText('speech.requestFailed', { message: error.cause instanceof Error ? error.cause.message : error.message }), { cause: error });
    }
    throw errorReply(label, error.status, error.statusText, error.body, error);
  }
}

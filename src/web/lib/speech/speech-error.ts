export type SpeechErrorKind =
  | 'http'
  | 'timeout'
  | 'aborted'
  | 'network'
  | 'bad-response'
  | 'no-voice'
  | 'not-configured'
  | 'playback';

const reserved = new Set(['kind', 'status', 'body', 'name', 'message', 'stack', 'cause']);

/**
 * Every failure of a speech call. An error reply's parsed JSON body is kept in `body` and its
 * fields (all but `message`, which stays descriptive and includes the body's message) are copied
 * onto the error (spec §8: the client "rejects with the parsed JSON body"), so `error.code` reads
 * like the body while it stays an `Error` with a kind.
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

/** Aborts when either the caller's signal or the timeout fires; `cleanup` clears the timer. */
function combinedSignal(signal: AbortSignal | undefined, timeoutMs: number) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    cleanup: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

export interface RequestOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  fetch?: FetchLike;
}

/**
 * fetch with a timeout and the caller's abort signal, mapping failures to SpeechError. The timer
 * stays armed until `read` has consumed the body, so a stalled body also times out.
 */
export async function requestSpeech<T>(
  url: string,
  init: RequestInit,
  read: (response: Response) => Promise<T>,
  { signal, timeoutMs = 20_000, fetch: fetchFn = (input, init) => fetch(input, init) }: RequestOptions = {},
): Promise<T> {
  const combined = combinedSignal(signal, timeoutMs);
  try {
    const response = await fetchFn(url, { ...init, signal: combined.signal });
    return await read(response);
  } catch (error) {
    if (error instanceof SpeechError) throw error;
    if (combined.timedOut()) throw new SpeechError('timeout', `speech request timed out after ${timeoutMs} ms`, { cause: error });
    if (signal?.aborted) throw new SpeechError('aborted', 'speech request aborted', { cause: error });
    throw new SpeechError('network', `speech request failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  } finally {
    combined.cleanup();
  }
}

/** Decodes an error reply: the parsed JSON body when it is JSON (also when it came as bytes), else the text. */
export function decodeErrorBody(bytes: ArrayBuffer): unknown {
  const text = new TextDecoder().decode(bytes);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A SpeechError from an error reply's bytes: `body` is the parsed JSON when the bytes are JSON. */
export function errorFromBytes(label: string, status: number, statusText: string, bytes: ArrayBuffer): SpeechError {
  const body = decodeErrorBody(bytes);
  const bodyMessage =
    typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : typeof body === 'string' && body.trim()
        ? body.trim().slice(0, 200)
        : statusText;
  return new SpeechError('http', `${label}: HTTP ${status}${bodyMessage ? ` ${bodyMessage}` : ''}`, { status, body });
}

export async function httpError(response: Response, label: string): Promise<SpeechError> {
  return errorFromBytes(label, response.status, response.statusText, await response.arrayBuffer());
}

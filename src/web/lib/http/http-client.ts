import { isAccessTokenError } from '../../../common/access';
import { emit } from '../events';
import { libText } from '../messages';
import { reportServerReach } from '../server-reach';

/**
 * The one way the web app calls out (docs/architecture.md "One way per job"): a timeout, the
 * caller's abort signal, and one typed error for everything that is not a 2xx answer. The error
 * wording (docs/behaviour.md "Error wording") lives here too, so every screen reports a failed
 * request the same way.
 */

export const httpMessages = {
  /** 429 (docs/behaviour.md "Error wording"): the same Chinese in zh and en alike. */
  get rateLimited() {
    return libText('error.rateLimited');
  },
  get aborted() {
    return libText('error.aborted');
  },
  requestError: (message: string) => libText('error.requestError', { message }),
};

export type HttpErrorKind = 'http' | 'timeout' | 'network' | 'bad-response';

export class HttpError extends Error {
  readonly kind: HttpErrorKind;
  /** 0 when no answer arrived (timeout, network). */
  readonly status: number;
  readonly statusText: string;
  /** The parsed JSON error body, or its text. */
  readonly body: unknown;
  /** The answer's headers (Retry-After, …); empty when no answer arrived. */
  readonly headers: Headers;
  readonly url: string;

  constructor(
    kind: HttpErrorKind,
    message: string,
    details: { status?: number; statusText?: string; body?: unknown; headers?: Headers; url: string; cause?: unknown },
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'HttpError';
    this.kind = kind;
    this.status = details.status ?? 0;
    this.statusText = details.statusText ?? '';
    this.body = details.body;
    this.headers = details.headers ?? new Headers();
    this.url = details.url;
  }
}

/** True for the caller's own abort (not for a timeout, which is an HttpError of kind 'timeout'). */
export function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/** The one shape of "the caller stopped this" that every layer throws and `isAbort` recognises. */
export function abortError(message = 'The request was aborted.'): DOMException {
  return new DOMException(message, 'AbortError');
}

/** Waits `ms`, or rejects with the AbortError as soon as the signal aborts (polling and Retry-After waits). */
export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** A body as the error keeps it: the parsed JSON when it is JSON, else the text. */
export function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The human part of an error body. Services disagree on the envelope: ours and many others
 * `{error:"…"}`, OpenAI-style `{error:{message}}`, `{code,message}`, NiuTrans `{code,msg}`, Gemini
 * `{error:{code,message,status}}`, Anthropic `{type:"error",error:{type,message}}`, plain text.
 */
export function bodyMessage(body: unknown): string | undefined {
  let value = body;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (!trimmed) return undefined;
    try {
      value = JSON.parse(trimmed);
    } catch {
      return trimmed.length <= 300 && !trimmed.startsWith('<') ? trimmed : undefined;
    }
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const error = record.error;
  if (typeof error === 'string' && error) return error;
  if (typeof error === 'object' && error !== null) {
    const message = (error as Record<string, unknown>).message;
    if (typeof message === 'string' && message) return message;
  }
  for (const key of ['message', 'msg', 'errmsg'] as const) {
    const message = record[key];
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}

/** HTTP/2 answers carry no status text; these are the ones people meet. */
const statusTexts: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  421: 'Misdirected Request',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/**
 * A non-ok status in words (docs/behaviour.md "Error wording": reported as the status text), then
 * the body's own message: "Unauthorized: invalid x-api-key".
 */
export function statusMessage(status: number, statusText: string | undefined, body: unknown): string {
  const head = statusText || statusTexts[status] || `HTTP ${status}`;
  const detail = bodyMessage(body);
  return detail && detail !== head ? `${head}: ${detail}` : head;
}

/** What to show a person for any failure of a call (docs/behaviour.md "Error wording"). */
export function httpErrorMessage(error: unknown): string {
  if (isAbort(error)) return httpMessages.aborted;
  if (error instanceof HttpError) return error.status === 429 ? httpMessages.rateLimited : error.message;
  return error instanceof Error ? error.message : String(error);
}

export interface HttpOptions {
  method?: string;
  headers?: HeadersInit;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Sent as JSON with its content type. */
  json?: unknown;
  body?: BodyInit;
  /**
   * Until the whole answer is read (for `stream`, until its headers arrive). Default 30 s. With
   * `onUploadProgress` it is the longest silence instead: each progress event starts it again, so a
   * large upload on a slow link is not cut.
   */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Bytes of the body sent so far, as it goes: for uploads a person watches. */
  onUploadProgress?: (sent: number, total: number) => void;
  /** Prefixed to a relative URL. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

export const defaultTimeoutMs = 30_000;

export function buildUrl(url: string, { baseUrl = '', query }: Pick<HttpOptions, 'baseUrl' | 'query'> = {}): string {
  let full = /^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `${baseUrl.replace(/\/$/, '')}${url}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) params.set(key, String(value));
    const search = params.toString();
    if (search) full += (full.includes('?') ? '&' : '?') + search;
  }
  return full;
}

async function readErrorBody(response: Response): Promise<unknown> {
  try {
    return parseBody(await response.text());
  } catch {
    return undefined;
  }
}

/**
 * Runs `read` on an ok answer with the timeout still armed (a stalled body times out too) and maps
 * every failure to HttpError; the caller's abort stays an AbortError (see isAbort).
 */
async function call<T>(url: string, options: HttpOptions, read: (response: Response) => Promise<T>, keepTimerForBody = true): Promise<T> {
  const target = buildUrl(url, options);
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  const controller = new AbortController();
  const onAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) throw abortError();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
  };
  arm();
  // For an answer handed over unread (request, stream), the caller's signal must still reach its body.
  const cleanup = () => {
    clearTimeout(timer);
    if (keepTimerForBody) options.signal?.removeEventListener('abort', onAbort);
  };
  const headers = new Headers(options.headers);
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  const fetchFn = options.onUploadProgress ? fetchWithUploadProgress(options.onUploadProgress, arm) : (options.fetch ?? globalThis.fetch);
  let reading = false;
  try {
    const response = await fetchFn(target, { method: options.method ?? (body === undefined ? 'GET' : 'POST'), headers, body, signal: controller.signal });
    if (isOwnServer(target)) reportServerReach('reachable');
    if (!response.ok) {
      const errorBody = await readErrorBody(response);
      // This server wants its access token (HOST off loopback): the shell asks for it once. The
      // token itself travels as an HttpOnly cookie, so no request here needs a header for it.
      if (response.status === 401 && isAccessTokenError(errorBody) && isOwnServer(target)) emit('access-token-needed');
      // This server's errors carry a code (docs/errors.md), worded in the learner's language; others keep their own text.
      const worded = isOwnServer(target) ? await wordedServerError(errorBody) : undefined;
      throw new HttpError('http', worded ?? statusMessage(response.status, response.statusText, errorBody), {
        status: response.status,
        statusText: response.statusText,
        body: errorBody,
        headers: response.headers,
        url: target,
      });
    }
    if (!keepTimerForBody) cleanup();
    reading = true;
    return await read(response);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (options.signal?.aborted) throw abortError();
    if (timedOut) throw new HttpError('timeout', libText('error.timeout', { seconds: Math.round(timeoutMs / 100) / 10 }), { url: target, cause: error });
    // A reader's own verdict ("not audio") passes unchanged; a body cut off on the way is a network failure.
    if (reading && !(error instanceof TypeError) && !isAbort(error)) throw error;
    // No answer at all from our own server: the shell says it is out of reach (lib/server-reach.ts).
    if (!reading && isOwnServer(target)) reportServerReach('unreachable');
    throw new HttpError('network', libText('error.network', { target: describeTarget(target) }), { url: target, cause: error });
  } finally {
    cleanup();
  }
}

/**
 * fetch cannot report how much of a request body has been sent, XMLHttpRequest can: this speaks
 * fetch's contract over it (the answer as a Response, a lost connection as a TypeError, the signal
 * as an AbortError), so the rest of `call` treats an upload like any other request.
 */
function fetchWithUploadProgress(onProgress: (sent: number, total: number) => void, onActivity: () => void): typeof fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      const signal = init.signal;
      const onAbort = () => xhr.abort();
      const settle = () => signal?.removeEventListener('abort', onAbort);
      xhr.open(init.method ?? 'GET', input instanceof Request ? input.url : String(input));
      new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.responseType = 'arraybuffer';
      xhr.upload.addEventListener('progress', (event) => {
        onActivity();
        if (event.lengthComputable) onProgress(event.loaded, event.total);
      });
      xhr.onload = () => {
        settle();
        const nullBody = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
        resolve(new Response(nullBody ? null : (xhr.response as ArrayBuffer), { status: xhr.status, statusText: xhr.statusText, headers: parseHeaders(xhr.getAllResponseHeaders()) }));
      };
      xhr.onerror = () => {
        settle();
        reject(new TypeError('network error'));
      };
      xhr.onabort = () => {
        settle();
        reject(abortError());
      };
      if (signal?.aborted) return reject(abortError());
      signal?.addEventListener('abort', onAbort, { once: true });
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}

function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

function isOwnServer(target: string): boolean {
  try {
    return globalThis.location !== undefined && new URL(target, globalThis.location.href).origin === globalThis.location.origin;
  } catch {
    return false;
  }
}

function describeTarget(target: string): string {
  try {
    const url = new URL(target, globalThis.location?.href ?? 'http://localhost/');
    return globalThis.location && url.origin === globalThis.location.origin ? libText('error.ownServer') : url.host;
  } catch {
    return target;
  }
}

export const http = {
  /** An ok (2xx) answer, its body unread; anything else throws HttpError. */
  request: (url: string, options: HttpOptions = {}) => call(url, options, async (response) => response, false),

  json: <T = unknown>(url: string, options: HttpOptions & { schema?: { parse(value: unknown): T } } = {}) =>
    call(url, { ...options, headers: withAccept(options.headers, 'application/json') }, async (response) => {
      const text = await response.text();
      let value: unknown;
      try {
        value = text === '' ? undefined : JSON.parse(text);
      } catch {
        throw new HttpError('bad-response', libText('error.notJson', { target: describeTarget(response.url || url) }), {
          status: response.status,
          statusText: response.statusText,
          body: text.slice(0, 500),
          headers: response.headers,
          url,
        });
      }
      if (!options.schema) return value as T;
      try {
        return options.schema.parse(value);
      } catch (cause) {
        throw new HttpError('bad-response', libText('error.unexpectedShape', { target: describeTarget(response.url || url) }), {
          status: response.status,
          statusText: response.statusText,
          body: value,
          headers: response.headers,
          url,
          cause,
        });
      }
    }),

  text: (url: string, options: HttpOptions = {}) => call(url, options, (response) => response.text()),

  blob: (url: string, options: HttpOptions = {}) => call(url, options, (response) => response.blob()),

  /** An ok answer read by `read` with the timeout still armed, for answers whose headers matter too. */
  read: <T>(url: string, read: (response: Response) => Promise<T>, options: HttpOptions = {}) => call(url, options, read),

  /** The body of an ok answer as a stream; the timeout covers the wait for its headers only. */
  stream: (url: string, options: HttpOptions = {}) =>
    call(
      url,
      options,
      async (response) => {
        if (!response.body) throw new HttpError('bad-response', libText('error.noBody'), { status: response.status, url });
        return response.body;
      },
      false,
    ),
};

function withAccept(headers: HeadersInit | undefined, accept: string): Headers {
  const merged = new Headers(headers);
  if (!merged.has('accept')) merged.set('accept', accept);
  return merged;
}

/**
 * The registry of codes and their wording load with the first error this server answers, not
 * with the shell: most sessions never need them.
 */
async function wordedServerError(body: unknown): Promise<string | undefined> {
  if (typeof body !== 'object' || body === null || typeof (body as { code?: unknown }).code !== 'string') return undefined;
  try {
    return await (await import('./server-error-message')).serverErrorMessage(body);
  } catch {
    return undefined;
  }
}

import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { formatBytes } from '../common/bytes';
import { jsonError, type ErrorBody } from './json-error';
import type { Logger } from './log';
import { coded, type Coded } from '../common/server-errors';

/**
 * The one way the server forwards a request to an upstream (the AI proxy, NiuTrans, speech, and the
 * Notion, XPan and image relays): allow-listed headers both ways, never cookies, no redirects
 * followed, the upstream aborted when the client goes away, an idle timeout, JSON errors, and one
 * log line per request that never carries headers, query strings or bodies.
 */

/** nginx's "client closed request": what every relay answers (and logs) when the browser leaves first. */
export const clientClosedStatus = 499;

export const defaultResponseHeaders = [
  'content-type',
  'content-length',
  'content-range',
  'content-disposition',
  'accept-ranges',
  'etag',
  'last-modified',
  'cache-control',
  'retry-after',
] as const;

/**
 * Hop-by-hop headers and those a third party must not set on our origin. content-encoding/length
 * go too when passing everything: fetch has already decoded the body.
 */
const neverRelayed = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'set-cookie',
  'set-cookie2',
  'content-encoding',
  'alt-svc',
  'strict-transport-security',
]);

const ownAnswers = new WeakSet<Response>();

/** An error the relay answers itself (not the upstream's), so a route can tell the two apart. */
function ownError(c: Context, status: number, message: string, errorBody: ErrorBody | undefined, code: Coded): Response {
  const response = jsonError(c, status, message, errorBody ? { body: errorBody } : code);
  ownAnswers.add(response);
  return response;
}

/** True for the relay's own answer (unreachable, timeout, redirect, client gone), false for the upstream's. */
export function isRelayError(response: Response): boolean {
  return ownAnswers.has(response);
}

/** hono/body-limit with the relay's JSON 413; the connection is closed since the rest is never read. */
export function relayBodyLimit(maxBytes: number, errorBody?: ErrorBody): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) => {
      const refused = ownError(c, 413, `request body exceeds ${formatBytes(maxBytes, 'limit')}`, errorBody, coded('body-too-large', { max: maxBytes }));
      refused.headers.set('connection', 'close');
      return refused;
    },
  });
}

export interface RelayOptions {
  target: URL;
  /** Defaults to the incoming method. */
  method?: string;
  /** Defaults to the incoming body (buffered; cap it with relayBodyLimit on the route) for methods that have one. */
  body?: BodyInit | null;
  /** Names of incoming request headers to forward; nothing else leaves, cookies never. */
  requestHeaders?: readonly string[];
  /** Headers the relay itself sets on the upstream request (after the forwarded ones). */
  setHeaders?: Record<string, string>;
  /** Allow-list of upstream response headers, or 'all' for everything but hop-by-hop and cookies. */
  responseHeaders?: readonly string[] | 'all';
  /** Longest silence from the upstream, before its headers or between body chunks. */
  idleTimeoutMs?: number;
  /** The relay's name in log lines and messages (e.g. 'notion'). */
  area: string;
  /** How the upstream is named in error messages shown to the person (e.g. 'Notion'). */
  upstreamName?: string;
  log: Logger;
  /** The shape of the relay's own error answers (some clients expect their service's shape). */
  errorBody?: ErrorBody;
  /**
   * Opt-in for a GET/HEAD whose upstream hands out redirects (a download link answering 302 to its
   * CDN): a target this accepts is followed (at most `maxRedirects`, default 5); any other is
   * refused with 502 as usual. Credentials in `authorization` do not travel to another origin.
   */
  followRedirect?: (location: URL) => boolean;
  maxRedirects?: number;
}

/**
 * Passes the upstream body through while watching for upstream silence. Pull-based: the upstream
 * is read only when the browser has taken the previous chunk (backpressure), and the idle timer
 * runs only while we wait on the upstream, so a slow reader is never mistaken for a stalled API.
 */
function watchIdle(body: ReadableStream<Uint8Array>, idleMs: number, onIdle: () => void, onEnd: (error?: unknown) => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        timer = setTimeout(onIdle, idleMs);
        try {
          const { done, value } = await reader.read();
          clearTimeout(timer);
          if (done) {
            onEnd();
            controller.close();
          } else {
            controller.enqueue(value);
          }
        } catch (error) {
          clearTimeout(timer);
          onEnd(error);
          controller.error(error);
        }
      },
      cancel(reason) {
        clearTimeout(timer);
        onEnd(reason ?? 'cancelled');
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

function isRedirect(response: Response): boolean {
  return response.status >= 300 && response.status < 400 && response.headers.has('location');
}

export async function relay(c: Context, options: RelayOptions): Promise<Response> {
  const { target, area, log, idleTimeoutMs = 120_000, errorBody } = options;
  const upstreamName = options.upstreamName ?? target.origin;
  const started = performance.now();
  const method = options.method ?? c.req.method;
  const logFields = { area, method, origin: target.origin, path: target.pathname };
  const fail = (status: number, message: string, code: Coded) => ownError(c, status, message, errorBody, code);
  const clientSignal = c.req.raw.signal;
  const clientGone = () => {
    log.info('relay client closed', { ...logFields, status: clientClosedStatus, ms: Math.round(performance.now() - started) });
    return fail(clientClosedStatus, 'client closed the connection', coded('client-closed'));
  };

  let body: BodyInit | null | undefined = options.body;
  if (body === undefined && method !== 'GET' && method !== 'HEAD') {
    try {
      body = await c.req.arrayBuffer();
    } catch {
      if (clientSignal.aborted) return clientGone();
      return fail(400, 'request body could not be read', coded('body-unreadable'));
    }
  }

  const headers = new Headers();
  for (const name of options.requestHeaders ?? []) {
    const value = c.req.header(name);
    if (value !== undefined && name.toLowerCase() !== 'cookie') headers.set(name, value);
  }
  for (const [name, value] of Object.entries(options.setHeaders ?? {})) headers.set(name, value);

  const upstream = new AbortController();
  const onClientGone = () => upstream.abort(new Error('client closed the connection'));
  if (clientSignal.aborted) return clientGone();
  clientSignal.addEventListener('abort', onClientGone, { once: true });
  let timedOut = false;
  const headerTimer = setTimeout(() => {
    timedOut = true;
    upstream.abort(new Error('upstream timed out'));
  }, idleTimeoutMs);

  let response: Response;
  let current = target;
  try {
    response = await fetch(current, { method, headers, body, redirect: 'manual', signal: upstream.signal });
    const canFollow = options.followRedirect && (method === 'GET' || method === 'HEAD');
    for (let hops = 0; canFollow && isRedirect(response) && hops < (options.maxRedirects ?? 5); hops += 1) {
      let next: URL;
      try {
        next = new URL(response.headers.get('location')!, current);
      } catch {
        break;
      }
      if (!options.followRedirect!(next)) break;
      await response.body?.cancel().catch(() => {});
      if (next.origin !== current.origin) headers.delete('authorization');
      current = next;
      response = await fetch(current, { method, headers, redirect: 'manual', signal: upstream.signal });
    }
  } catch {
    clearTimeout(headerTimer);
    clientSignal.removeEventListener('abort', onClientGone);
    if (clientSignal.aborted) return clientGone();
    if (timedOut) {
      log.warn('relay upstream timeout', logFields);
      return fail(504, `${upstreamName} did not answer within ${Math.round(idleTimeoutMs / 1000)} s`, coded('upstream-timeout', { upstream: upstreamName, seconds: Math.round(idleTimeoutMs / 1000) }));
    }
    log.warn('relay upstream unreachable', logFields);
    return fail(502, `${upstreamName} is unreachable`, coded('upstream-unreachable', { upstream: upstreamName }));
  }
  clearTimeout(headerTimer);

  if (isRedirect(response)) {
    // A redirect would take the request (and its credentials) somewhere nobody allowed.
    clientSignal.removeEventListener('abort', onClientGone);
    await response.body?.cancel().catch(() => {});
    log.warn('relay upstream redirect refused', { ...logFields, status: response.status });
    return fail(502, `${upstreamName} answered with a redirect (${response.status}), which is not followed`, coded('upstream-redirect', { upstream: upstreamName, status: response.status }));
  }

  const responseHeaders = new Headers();
  if (options.responseHeaders === 'all') {
    response.headers.forEach((value, name) => {
      if (!neverRelayed.has(name) && name !== 'content-length') responseHeaders.append(name, value);
    });
  } else {
    for (const name of options.responseHeaders ?? defaultResponseHeaders) {
      const value = response.headers.get(name);
      if (value !== null && !neverRelayed.has(name.toLowerCase())) responseHeaders.set(name, value);
    }
  }
  // fetch has decoded a compressed answer; its length header would describe other bytes.
  if (response.headers.has('content-encoding')) responseHeaders.delete('content-length');

  let finished = false;
  const finish = (error?: unknown) => {
    if (finished) return;
    finished = true;
    clientSignal.removeEventListener('abort', onClientGone);
    const ms = Math.round(performance.now() - started);
    if (clientSignal.aborted) log.info('relay client closed', { ...logFields, status: clientClosedStatus, ms });
    else if (error !== undefined) log.warn('relay upstream failed mid-body', { ...logFields, status: response.status, ms });
    else log.info('relay', { ...logFields, status: response.status, ms });
  };
  if (!response.body || method === 'HEAD') {
    finish();
    return new Response(null, { status: response.status, statusText: response.statusText, headers: responseHeaders });
  }
  const relayed = watchIdle(
    response.body,
    idleTimeoutMs,
    () => {
      log.warn('relay upstream stalled', logFields);
      upstream.abort(new Error('upstream stalled'));
    },
    finish,
  );
  return new Response(relayed, { status: response.status, statusText: response.statusText, headers: responseHeaders });
}

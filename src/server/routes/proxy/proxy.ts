import { Hono } from 'hono';
import type { Env } from '../../env';
import type { Logger } from '../../log';

/** Spec §7 "Proxy" / CONTRACT.md: the provider origins the relay reaches without configuration. */
export const builtInProxyOrigins = [
  'https://generativelanguage.googleapis.com',
  'https://api.openai.com',
  'https://api.anthropic.com',
  'https://ark.cn-beijing.volces.com',
] as const;

export const proxyTargetHeader = 'x-proxy-target';
export const proxyMountPath = '/api/proxy';

/** Request headers a provider needs (auth, version, content type); nothing else leaves, cookies never. */
const forwardedRequestHeaders = ['authorization', 'x-api-key', 'anthropic-version', 'anthropic-beta', 'x-goog-api-key', 'content-type', 'accept'];

/**
 * Response headers that describe the upstream hop rather than the answer, or that must not reach
 * the browser from a third party. content-encoding/length go too: fetch has already decoded the
 * body, so they would describe bytes the browser never receives.
 */
const droppedResponseHeaders = new Set([
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
  'content-length',
  'alt-svc',
  'strict-transport-security',
]);

export interface ProxyOptions {
  env: Env;
  log: Logger;
  /** Largest request body relayed (default 10 MB). */
  maxBodyBytes?: number;
  /** Longest silence from the upstream, before its headers or between body chunks (default 120 s). */
  idleTimeoutMs?: number;
}

export type TargetCheck = { ok: true; origin: string } | { ok: false; reason: string };

/**
 * Exact-origin matching: the header must be a bare http(s) origin (no userinfo, path, query or
 * fragment) whose canonical form (the URL standard's: lower-case host, default port dropped, IP
 * literals normalised) is in the allow-list. Prefixes, suffixes and lookalikes never match.
 */
export function checkTarget(raw: string | undefined, allowed: ReadonlySet<string>): TargetCheck {
  if (!raw) return { ok: false, reason: `missing ${proxyTargetHeader} header` };
  const schemeEnd = raw.indexOf('://');
  // Everything after the scheme must be host[:port], optionally with one trailing slash.
  const authority = schemeEnd < 0 ? '' : raw.slice(schemeEnd + 3).replace(/\/$/, '');
  if (!authority || /[/\\?#@\s]/.test(authority)) return { ok: false, reason: 'target must be a bare origin: scheme://host[:port]' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'target is not a URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: 'target scheme is not http(s)' };
  if (!allowed.has(url.origin)) return { ok: false, reason: `target origin is not allowed: ${url.origin}` };
  return { ok: true, origin: url.origin };
}

function jsonError(status: number, error: string): Response {
  return new Response(JSON.stringify({ error }), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } });
}

class BodyTooLarge extends Error {}

async function readCapped(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (!request.body) return undefined;
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLarge();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new BodyTooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * Passes the upstream body through while watching for upstream silence. Pull-based: the upstream
 * is read only when the browser has taken the previous chunk (backpressure), and the idle timer
 * runs only while we wait on the upstream, so a slow reader is never mistaken for a stalled API.
 */
function watchIdle(body: ReadableStream<Uint8Array>, idleMs: number, onIdle: () => void, onEnd: () => void): ReadableStream<Uint8Array> {
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
          onEnd();
          controller.error(error);
        }
      },
      cancel(reason) {
        clearTimeout(timer);
        onEnd();
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

/** The relay of CONTRACT.md: `ANY /api/proxy/<path>` + `x-proxy-target`, and `GET /api/proxy/config`. */
export function proxyRoutes({ env, log, maxBodyBytes = 10 * 1024 * 1024, idleTimeoutMs = 120_000 }: ProxyOptions) {
  const allowed = new Set<string>([...builtInProxyOrigins, ...env.PROXY_ALLOW_ORIGINS]);
  const app = new Hono();

  app.get('/config', (c) => c.json({ origins: [...allowed] }, 200, { 'cache-control': 'no-store' }));

  app.all('/*', async (c) => {
    const started = performance.now();
    const check = checkTarget(c.req.header(proxyTargetHeader), allowed);
    if (!check.ok) {
      log.warn('proxy refused', { reason: check.reason });
      return c.req.header(proxyTargetHeader) ? jsonError(403, check.reason) : jsonError(400, check.reason);
    }
    const incoming = new URL(c.req.url);
    const mountAt = incoming.pathname.indexOf(proxyMountPath);
    const path = mountAt >= 0 ? incoming.pathname.slice(mountAt + proxyMountPath.length) : incoming.pathname;
    // String concatenation, not `new URL(path, origin)`: a path such as `//evil.test/` must stay a path.
    const target = new URL(`${check.origin}${path.startsWith('/') ? path : `/${path}`}${incoming.search}`);
    if (target.origin !== check.origin) return jsonError(403, 'target path escapes the origin');

    let body: Uint8Array<ArrayBuffer> | undefined;
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD') {
      try {
        const declared = c.req.header('content-length');
        if (declared !== undefined && /^\d+$/.test(declared)) {
          // Node's parser stops at the declared length, so a declared body can take the fast path.
          if (Number(declared) > maxBodyBytes) throw new BodyTooLarge();
          body = new Uint8Array(await c.req.arrayBuffer());
        } else {
          body = await readCapped(c.req.raw, maxBodyBytes);
        }
      } catch (error) {
        if (error instanceof BodyTooLarge) {
          // The rest of the body is never read, so the connection cannot carry another request.
          const refused = jsonError(413, `request body exceeds ${Math.round(maxBodyBytes / 1024 / 1024)} MB`);
          refused.headers.set('connection', 'close');
          return refused;
        }
        return jsonError(400, 'request body could not be read');
      }
    }

    const headers = new Headers();
    for (const name of forwardedRequestHeaders) {
      const value = c.req.header(name);
      if (value !== undefined) headers.set(name, value);
    }

    const upstream = new AbortController();
    const clientSignal = c.req.raw.signal;
    const onClientGone = () => upstream.abort(new Error('client closed the connection'));
    clientSignal.addEventListener('abort', onClientGone, { once: true });
    let idle = false;
    const headerTimer = setTimeout(() => {
      idle = true;
      upstream.abort(new Error('upstream timed out'));
    }, idleTimeoutMs);
    const logFields = { method, origin: check.origin, path: target.pathname };

    let response: Response;
    try {
      response = await fetch(target, { method, headers, body, redirect: 'manual', signal: upstream.signal });
    } catch {
      clearTimeout(headerTimer);
      clientSignal.removeEventListener('abort', onClientGone);
      if (clientSignal.aborted) return jsonError(499, 'client closed the connection');
      if (idle) {
        log.warn('proxy upstream timeout', logFields);
        return jsonError(504, `upstream did not answer within ${Math.round(idleTimeoutMs / 1000)} s: ${check.origin}`);
      }
      log.warn('proxy upstream unreachable', logFields);
      return jsonError(502, `upstream unreachable: ${check.origin}`);
    }
    clearTimeout(headerTimer);

    if (response.status >= 300 && response.status < 400 && response.headers.has('location')) {
      // A redirect would send the browser (and its keys) to a place nobody allowed; it is not followed.
      clientSignal.removeEventListener('abort', onClientGone);
      await response.body?.cancel().catch(() => {});
      log.warn('proxy upstream redirect refused', { ...logFields, status: response.status });
      return jsonError(502, `upstream answered with a redirect (${response.status}), which the proxy does not follow`);
    }

    const responseHeaders = new Headers();
    response.headers.forEach((value, name) => {
      if (!droppedResponseHeaders.has(name.toLowerCase())) responseHeaders.append(name, value);
    });
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clientSignal.removeEventListener('abort', onClientGone);
      log.info('proxy', { ...logFields, status: response.status, ms: Math.round(performance.now() - started) });
    };
    if (!response.body || method === 'HEAD') {
      finish();
      return new Response(null, { status: response.status, statusText: response.statusText, headers: responseHeaders });
    }
    const relayed = watchIdle(
      response.body,
      idleTimeoutMs,
      () => {
        log.warn('proxy upstream stalled', logFields);
        upstream.abort(new Error('upstream stalled'));
      },
      finish,
    );
    return new Response(relayed, { status: response.status, statusText: response.statusText, headers: responseHeaders });
  });

  return app;
}

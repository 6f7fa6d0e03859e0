import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Env } from '../../env';
import type { Logger } from '../../log';

/** How long the relay waits for NiuTrans before answering 504 (text, file API calls, sync file translation). */
export const niutransTimeouts = { text: 20_000, file: 60_000, sync: 120_000 } as const;

/** Images may be 10 MB (spec §9); multipart framing adds a little. */
export const maxRelayBodyBytes = 11 * 1024 * 1024;

const forwardedRequestHeaders = ['content-type', 'accept', 'accept-language'];
const forwardedResponseHeaders = ['content-type', 'content-disposition', 'content-length', 'cache-control'];

interface Deps {
  env: Env;
  log: Logger;
}

/**
 * The NiuTrans relay (CONTRACT.md): the browser cannot call api.niutrans.com (no CORS), so text
 * translation and the file-translation API are passed through unchanged to UPSTREAM_NIUTRANS.
 * Errors of the relay itself answer in NiuTrans's own `{code, msg}` shape so the client reports
 * them the same way as the service's errors.
 */
export function niutransRoutes({ env, log }: Deps) {
  const app = new Hono();
  const limit = bodyLimit({
    maxSize: maxRelayBodyBytes,
    onError: (c) => c.json({ code: 413, msg: `request body larger than ${maxRelayBodyBytes} bytes` }, 413),
  });

  const relay = (timeoutMs: (c: Context) => number) => async (c: Context) => {
    const started = Date.now();
    const incoming = new URL(c.req.url);
    const target = new URL(incoming.pathname + incoming.search, env.UPSTREAM_NIUTRANS);
    const headers = new Headers();
    for (const name of forwardedRequestHeaders) {
      const value = c.req.header(name);
      if (value) headers.set(name, value);
    }
    const method = c.req.method;
    // Buffered (≤ 11 MB) so the upstream gets a Content-Length, which multipart endpoints often require.
    const body = method === 'GET' || method === 'HEAD' ? undefined : await c.req.arrayBuffer();
    const ms = timeoutMs(c);
    const timeout = AbortSignal.timeout(ms);
    const signal = AbortSignal.any([c.req.raw.signal, timeout]);
    let upstream: Response;
    try {
      upstream = await fetch(target, { method, headers, body, signal, redirect: 'manual' });
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      if (timeout.aborted) {
        log.warn('niutrans relay timeout', { path: incoming.pathname, ms });
        return c.json({ code: 504, msg: `NiuTrans did not answer within ${ms / 1000} s` }, 504);
      }
      if (c.req.raw.signal.aborted || name === 'AbortError') {
        return c.json({ code: 499, msg: 'request cancelled' }, 499 as 400);
      }
      log.warn('niutrans relay unreachable', { path: incoming.pathname, error: error instanceof Error ? error.message : String(error) });
      return c.json({ code: 502, msg: 'NiuTrans is unreachable' }, 502);
    }
    const out = new Headers();
    for (const name of forwardedResponseHeaders) {
      const value = upstream.headers.get(name);
      if (value) out.set(name, value);
    }
    log.info('niutrans relay', { method, path: incoming.pathname, status: upstream.status, ms: Date.now() - started });
    return new Response(upstream.body, { status: upstream.status, headers: out });
  };

  const textRelay = relay(() => niutransTimeouts.text);
  const fileRelay = relay((c) => (c.req.path.endsWith('/sync') ? niutransTimeouts.sync : niutransTimeouts.file));

  app.post('/NiuTransServer/translation', limit, textRelay);
  app.post('/NiuTransServer/translationArray', limit, textRelay);
  app.on(['GET', 'POST', 'PUT', 'DELETE'], '/v2/voice/translate/short-voice/*', limit, fileRelay);
  app.on(['GET', 'POST', 'PUT', 'DELETE'], '/v2/image/translate/*', limit, fileRelay);
  return app;
}

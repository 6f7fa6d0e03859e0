import { Hono, type Context } from 'hono';
import type { Env } from '../../env';
import type { Logger } from '../../log';
import type { ErrorBody } from '../../json-error';
import { relay, relayBodyLimit } from '../../relay';

/** How long the relay waits for NiuTrans before answering 504 (text, file API calls, sync file translation). */
export const niutransTimeouts = { text: 20_000, file: 60_000, sync: 120_000 } as const;

/** Images may be 10 MB (docs/behaviour.md "File translation"); multipart framing adds a little. */
export const maxRelayBodyBytes = 11 * 1024 * 1024;

const forwardedRequestHeaders = ['content-type', 'accept', 'accept-language'];
const forwardedResponseHeaders = ['content-type', 'content-disposition', 'content-length', 'cache-control'];

/** NiuTrans's own error shape, so the client reports the relay's failures like the service's. */
const niutransErrorBody: ErrorBody = (code, msg) => ({ code, msg });

interface Deps {
  env: Env;
  log: Logger;
}

/**
 * The NiuTrans relay (docs/api.md "NiuTrans relay"): the browser cannot call api.niutrans.com (no
 * CORS), so text translation and the file-translation API are passed through unchanged to
 * UPSTREAM_NIUTRANS. Errors of the relay itself answer in NiuTrans's own `{code, msg}` shape so the
 * client reports them the same way as the service's errors.
 */
export function niutransRoutes({ env, log }: Deps) {
  const app = new Hono();
  const limit = relayBodyLimit(maxRelayBodyBytes, niutransErrorBody);

  const forward = (timeoutMs: (c: Context) => number) => (c: Context) => {
    const incoming = new URL(c.req.url);
    return relay(c, {
      target: new URL(incoming.pathname + incoming.search, env.UPSTREAM_NIUTRANS),
      area: 'niutrans',
      log,
      upstreamName: 'NiuTrans',
      // The body is buffered (≤ 11 MB), so the upstream gets a Content-Length, which multipart endpoints often require.
      requestHeaders: forwardedRequestHeaders,
      responseHeaders: forwardedResponseHeaders,
      idleTimeoutMs: timeoutMs(c),
      errorBody: niutransErrorBody,
    });
  };

  const textRelay = forward(() => niutransTimeouts.text);
  const fileRelay = forward((c) => (c.req.path.endsWith('/sync') ? niutransTimeouts.sync : niutransTimeouts.file));

  app.post('/NiuTransServer/translation', limit, textRelay);
  app.post('/NiuTransServer/translationArray', limit, textRelay);
  app.on(['GET', 'POST', 'PUT', 'DELETE'], '/v2/voice/translate/short-voice/*', limit, fileRelay);
  app.on(['GET', 'POST', 'PUT', 'DELETE'], '/v2/image/translate/*', limit, fileRelay);
  return app;
}

import { Hono } from 'hono';
import type { Env } from '../../env';
import type { Logger } from '../../log';
import { jsonError } from '../../json-error';
import { relay, relayBodyLimit } from '../../relay';
import { coded } from '../../../common/server-errors';

export const notionMountPath = '/api/notion';
/** The SDK's long-time default; sent when the browser names no version. */
export const defaultNotionVersion = '2022-06-28';
const notionVersion = /^\d{4}-\d{2}-\d{2}$/;
const allowedMethods = new Set(['GET', 'POST', 'PATCH', 'DELETE']);
/** Page creation with a long example sentence stays far below this; Notion itself caps requests at 500 KB. */
const maxBodyBytes = 1024 * 1024;

interface Deps {
  env: Env;
  log: Logger;
}

/**
 * `ANY /api/notion/<path>` → UPSTREAM_NOTION (docs/api.md "Notion relay"). Notion's API has no
 * CORS, so the browser goes through here. Only `/v1/…` paths leave; the person's token travels in
 * the request's Authorization header and is neither stored nor logged (the relay logs method,
 * origin and path only). Notion's own answers — errors and 429 with Retry-After included — come
 * back unchanged so the browser can tell the person what to fix.
 */
export function notionRoutes({ env, log }: Deps) {
  const app = new Hono();
  const upstream = new URL(env.UPSTREAM_NOTION);

  app.all('/*', relayBodyLimit(maxBodyBytes), async (c) => {
    const rest = c.req.path.slice(notionMountPath.length);
    if (!rest.startsWith('/v1/') || rest.length === '/v1/'.length) return jsonError(c, 404, 'Only Notion API paths under /v1/ are relayed', coded('not-relayed'));
    // Encoded separators or dot segments could walk the upstream path out of /v1/.
    if (/%2f|%5c|\\/i.test(rest) || rest.slice(1).split('/').some((segment) => segment === '..' || segment === '.' || segment === '')) {
      return jsonError(c, 400, 'Malformed Notion API path', coded('not-relayed'));
    }
    if (!allowedMethods.has(c.req.method)) return jsonError(c, 405, `Method ${c.req.method} is not relayed to Notion`, coded('method-not-allowed', { method: c.req.method }));
    const authorization = c.req.header('authorization') ?? '';
    if (!/^Bearer \S+$/.test(authorization)) {
      return jsonError(c, 401, 'Send the Notion integration token as "Authorization: Bearer …" (Settings → Notion)', coded('notion-token'));
    }
    const version = c.req.header('notion-version') ?? defaultNotionVersion;
    if (!notionVersion.test(version)) return jsonError(c, 400, 'Notion-Version must be a date such as 2022-06-28', coded('invalid-input', { field: 'Notion-Version', issue: 'a date such as 2022-06-28' }));

    const target = new URL(upstream);
    target.pathname = rest;
    target.search = new URL(c.req.url).search;
    if (target.origin !== upstream.origin) return jsonError(c, 400, 'Malformed Notion API path', coded('not-relayed'));

    return relay(c, {
      target,
      area: 'notion',
      upstreamName: 'Notion',
      log,
      requestHeaders: ['authorization', 'content-type', 'accept'],
      setHeaders: { 'notion-version': version },
      responseHeaders: ['content-type', 'content-length', 'retry-after', 'x-notion-request-id', 'cache-control'],
      idleTimeoutMs: 60_000,
    });
  });

  return app;
}

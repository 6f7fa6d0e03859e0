import { Hono } from 'hono';
import { builtInProxyOrigins, proxyMountPath, proxyTargetHeader } from '../../../common/ai-providers';
import type { Env } from '../../env';
import type { Logger } from '../../log';
import { jsonError } from '../../json-error';
import { relay, relayBodyLimit } from '../../relay';
import { coded } from '../../../common/server-errors';

/** Request headers a provider needs (auth, version, content type); nothing else leaves, cookies never. */
const forwardedRequestHeaders = ['authorization', 'x-api-key', 'anthropic-version', 'anthropic-beta', 'x-goog-api-key', 'content-type', 'accept'];

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

/**
 * The relay of docs/api.md "AI provider relay": `ANY /api/proxy/<path>` + `x-proxy-target`, and
 * `GET /api/proxy/config`.
 */
export function proxyRoutes({ env, log, maxBodyBytes = 10 * 1024 * 1024, idleTimeoutMs = 120_000 }: ProxyOptions) {
  const allowed = new Set<string>([...builtInProxyOrigins, ...env.PROXY_ALLOW_ORIGINS]);
  const app = new Hono();

  app.get('/config', (c) => c.json({ origins: [...allowed] }, 200, { 'cache-control': 'no-store' }));

  app.all('/*', relayBodyLimit(maxBodyBytes), async (c) => {
    const check = checkTarget(c.req.header(proxyTargetHeader), allowed);
    if (!check.ok) {
      log.warn('proxy refused', { reason: check.reason });
      return jsonError(c, c.req.header(proxyTargetHeader) ? 403 : 400, check.reason, coded('bad-target', { reason: check.reason }));
    }
    const incoming = new URL(c.req.url);
    const mountAt = incoming.pathname.indexOf(proxyMountPath);
    const path = mountAt >= 0 ? incoming.pathname.slice(mountAt + proxyMountPath.length) : incoming.pathname;
    // String concatenation, not `new URL(path, origin)`: a path such as `//evil.test/` must stay a path.
    const target = new URL(`${check.origin}${path.startsWith('/') ? path : `/${path}`}${incoming.search}`);
    if (target.origin !== check.origin) return jsonError(c, 403, 'target path escapes the origin', coded('bad-target', { reason: 'target path escapes the origin' }));

    return relay(c, {
      target,
      area: 'proxy',
      log,
      upstreamName: `upstream ${check.origin}`,
      requestHeaders: forwardedRequestHeaders,
      // Providers answer with their own headers (request ids, rate-limit counters) that the SDKs read.
      responseHeaders: 'all',
      idleTimeoutMs,
    });
  });

  return app;
}

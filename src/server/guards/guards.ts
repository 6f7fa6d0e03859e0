import os from 'node:os';
import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';
import { accessPath, accessTokenErrorCode } from '../../common/access';
import type { Env } from '../env';
import type { Logger } from '../log';
import { canonicalHost, isLoopbackHost, isWildcardHost } from './addresses';
import { matchesAccessToken, presentedAccessToken } from './access-token';
import { jsonError } from '../json-error';
import { coded } from '../../common/server-errors';

/*
 * The request guards (issue 14, docs/decisions/0005-request-guards.md), in the order app.ts
 * mounts them before everything else:
 *   1. hostCheck           421 unless `Host` names this server (DNS rebinding)
 *   2. crossSiteCheck      403 for a write (or WebSocket) from another origin (CSRF)
 *   3. callOutCheck        403 for any request from another site to a route that makes this server call out
 *   4. corsForListedOrigins CORS_ORIGINS may GET the corpus and video-search APIs
 *   5. accessCheck         401 without ACCESS_TOKEN on an API route (when one is set)
 */


/** The `Host` the request was sent to. @hono/node-server builds the URL from it (or from HOST when absent). */
function requestHost(c: Context): string {
  return c.req.header('host') ?? new URL(c.req.url).host;
}

/**
 * A request passed on by a TLS-terminating proxy on this machine (Caddy, `tailscale serve`; README
 * "HTTPS on your phone"): it comes from a loopback address, over plain http, marked
 * `X-Forwarded-Proto: https`. Pages cannot set that header on a cross-site request without CORS.
 */
function fromLocalHttpsProxy(c: Context): boolean {
  if (c.req.header('x-forwarded-proto') !== 'https') return false;
  const peer = (c.env as Partial<HttpBindings> | undefined)?.incoming?.socket?.remoteAddress;
  const address = peer === undefined ? undefined : canonicalHost(peer.replace(/^::ffff:/, ''));
  return address !== undefined && isLoopbackHost(address);
}

/** scheme://host[:port] of this server as the request addressed it: what the app's own pages send as Origin. */
export function ownOrigin(c: Context): string | undefined {
  try {
    const protocol = fromLocalHttpsProxy(c) ? 'https:' : new URL(c.req.url).protocol;
    return new URL(`${protocol}//${requestHost(c)}`).origin;
  } catch {
    return undefined;
  }
}

function interfaceAddresses(): string[] {
  return Object.values(os.networkInterfaces()).flatMap((list) => (list ?? []).map((entry) => canonicalHost(entry.address) ?? ''));
}

export interface HostCheckOptions {
  /** The machine's own addresses (tests pass a fixed list). */
  listAddresses?: () => string[];
}

/**
 * DNS rebinding: a page on attacker.example whose name later resolves to 127.0.0.1 reaches this
 * server with `Host: attacker.example`. Only names that are this server are served: its bound
 * address (bound to 0.0.0.0 or ::, each of the machine's own addresses, since those are what it
 * listens on), localhost, any loopback address, and ALLOWED_HOSTS. An IP literal cannot be
 * rebound, a name can, so a LAN *name* (mypc.local) must be listed.
 */
export function hostCheck(env: Env, log: Logger, { listAddresses = interfaceAddresses }: HostCheckOptions = {}): MiddlewareHandler {
  const allowed = new Set<string>([env.hostName, ...env.ALLOWED_HOSTS]);
  const wildcard = isWildcardHost(env.hostName);
  let machine = new Set(wildcard ? listAddresses() : []);
  let refreshedAt = Date.now();
  const isMachineAddress = (host: string) => {
    if (!wildcard) return false;
    // An address gained after start-up (DHCP, a new interface): look again, at most once a second.
    if (!machine.has(host) && Date.now() - refreshedAt > 1000) {
      machine = new Set(listAddresses());
      refreshedAt = Date.now();
    }
    return machine.has(host);
  };
  // A server sees a handful of Host values; an accepted one is remembered (only accepted ones, so
  // a flood of made-up names cannot grow this, and the sets above only ever grow).
  const accepted = new Set<string>();
  return async (c, next) => {
    const raw = requestHost(c);
    if (accepted.has(raw)) return next();
    const host = canonicalHost(raw);
    if (host !== undefined && (allowed.has(host) || isLoopbackHost(host) || isMachineAddress(host))) {
      if (accepted.size < 256) accepted.add(raw);
      return next();
    }
    log.warn('request for a foreign host refused', { host: raw.slice(0, 200), method: c.req.method, path: c.req.path });
    return jsonError(c, 421, `This server does not answer to the host name ${JSON.stringify(raw.slice(0, 200))}. To open it under that name, add it to ALLOWED_HOSTS.`, coded('unknown-host', { host: raw.slice(0, 200) }));
  };
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

function isCorsPath(path: string): boolean {
  return path.startsWith('/shonagon_api/') || path === '/shonagon_api' || path === '/api/av-search' || path.startsWith('/api/av-search/');
}

/**
 * CSRF: any web page can make a browser send a "simple" POST (text/plain, a form) to
 * 127.0.0.1, cookies and all; it cannot read the answer, but a write is done by then. So a
 * request that changes something must come from this app's own origin. Browsers send `Origin`
 * on every such request; `Sec-Fetch-Site` is the fallback. Requests with neither (curl, another
 * server) carry no ambient credentials of the learner and pass. A WebSocket is not covered by
 * CORS at all, so its handshake is held to the same rule (CORS_ORIGINS may open the video
 * search's).
 */
export function crossSiteCheck(env: Env, log: Logger): MiddlewareHandler {
  const refuse = (c: Context, from: string) => {
    log.warn('cross-site request refused', { method: c.req.method, path: c.req.path, from: from.slice(0, 200) });
    return jsonError(c, 403, `Cross-site request refused: ${c.req.method} ${c.req.path} from ${from}. Only this app's own pages may change data.`, coded('cross-site', { method: c.req.method, path: c.req.path }));
  };
  return async (c, next) => {
    const websocket = c.req.header('upgrade')?.toLowerCase() === 'websocket';
    if (safeMethods.has(c.req.method) && !websocket) return next();
    const origin = c.req.header('origin');
    const path = normalisedPath(c.req.path);
    if (origin !== undefined) {
      if (origin === ownOrigin(c)) return next();
      if (websocket && isCorsPath(path) && env.CORS_ORIGINS.includes(origin)) return next();
      return refuse(c, origin);
    }
    const site = c.req.header('sec-fetch-site');
    if (site === undefined || site === 'same-origin' || site === 'none') return next();
    return refuse(c, `a ${site} page`);
  };
}

/** Prefixes of the routes whose every request makes this server contact another host. */
const callingOutPrefixes = ['/api/proxy/', '/api/img', '/api/xpan/', '/api/notion/', '/api/anki', '/api/tts/', '/NiuTransServer/', '/v2/', '/makemp3_new.php'];
/** Under those prefixes, what answers from this server alone. */
const localPaths = new Set(['/api/proxy/config']);

/**
 * Whether answering this request makes the server open a connection to another host. The video
 * search does so for every source but `local` (the WebSocket's sources come later, in messages:
 * its handshake is held to the cross-site write rule instead).
 */
export function callsOut(rawPath: string, query: (name: string) => string | undefined): boolean {
  const path = normalisedPath(rawPath).toLowerCase();
  if (path === '/api/av-search') {
    return (query('source') ?? '').split(',').some((source) => source.trim().toLowerCase() !== 'local');
  }
  if (localPaths.has(path)) return false;
  return callingOutPrefixes.some((prefix) => {
    const p = prefix.toLowerCase();
    return p.endsWith('/') ? path.startsWith(p) : path === p || path.startsWith(`${p}/`);
  });
}

/**
 * SSRF from a web page: an `<img>`, an EventSource or a form on any site can make the learner's
 * browser *send* a GET here without CORS, and the server would then dial whatever the query names
 * (a LAN host, a remoteBase of the attacker's choosing). So a route that calls out serves, whatever
 * the method, only the app's own pages (and CORS_ORIGINS), and callers that are not browsers (no
 * Origin, no Sec-Fetch-Site: curl, another Kotonoha's server).
 */
export function callOutCheck(env: Env, log: Logger): MiddlewareHandler {
  const listed = new Set(env.CORS_ORIGINS);
  const refuse = (c: Context, from: string) => {
    log.warn('cross-site call-out refused', { method: c.req.method, path: c.req.path, from: from.slice(0, 200) });
    return jsonError(c, 403, `Cross-site request refused: ${c.req.method} ${c.req.path} from ${from}. Only this app's own pages may make this server contact other hosts.`, coded('cross-site', { method: c.req.method, path: c.req.path }));
  };
  return async (c, next) => {
    if (!callsOut(c.req.path, (name) => c.req.query(name))) return next();
    const origin = c.req.header('origin');
    if (origin !== undefined) {
      if (origin === ownOrigin(c) || listed.has(origin)) return next();
      return refuse(c, origin);
    }
    const site = c.req.header('sec-fetch-site');
    if (site === undefined || site === 'same-origin' || site === 'none') return next();
    return refuse(c, `a ${site} page`);
  };
}

const corsMethods = 'GET, HEAD';
const corsHeaders = 'authorization, x-access-token';

/**
 * CORS is closed except where docs/api.md "Guards" opens it: another Kotonoha (an origin in
 * CORS_ORIGINS) may read this one's corpus API and video search. Reads only; writes never reach
 * here from another origin (crossSiteCheck).
 */
export function corsForListedOrigins(env: Env): MiddlewareHandler {
  const listed = new Set(env.CORS_ORIGINS);
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (origin === undefined || !listed.has(origin) || !isCorsPath(normalisedPath(c.req.path))) return next();
    const requested = c.req.header('access-control-request-method');
    if (c.req.method === 'OPTIONS' && requested !== undefined) {
      if (requested !== 'GET' && requested !== 'HEAD') {
        return jsonError(c, 403, `CORS allows only ${corsMethods} on ${c.req.path}, not ${requested}.`, coded('cors-method', { method: requested, allowed: corsMethods }));
      }
      return c.body(null, 204, {
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Methods': corsMethods,
        'Access-Control-Allow-Headers': corsHeaders,
        'Access-Control-Max-Age': '600',
        Vary: 'Origin',
      });
    }
    await next();
    if (c.req.method === 'GET' || c.req.method === 'HEAD') {
      c.res.headers.set('Access-Control-Allow-Origin', origin);
      c.res.headers.append('Vary', 'Origin');
    }
  };
}

/** Path prefixes of the server's API: everything that is not the single-page app. */
const apiPrefixes = ['/api/', '/shonagon_api/', '/NiuTransServer/', '/v2/'];
const apiPaths = ['/api', '/shonagon_api', '/makemp3_new.php'];

/** Hono has already percent-decoded the path; case and doubled slashes are folded so no spelling slips past. */
function normalisedPath(path: string): string {
  return path.replace(/\/{2,}/g, '/');
}

/** True for every route but the single-page app, which answers only GET and HEAD. */
export function isApiRequest(method: string, rawPath: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return true;
  const path = normalisedPath(rawPath).toLowerCase();
  return apiPaths.some((p) => path === p.toLowerCase()) || apiPrefixes.some((p) => path.startsWith(p.toLowerCase()));
}

/**
 * With ACCESS_TOKEN set (always, when HOST is off loopback) every API route needs it: as
 * `Authorization: Bearer`, `X-Access-Token`, or the HttpOnly cookie that POST /api/access sets.
 * When it came as `Authorization`, that header is removed before the route runs, so a relay that
 * forwards `Authorization` (the AI proxy) cannot pass it on to a third party.
 */
export function accessCheck(env: Env, log: Logger): MiddlewareHandler {
  const token = env.ACCESS_TOKEN;
  return async (c, next) => {
    // /api/access is how a browser gets in, so it is open (it checks the token itself).
    if (token === undefined || normalisedPath(c.req.path) === accessPath || !isApiRequest(c.req.method, c.req.path)) return next();
    const presented = presentedAccessToken(c, token);
    if (presented === undefined) {
      log.info('access refused', { method: c.req.method, path: c.req.path });
      c.header('WWW-Authenticate', 'Bearer realm="Kotonoha"');
      return jsonError(c, 401, accessTokenError.error, coded(accessTokenError.code));
    }
    if (presented === 'authorization' && !(env.UPLOAD_TOKEN !== undefined && matchesAccessToken(env.UPLOAD_TOKEN, token))) {
      c.req.raw.headers.delete('authorization');
    }
    c.req.raw.headers.delete('x-access-token');
    return next();
  };
}

/** The body the app recognises (code) to ask the learner for the token. */
export const accessTokenError = {
  error: 'This Kotonoha server needs its access token (ACCESS_TOKEN): enter it in the app, or send it as Authorization: Bearer or X-Access-Token.',
  code: accessTokenErrorCode,
} as const;

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { parseEnv } from '../env';
import { accessPath } from '../../common/access';

/*
 * Every route the real app mounts, read from Hono's own table, gets every guard rule: a route
 * added later is covered here without a new test. Only the whole-app patterns (`/*`, the
 * middleware and the single-page app, and `/assets/*`) are left to the sample paths below.
 */

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-guard-routes-'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
const token = 'all-routes-access-token-0123456789';
const unreachable = 'http://127.0.0.1:9';
const lanHost = '192.168.1.20:8787';

function makeApp(extra: Record<string, string>) {
  const env = parseEnv({
    KOTONOHA_DIST_DIR: dist,
    DATA_DIR: path.join(dist, 'data'),
    LOG_LEVEL: 'silent',
    // Should a request get past the guards, no relay leaves this machine.
    UPSTREAM_NIUTRANS: unreachable,
    UPSTREAM_TTSMP3: unreachable,
    UPSTREAM_NOTION: unreachable,
    UPSTREAM_XPAN: unreachable,
    ...extra,
  });
  return createApp({ env, listAddresses: () => ['192.168.1.20'] });
}

const local = makeApp({});
const lan = makeApp({ HOST: '0.0.0.0', ACCESS_TOKEN: token });

const wholeApp = new Set(['/*', '*', '/assets/*']);

/** `/api/tts/mp3/:dir/:file` → `/api/tts/mp3/x/x`; `/v2/image/translate/*` → `/v2/image/translate/x`. */
function concrete(pattern: string): string {
  return pattern.replace(/:[A-Za-z0-9_]+(\{[^}]*\})?\??/g, 'x').replace(/\*/g, 'x');
}

const routes = [
  ...new Map(
    local.routes
      .filter((route) => !wholeApp.has(route.path))
      .flatMap((route) => (route.method === 'ALL' ? ['GET', 'POST'] : [route.method]).map((method) => ({ method, pattern: route.path })))
      .map((route) => [`${route.method} ${route.pattern}`, route] as const),
  ).values(),
];

const sameOrigin = (host: string) => ({ host, origin: `http://${host}` });

async function send(app: ReturnType<typeof makeApp>, method: string, url: string, headers: Record<string, string>) {
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return app.request(url, { method, headers: hasBody ? { 'content-type': 'text/plain', ...headers } : headers, body: hasBody ? 'x' : undefined });
}

async function errorOf(response: Response): Promise<{ error?: string; code?: string }> {
  try {
    return (await response.clone().json()) as { error?: string; code?: string };
  } catch {
    return {};
  }
}

describe('every mounted route is guarded', () => {
  it('finds the route families in the app table (the enumeration is not empty)', () => {
    const patterns = routes.map((route) => route.pattern);
    for (const family of ['/api/health', '/api/proxy/*', '/api/dict/lookup', '/NiuTransServer/translation', '/v2/image/translate/*', '/makemp3_new.php', accessPath, '/api/*']) {
      expect(patterns).toContain(family);
    }
  });

  const samples = [
    ...routes.map((route) => ({ ...route, url: concrete(route.pattern) })),
    { method: 'GET', pattern: '(single-page app)', url: '/translate' },
    { method: 'GET', pattern: '(assets)', url: '/assets/app.js' },
  ];

  it.each(samples)('$method $pattern: a foreign Host gets 421 before anything runs', async ({ method, url }) => {
    for (const host of ['evil.test', 'attacker.example:8787', 'rebind.127.0.0.1.nip.io']) {
      const response = await send(local, method, url, { host });
      expect(response.status).toBe(421);
      expect(await errorOf(response)).toEqual({ error: expect.stringContaining('ALLOWED_HOSTS') });
    }
  });

  it.each(samples)('$method $pattern: a cross-site write gets 403', async ({ url }) => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const response = await send(local, method, url, { host: '127.0.0.1:8787', origin: 'http://evil.test' });
      expect(response.status, `${method} ${url}`).toBe(403);
      expect((await errorOf(response)).error).toContain('Cross-site request refused');
      const noOrigin = await send(local, method, url, { host: '127.0.0.1:8787', 'sec-fetch-site': 'cross-site' });
      expect(noOrigin.status, `${method} ${url} (Sec-Fetch-Site)`).toBe(403);
    }
  });

  it.each(routes.filter((route) => route.pattern !== accessPath))('$method $pattern: off loopback, no token gets 401', async ({ method, pattern }) => {
    const url = concrete(pattern);
    for (const headers of [{}, { authorization: 'Bearer wrong-token-wrong-token' }, { cookie: 'kotonoha_access=wrong' }] as Record<string, string>[]) {
      const response = await send(lan, method, url, { ...sameOrigin(lanHost), ...headers });
      expect(response.status, `${method} ${url}`).toBe(401);
      expect(await errorOf(response)).toMatchObject({ code: 'access-token' });
    }
  });

  it.each(routes)('$method $pattern: same-origin with the token passes every guard', async ({ method, pattern }) => {
    const url = concrete(pattern);
    for (const headers of [{ 'x-access-token': token }, { cookie: `kotonoha_access=${token}` }] as Record<string, string>[]) {
      const response = await send(lan, method, url, { ...sameOrigin(lanHost), ...headers });
      const body = await errorOf(response);
      expect(response.status, `${method} ${url}`).not.toBe(421);
      expect(body.code, `${method} ${url}`).not.toBe('access-token');
      expect(body.error ?? '', `${method} ${url}`).not.toContain('Cross-site');
    }
  });

  it('off loopback, the single-page app needs no token', async () => {
    for (const url of ['/', '/translate', '/settings']) {
      expect((await send(lan, 'GET', url, { host: lanHost })).status).toBe(200);
    }
  });
});

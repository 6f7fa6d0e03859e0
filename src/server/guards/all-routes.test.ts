import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { parseEnv } from '../env';
import { accessPath } from '../../common/access';
import { callsOut } from './guards';

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

// The web app's own routes (its pages, / among them, and files), open to all: checked below.
const wholeApp = new Set(['/*', '*', '/', '/assets/*']);

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
      expect(await errorOf(response)).toEqual({ error: expect.stringContaining('ALLOWED_HOSTS'), code: 'unknown-host', params: { host: expect.any(String) } });
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

describe('routes that make the server call out refuse other sites', () => {
  // Every upstream, every query parameter that names a host, and the proxy target point here.
  let listener: net.Server;
  let connections = 0;
  let upstream = '';
  let callingOut: ReturnType<typeof makeApp>;

  beforeAll(async () => {
    listener = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    upstream = `http://127.0.0.1:${(listener.address() as net.AddressInfo).port}`;
    callingOut = makeApp({
      UPSTREAM_NIUTRANS: upstream,
      UPSTREAM_TTSMP3: upstream,
      UPSTREAM_NOTION: upstream,
      UPSTREAM_XPAN: upstream,
      PROXY_ALLOW_ORIGINS: upstream,
      ANKICONNECT_URL: upstream,
    });
  });
  afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

  const query = () =>
    new URLSearchParams({ q: '猫', source: 'local,remote,yunpan', remoteBase: upstream, access_token: 'token', url: `${upstream}/a.png`, fsid: '1', method: 'list' });
  const foreign: Record<string, string>[] = [{ origin: 'http://evil.test' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }, { 'sec-fetch-site': 'same-site' }];

  it.each(routes)('$method $pattern: a request from another site makes no outbound connection', async ({ method, pattern }) => {
    const url = `${concrete(pattern)}?${query()}`;
    for (const headers of foreign) {
      const before = connections;
      const response = await send(callingOut, method, url, { host: '127.0.0.1:8787', 'x-proxy-target': upstream, ...headers });
      const { error } = await errorOf(response);
      await response.body?.cancel();
      // Give a relay that slipped through the time to dial.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(connections - before, `${method} ${url} ${JSON.stringify(headers)}`).toBe(0);
      if (callsOut(concrete(pattern), (name) => query().get(name) ?? undefined)) {
        expect(response.status, `${method} ${url}`).toBe(403);
        expect(error).toContain('Cross-site request refused');
      }
    }
  });

  it('names the routes docs/api.md "Guards" lists as calling out', () => {
    const at = (path: string, source?: string) => callsOut(path, (name) => (name === 'source' ? source : undefined));
    for (const path of ['/api/proxy/v1/chat/completions', '/api/img', '/api/xpan/stream', '/api/xpan/rest/2.0/xpan/file', '/api/notion/v1/search', '/api/anki', '/NiuTransServer/translation', '/v2/image/translate/x', '/makemp3_new.php', '/api/tts/mp3/a/b.mp3']) {
      expect(at(path), path).toBe(true);
    }
    expect(at('/api/av-search', 'local,remote')).toBe(true);
    expect(at('/api/av-search', 'yunpan')).toBe(true);
    expect(at('/api/av-search', 'local')).toBe(false);
    for (const path of ['/api/proxy/config', '/api/media/x', '/shonagon_api/search', '/api/dict/lookup', '/api/health', '/api/imgs']) {
      expect(at(path), path).toBe(false);
    }
  });

  it('the same request from the app itself, or from a server, does reach the other host', async () => {
    for (const headers of [{ origin: 'http://127.0.0.1:8787', 'sec-fetch-site': 'same-origin' }, {}] as Record<string, string>[]) {
      const before = connections;
      const response = await send(callingOut, 'GET', `/api/av-search?${new URLSearchParams({ q: '猫', source: 'remote', remoteBase: upstream })}`, { host: '127.0.0.1:8787', ...headers });
      expect(response.status).toBe(200);
      await response.text();
      expect(connections - before, JSON.stringify(headers)).toBeGreaterThan(0);
    }
  });

  it('a cross-site search of the local library alone is still served (it calls nobody)', async () => {
    const response = await send(callingOut, 'GET', '/api/av-search?q=%E7%8C%AB&source=local', { host: '127.0.0.1:8787', 'sec-fetch-site': 'cross-site' });
    expect(response.status).toBe(200);
    await response.body?.cancel();
  });
});

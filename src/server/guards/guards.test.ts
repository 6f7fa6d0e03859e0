import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { parseEnv } from '../env';
import { canonicalHost, isLoopbackHost } from './addresses';
import { accessCookieName } from './access-token';
import { isApiRequest } from './guards';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-guard-dist-'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');

const token = 'correct-horse-battery-staple-42';
const lanAddress = '192.168.1.20';

function makeApp(extra: Record<string, string> = {}) {
  const env = parseEnv({ KOTONOHA_DIST_DIR: dist, LOG_LEVEL: 'silent', DATA_DIR: path.join(dist, 'data'), ...extra });
  return createApp({ env, listAddresses: () => ['127.0.0.1', lanAddress, 'fe80::1'] });
}

const local = makeApp();
const lan = makeApp({ HOST: '0.0.0.0', ACCESS_TOKEN: token, ALLOWED_HOSTS: 'mypc.local', CORS_ORIGINS: 'https://other-kotonoha.example' });

const get = (app: ReturnType<typeof makeApp>, url: string, headers: Record<string, string> = {}, method = 'GET') =>
  app.request(url, { method, headers });

describe('addresses', () => {
  it.each([
    ['127.0.0.1:8787', '127.0.0.1'],
    ['LOCALHOST.', 'localhost'],
    ['[::1]:8787', '::1'],
    ['::1', '::1'],
    ['127.1', '127.0.0.1'],
    ['0x7f.0.0.1', '127.0.0.1'],
    ['MyPC.Local:80', 'mypc.local'],
  ])('canonicalHost(%s) = %s', (raw, host) => expect(canonicalHost(raw)).toBe(host));

  it.each(['', 'evil.test/x', 'a b', 'user@host'])('canonicalHost(%j) is not a host', (raw) => expect(canonicalHost(raw)).toBeUndefined());

  it.each([
    ['localhost', true],
    ['127.0.0.1', true],
    ['127.255.3.4', true],
    ['::1', true],
    [canonicalHost('[::ffff:127.0.0.1]')!, true],
    ['0.0.0.0', false],
    ['192.168.1.20', false],
    ['localhost.evil.test', false],
    ['127.0.0.1.evil.test', false],
  ])('isLoopbackHost(%s) = %s', (host, loopback) => expect(isLoopbackHost(host)).toBe(loopback));
});

describe('host check (DNS rebinding)', () => {
  it.each(['127.0.0.1:8787', 'localhost:8787', 'localhost', '127.0.0.2:9', '[::1]:8787'])('serves Host %s on loopback', async (host) => {
    const response = await get(local, '/api/health', { host });
    expect(response.status).toBe(200);
  });

  it.each(['evil.test', 'attacker.example:8787', '192.168.1.20:8787', 'localhost.evil.test'])('refuses Host %s with 421 JSON and runs nothing else', async (host) => {
    for (const url of ['/api/health', '/api/dict/lookup?q=x', '/', '/assets/app.js']) {
      const response = await get(local, url, { host });
      expect(response.status).toBe(421);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect((await response.json()) as { error: string }).toEqual({ error: expect.stringContaining('ALLOWED_HOSTS'), code: 'unknown-host', params: { host: expect.any(String) } });
      // The security-headers middleware and the routes never ran.
      expect(response.headers.get('content-security-policy')).toBeNull();
    }
  });

  it('reads the host from the URL when no Host header came (app.request, node-server fills it from HOST)', async () => {
    expect((await local.request('http://evil.test/api/health')).status).toBe(421);
    expect((await local.request('/api/health')).status).toBe(200);
  });

  it('bound to 0.0.0.0: serves the machine own addresses and ALLOWED_HOSTS, still refuses other names', async () => {
    const auth = { authorization: `Bearer ${token}` };
    expect((await get(lan, '/api/health', { ...auth, host: `${lanAddress}:8787` })).status).toBe(200);
    expect((await get(lan, '/api/health', { ...auth, host: '[fe80::1]:8787' })).status).toBe(200);
    expect((await get(lan, '/api/health', { ...auth, host: 'MyPC.local:8787' })).status).toBe(200);
    expect((await get(lan, '/api/health', { ...auth, host: 'other.local:8787' })).status).toBe(421);
    expect((await get(lan, '/api/health', { ...auth, host: '10.9.9.9:8787' })).status).toBe(421);
  });

  it('serves HOST itself when it names one address', async () => {
    const bound = makeApp({ HOST: '192.168.7.7', ACCESS_TOKEN: token });
    expect((await get(bound, '/', { host: '192.168.7.7:8787' })).status).toBe(200);
    expect((await get(bound, '/', { host: lanAddress })).status).toBe(421);
  });
});

describe('cross-site writes (CSRF)', () => {
  const own = { host: '127.0.0.1:8787' };
  const post = (headers: Record<string, string>, url = '/api/does-not-exist') =>
    local.request(url, { method: 'POST', headers: { ...own, 'content-type': 'text/plain', ...headers }, body: 'x' });

  it.each([
    ['Origin: http://evil.test', { origin: 'http://evil.test' }],
    ['Origin: null', { origin: 'null' }],
    ['own host on another port', { origin: 'http://127.0.0.1:9999' }],
    ['own host with https', { origin: 'https://127.0.0.1:8787' }],
    ['another loopback name', { origin: 'http://localhost:8787' }],
    ['no Origin, Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['no Origin, Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
  ])('refuses %s with 403 JSON before routing', async (_name, headers) => {
    const response = await post(headers);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: expect.stringContaining('Cross-site request refused'), code: 'cross-site', params: { method: expect.any(String), path: expect.any(String) } });
  });

  it.each(['PUT', 'PATCH', 'DELETE'])('refuses a cross-site %s', async (method) => {
    const response = await local.request('/api/dict/status', { method, headers: { ...own, origin: 'http://evil.test' } });
    expect(response.status).toBe(403);
  });

  it.each([
    ['same origin', { origin: 'http://127.0.0.1:8787' }],
    ['no browser headers (curl)', {}],
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
  ])('lets %s through to the route', async (_name, headers) => {
    const response = await post(headers);
    expect(response.status).toBe(404);
  });

  it('lets cross-site reads through (CORS keeps their answers from the page)', async () => {
    const response = await get(local, '/api/health', { ...own, origin: 'http://evil.test', 'sec-fetch-site': 'cross-site' });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  describe('behind a TLS-terminating proxy on this machine (Caddy, tailscale serve)', () => {
    const proxied = makeApp({ ALLOWED_HOSTS: 'mypc.tail1234.ts.net' });
    const viaProxy = (peer: string, headers: Record<string, string>) =>
      proxied.request(
        '/api/does-not-exist',
        { method: 'POST', headers: { host: 'mypc.tail1234.ts.net', 'content-type': 'text/plain', ...headers }, body: 'x' },
        { incoming: { socket: { remoteAddress: peer } } },
      );

    it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1'])('the https page\'s own Origin passes when a loopback peer (%s) says X-Forwarded-Proto: https', async (peer) => {
      expect((await viaProxy(peer, { origin: 'https://mypc.tail1234.ts.net', 'x-forwarded-proto': 'https' })).status).toBe(404);
    });

    it.each([
      ['without X-Forwarded-Proto', '127.0.0.1', { origin: 'https://mypc.tail1234.ts.net' }],
      ['from a peer that is not this machine', '192.168.1.7', { origin: 'https://mypc.tail1234.ts.net', 'x-forwarded-proto': 'https' }],
      ['another origin, even through the proxy', '127.0.0.1', { origin: 'https://evil.test', 'x-forwarded-proto': 'https' }],
      ['the http origin when the proxy says https', '127.0.0.1', { origin: 'http://mypc.tail1234.ts.net', 'x-forwarded-proto': 'https' }],
    ])('refuses %s', async (_name, peer, headers) => {
      expect((await viaProxy(peer, headers)).status).toBe(403);
    });
  });

  it('refuses a WebSocket handshake from another origin (WebSockets are outside CORS)', async () => {
    const headers = { ...own, upgrade: 'websocket', connection: 'Upgrade', origin: 'http://evil.test' };
    expect((await get(local, '/api/av-search/ws', headers)).status).toBe(403);
    expect((await get(local, '/api/av-search/ws', { ...headers, origin: 'http://127.0.0.1:8787' })).status).not.toBe(403);
  });
});

describe('CORS', () => {
  const listed = 'https://other-kotonoha.example';
  const headers = { host: `${lanAddress}:8787`, authorization: `Bearer ${token}` };

  it('is closed by default: no CORS headers on any route', async () => {
    for (const url of ['/api/health', '/shonagon_api/search?q=x', '/api/av-search?q=x']) {
      const response = await get(local, url, { origin: listed });
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('opens GET on /shonagon_api/* and /api/av-search* to CORS_ORIGINS only', async () => {
    for (const url of ['/shonagon_api/search?q=x', '/api/av-search?q=x', '/api/av-search/ws']) {
      const response = await get(lan, url, { ...headers, origin: listed });
      expect(response.headers.get('access-control-allow-origin')).toBe(listed);
      expect(response.headers.get('vary')).toContain('Origin');
    }
    const other = await get(lan, '/shonagon_api/search?q=x', { ...headers, origin: 'https://elsewhere.example' });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const health = await get(lan, '/api/health', { ...headers, origin: listed });
    expect(health.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers the preflight of a GET with the token header, refuses a preflight for a write', async () => {
    const preflight = await get(
      lan,
      '/shonagon_api/search?q=x',
      { host: headers.host, origin: listed, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      'OPTIONS',
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(listed);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
    const write = await get(lan, '/shonagon_api/documents', { host: headers.host, origin: listed, 'access-control-request-method': 'POST' }, 'OPTIONS');
    expect(write.status).toBe(403);
    expect(write.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('never lets a listed origin write', async () => {
    const response = await lan.request('/shonagon_api/documents', { method: 'POST', headers: { ...headers, origin: listed }, body: '{}' });
    expect(response.status).toBe(403);
  });
});

describe('access token (off loopback)', () => {
  const host = { host: `${lanAddress}:8787` };

  it('is required on API routes: 401 JSON with a recognisable code', async () => {
    const response = await get(lan, '/api/health', host);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('Bearer');
    expect(await response.json()).toEqual({ error: expect.stringContaining('ACCESS_TOKEN'), code: 'access-token' });
  });

  it('is not required for the single-page app', async () => {
    for (const url of ['/', '/chat', '/settings?x=1']) expect((await get(lan, url, host)).status).toBe(200);
  });

  it.each([
    ['Authorization: Bearer', { authorization: `Bearer ${token}` }],
    ['X-Access-Token', { 'x-access-token': token }],
    ['the cookie', { cookie: `other=1; ${accessCookieName}=${token}` }],
  ])('is accepted as %s', async (_name, headers) => {
    expect((await get(lan, '/api/health', { ...host, ...headers })).status).toBe(200);
  });

  it.each([
    ['a wrong Bearer', { authorization: `Bearer ${token}x` }],
    ['a prefix of the token', { authorization: `Bearer ${token.slice(0, -1)}` }],
    ['Basic', { authorization: `Basic ${token}` }],
    ['a wrong X-Access-Token', { 'x-access-token': 'nope' }],
    ['a wrong cookie', { cookie: `${accessCookieName}=nope` }],
  ])('refuses %s', async (_name, headers) => {
    expect((await get(lan, '/api/health', { ...host, ...headers })).status).toBe(401);
  });

  it('lets another Bearer (the upload token, a provider key) pass when the access token comes as header or cookie', async () => {
    const response = await get(lan, '/api/health', { ...host, authorization: 'Bearer upload-or-provider-key', 'x-access-token': token });
    expect(response.status).toBe(200);
  });

  it('is not required on loopback unless ACCESS_TOKEN is set', async () => {
    expect((await get(local, '/api/health')).status).toBe(200);
    const guarded = makeApp({ ACCESS_TOKEN: token });
    expect((await get(guarded, '/api/health')).status).toBe(401);
    expect((await get(guarded, '/api/health', { 'x-access-token': token })).status).toBe(200);
  });

  it('POST /api/access trades the token for an HttpOnly SameSite=Strict cookie; a wrong one gets 401', async () => {
    const post = (body: string, headers: Record<string, string> = {}) =>
      lan.request('/api/access', { method: 'POST', headers: { ...host, 'content-type': 'application/json', ...headers }, body });
    const ok = await post(JSON.stringify({ token }), { origin: `http://${lanAddress}:8787` });
    expect(ok.status).toBe(204);
    const cookie = ok.headers.get('set-cookie')!;
    expect(cookie).toContain(`${accessCookieName}=${token}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\//);
    const cookieValue = cookie.split(';')[0];
    expect((await get(lan, '/api/dict/status', { ...host, cookie: cookieValue })).status).toBe(200);

    const wrong = await post(JSON.stringify({ token: 'wrong-token-wrong-token' }));
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ code: 'access-token' });
    expect(wrong.headers.get('set-cookie')).toBeNull();
    const notJson = await post('not json');
    expect([notJson.status, await notJson.json()]).toEqual([400, { error: 'Send JSON {"token":"…"}.', code: 'body-not-json' }]);
    for (const body of [{ token: 42 }, { token: '' }, { token: 'x'.repeat(1025) }, {}, null]) {
      const refused = await post(JSON.stringify(body));
      expect([refused.status, await refused.json()], JSON.stringify(body)).toEqual([
        400,
        { error: 'Send JSON {"token":"…"} with the access token.', code: 'invalid-input', params: { field: 'token', issue: 'a non-empty string' } },
      ]);
      expect(refused.headers.get('cache-control')).toBe('no-store');
    }
    // From another site, even the right token is refused (no login CSRF).
    expect((await post(JSON.stringify({ token }), { origin: 'http://evil.test' })).status).toBe(403);
  });

  it('GET /api/access says whether the token is required and granted; DELETE clears the cookie', async () => {
    expect(await (await get(lan, '/api/access', host)).json()).toEqual({ required: true, granted: false });
    expect(await (await get(lan, '/api/access', { ...host, cookie: `${accessCookieName}=${token}` })).json()).toEqual({ required: true, granted: true });
    expect(await (await get(local, '/api/access')).json()).toEqual({ required: false, granted: true });
    const cleared = await get(lan, '/api/access', host, 'DELETE');
    expect(cleared.status).toBe(204);
    expect(cleared.headers.get('set-cookie')).toMatch(new RegExp(`${accessCookieName}=;.*Max-Age=0`, 'i'));
  });

  it('removes the access token from Authorization before a relay could forward it', async () => {
    const response = await lan.request('/api/proxy/v1/models', {
      headers: { ...host, authorization: `Bearer ${token}`, 'x-proxy-target': 'https://not-allowed.example' },
    });
    // The proxy refuses the target; what matters is that the guard let it through.
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: expect.stringContaining('not allowed'), code: 'bad-target', params: { reason: expect.stringContaining('not allowed') } });
  });
});

describe('isApiRequest', () => {
  it.each([
    ['GET', '/api/health', true],
    ['GET', '/API/health', true],
    ['GET', '//api//health', true],
    ['GET', '/shonagon_api/search', true],
    ['GET', '/v2/image/translate/x', true],
    ['POST', '/makemp3_new.php', true],
    ['POST', '/anything-at-all', true],
    ['GET', '/', false],
    ['GET', '/apiary', false],
    ['HEAD', '/assets/app.js', false],
  ])('%s %s → %s', (method, url, api) => expect(isApiRequest(method, url)).toBe(api));
});

describe('accessCheck', () => {
  it('removes an Authorization that carried the access token, keeps one that carried something else', async () => {
    const { Hono } = await import('hono');
    const { accessCheck } = await import('./guards');
    const { createLogger } = await import('../log');
    const env = parseEnv({ HOST: '0.0.0.0', ACCESS_TOKEN: token, LOG_LEVEL: 'silent' });
    const app = new Hono().use('*', accessCheck(env, createLogger('silent'))).get('/api/echo', (c) => c.json({ authorization: c.req.header('authorization') ?? null, access: c.req.header('x-access-token') ?? null }));
    expect(await (await app.request('/api/echo', { headers: { authorization: `Bearer ${token}` } })).json()).toEqual({ authorization: null, access: null });
    expect(await (await app.request('/api/echo', { headers: { authorization: 'Bearer sk-provider', 'x-access-token': token } })).json()).toEqual({
      authorization: 'Bearer sk-provider',
      access: null,
    });
  });
});

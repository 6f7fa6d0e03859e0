import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '../../test-support/fake-server';
import { recordingLogger } from '../../test-support/recording-logger';
import { clientClosedStatus, relay, relayBodyLimit } from './relay';

let upstream: FakeServer | undefined;
afterEach(async () => {
  await upstream?.close();
  upstream = undefined;
});

function relayApp(target: () => string, options: { idleTimeoutMs?: number; maxBytes?: number } = {}) {
  const { log, lines } = recordingLogger();
  const app = new Hono();
  app.all('/r/*', relayBodyLimit(options.maxBytes ?? 1024), (c) =>
    relay(c, {
      target: new URL(c.req.path.slice(2) + new URL(c.req.url).search, target()),
      area: 'test',
      upstreamName: 'Upstream',
      log,
      requestHeaders: ['authorization', 'content-type'],
      idleTimeoutMs: options.idleTimeoutMs,
    }),
  );
  return { app, lines };
}

describe('relay', () => {
  it('forwards allow-listed headers and the body, never cookies, and answers with allow-listed headers', async () => {
    upstream = await startFakeServer((_request, response) => {
      response.writeHead(201, { 'content-type': 'application/json', 'set-cookie': 'a=b', 'x-secret': '1', 'retry-after': '2' });
      response.end('{"ok":true}');
    });
    const { app, lines } = relayApp(() => upstream!.url);
    const response = await app.request('/r/v1/things?token=abc', {
      method: 'POST',
      headers: { authorization: 'Bearer sk-secret', cookie: 'session=1', 'content-type': 'application/json', 'x-other': 'no' },
      body: '{"a":1}',
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('x-secret')).toBeNull();
    expect(response.headers.get('retry-after')).toBe('2');
    const seen = upstream.requests[0];
    expect(seen.url).toBe('/v1/things?token=abc');
    expect(seen.headers.authorization).toBe('Bearer sk-secret');
    expect(seen.headers.cookie).toBeUndefined();
    expect(seen.headers['x-other']).toBeUndefined();
    expect(seen.body.toString()).toBe('{"a":1}');
    const logged = lines.join('\n');
    expect(logged).not.toContain('sk-secret');
    expect(logged).not.toContain('token=abc');
  });

  it('does not follow redirects', async () => {
    upstream = await startFakeServer((_request, response) => {
      response.writeHead(302, { location: 'http://169.254.169.254/' });
      response.end();
    });
    const { app } = relayApp(() => upstream!.url);
    const response = await app.request('/r/x');
    expect(response.status).toBe(502);
    expect((await response.json()).error).toMatch(/redirect/);
  });

  it('follows only the redirects followRedirect accepts, without credentials across origins', async () => {
    const { log } = recordingLogger();
    const cdn = await startFakeServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('from the cdn');
    });
    upstream = await startFakeServer((request, response) => {
      const to = request.url === '/hop' ? `${cdn.url}/bytes` : request.url === '/away' ? 'http://169.254.169.254/' : '/hop';
      response.writeHead(302, { location: to });
      response.end();
    });
    const app = new Hono();
    app.get('/r/*', (c) =>
      relay(c, {
        target: new URL(c.req.path.slice(2), upstream!.url),
        area: 'test',
        log,
        requestHeaders: ['authorization'],
        followRedirect: (location) => location.origin === upstream!.url || location.origin === cdn.url,
      }),
    );
    try {
      const followed = await app.request('/r/start', { headers: { authorization: 'Bearer secret' } });
      expect(followed.status).toBe(200);
      expect(await followed.text()).toBe('from the cdn');
      expect(upstream.requests.map((r) => r.url)).toEqual(['/start', '/hop']);
      expect(upstream.requests[1].headers.authorization).toBe('Bearer secret');
      expect(cdn.requests[0].headers.authorization).toBeUndefined();

      const refused = await app.request('/r/away');
      expect(refused.status).toBe(502);
      expect((await refused.json()).error).toMatch(/redirect/);
    } finally {
      await cdn.close();
    }
  });

  it('answers 502 JSON when the upstream is unreachable and 504 when it stays silent', async () => {
    const dead = relayApp(() => 'http://127.0.0.1:9');
    const unreachable = await dead.app.request('/r/x');
    expect(unreachable.status).toBe(502);
    expect(await unreachable.json()).toEqual({ error: 'Upstream is unreachable', code: 'upstream-unreachable', params: { upstream: 'Upstream' } });

    upstream = await startFakeServer(() => new Promise(() => {}));
    const silent = relayApp(() => upstream!.url, { idleTimeoutMs: 50 });
    const timedOut = await silent.app.request('/r/x');
    expect(timedOut.status).toBe(504);
  });

  it('caps the request body with a JSON 413', async () => {
    upstream = await startFakeServer((_request, response) => {
      response.end('ok');
    });
    const { app } = relayApp(() => upstream!.url, { maxBytes: 10 });
    const response = await app.request('/r/x', { method: 'POST', body: 'x'.repeat(100), headers: { 'content-length': '100' } });
    expect(response.status).toBe(413);
    expect((await response.json()).error).toMatch(/exceeds/);
    expect(upstream.requests).toHaveLength(0);
  });

  it('aborts the upstream when the client goes away before the answer, with the one client-closed status and log line', async () => {
    let reached!: () => void;
    const upstreamReached = new Promise<void>((resolve) => (reached = resolve));
    let upstreamClosed = false;
    upstream = await startFakeServer((_request, response) => {
      response.on('close', () => (upstreamClosed = true));
      reached();
      return new Promise(() => {});
    });
    const { app, lines } = relayApp(() => upstream!.url);
    const client = new AbortController();
    const answer = app.request('/r/slow', { signal: client.signal });
    await upstreamReached;
    client.abort();
    const response = await answer;
    expect(response.status).toBe(clientClosedStatus);
    expect(lines.some((line) => line.includes('"m":"relay client closed"') && line.includes(`"status":${clientClosedStatus}`))).toBe(true);
    await expect.poll(() => upstreamClosed).toBe(true);
  });
});

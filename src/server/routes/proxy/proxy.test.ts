import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '../../../../test-support/fake-server';
import { startAiFake, type AiFake } from '../../../../test-support/fakes/ai-provider-fake';
import { createApp } from '../../app';
import { parseEnv } from '../../env';
import { recordingLogger } from '../../../../test-support/recording-logger';
import { builtInProxyOrigins } from '../../../common/ai-providers';
import { checkTarget, proxyRoutes } from './proxy';

const { log, lines } = recordingLogger();

let upstream: FakeServer;
let ai: AiFake;
let app: ReturnType<typeof createApp>;
let server: ServerType;
let serverUrl: string;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-proxy-'));

/** What the plain upstream answers: echoes the request line, sets a cookie, and can redirect. */
function upstreamHandler(request: FakeServer['requests'][number], response: import('node:http').ServerResponse) {
  if (request.url.startsWith('/redirect')) {
    response.writeHead(302, { location: 'https://evil.test/steal' });
    response.end();
    return;
  }
  response.writeHead(request.url.startsWith('/unauthorized') ? 401 : 200, {
    'content-type': 'application/json',
    'set-cookie': 'session=upstream; Path=/',
    'x-request-id': 'req_123',
  });
  response.end(JSON.stringify({ method: request.method, url: request.url }));
}

beforeAll(async () => {
  upstream = await startFakeServer(upstreamHandler);
  ai = await startAiFake('openai');
  const env = parseEnv({ PROXY_ALLOW_ORIGINS: `${upstream.url},${ai.url}`, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  app = createApp({ env, log });
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await upstream.close();
  await ai.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  upstream.requests.length = 0;
  ai.scenario = 'ok';
});

function relay(pathAndQuery: string, target: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('x-proxy-target', target);
  return app.request(`/api/proxy${pathAndQuery}`, { ...init, headers });
}

describe('GET /api/proxy/config', () => {
  it('lists the built-in provider origins and PROXY_ALLOW_ORIGINS', async () => {
    const response = await app.request('/api/proxy/config');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ origins: [...builtInProxyOrigins, upstream.url, ai.url] });
  });
});

describe('target checks', () => {
  const refused = [
    'https://api.openai.com.evil.test',
    'https://api.openai.com@evil.test',
    'https://user:pass@api.openai.com',
    'https://evil.test#@api.openai.com',
    'https://api.openai.com/v1',
    'https://api.openai.com?x=1',
    'https://api.openai.com.',
    'https://xapi.openai.com',
    'https://api.openai.co',
    'http://api.openai.com',
    'https://api.openai.com:8443',
    'ftp://api.openai.com',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'https://104.18.6.192',
    'https://[::1]',
    'http://127.0.0.1',
    'http://2130706433',
    'http://0x7f000001',
    'api.openai.com',
    '//api.openai.com',
    'https://api.openai.com\\@evil.test',
  ];
  const allowed = new Set<string>(builtInProxyOrigins);

  it.each(refused)('refuses %s', (target) => {
    expect(checkTarget(target, allowed).ok).toBe(false);
  });

  it.each([
    ['https://api.openai.com', 'https://api.openai.com'],
    ['https://api.openai.com/', 'https://api.openai.com'],
    // Same origin by the URL standard (case-insensitive host, default port): the same destination.
    ['https://API.OPENAI.COM:443', 'https://api.openai.com'],
    ['https://generativelanguage.googleapis.com', 'https://generativelanguage.googleapis.com'],
  ])('accepts %s as %s', (target, origin) => {
    expect(checkTarget(target, allowed)).toEqual({ ok: true, origin });
  });

  it('answers a refused target with 403 JSON and reaches nothing', async () => {
    for (const target of ['https://api.openai.com.evil.test', 'https://api.openai.com@evil.test', 'http://api.openai.com', 'file:///etc/passwd', upstream.url.replace('127.0.0.1', 'localhost')]) {
      const response = await relay('/v1/models', target);
      expect(response.status, target).toBe(403);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect((await response.json()) as { error: string }).toHaveProperty('error');
    }
    expect(upstream.requests).toHaveLength(0);
  });

  it('answers a missing target header with 400 JSON', async () => {
    const response = await app.request('/api/proxy/v1/models');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'missing x-proxy-target header', code: 'bad-target', params: { reason: 'missing x-proxy-target header' } });
  });

  it('keeps a path that looks like another host on the allowed origin', async () => {
    const response = await relay('//evil.test/x', upstream.url);
    expect(response.status).toBe(200);
    expect(upstream.requests[0].url).toBe('//evil.test/x');
  });
});

describe('relaying', () => {
  it('relays method, path and query; forwards only provider headers; never cookies', async () => {
    const response = await relay('/v1beta/models/gemini-2.0-flash:streamGenerateContent?alt=sse&x=%20y', upstream.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        authorization: 'Bearer sk-secret-1',
        'x-api-key': 'sk-ant-secret',
        'anthropic-version': '2023-06-01',
        'anthropic-beta': 'tools-2024-04-04',
        'x-goog-api-key': 'goog-secret',
        cookie: 'kotonoha=session',
        // The app's own page: Origin matches Host, as the server's cross-site check requires.
        host: '127.0.0.1:8787',
        origin: 'http://127.0.0.1:8787',
        referer: 'http://127.0.0.1:8787/chat',
        'x-forwarded-for': '10.0.0.1',
        'user-agent': 'browser',
      },
      body: '{"contents":[]}',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ method: 'POST', url: '/v1beta/models/gemini-2.0-flash:streamGenerateContent?alt=sse&x=%20y' });
    const sent = upstream.requests[0];
    expect(sent.body.toString()).toBe('{"contents":[]}');
    expect(sent.headers).toMatchObject({
      'content-type': 'application/json',
      accept: 'text/event-stream',
      authorization: 'Bearer sk-secret-1',
      'x-api-key': 'sk-ant-secret',
      'anthropic-version': '2023-06-01',
      'anthropic-beta': 'tools-2024-04-04',
      'x-goog-api-key': 'goog-secret',
    });
    for (const name of ['cookie', 'origin', 'referer', 'x-forwarded-for', 'x-proxy-target']) expect(sent.headers, name).not.toHaveProperty(name);
    expect(sent.headers['user-agent']).not.toBe('browser');
    // The answer comes back without the upstream's cookie but with its other headers.
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('x-request-id')).toBe('req_123');
    // Keys and bodies never reach the log.
    const logged = lines.join('\n');
    for (const secret of ['sk-secret-1', 'sk-ant-secret', 'goog-secret', 'contents', 'alt=sse']) expect(logged).not.toContain(secret);
  });

  it('passes error statuses and bodies through unchanged', async () => {
    const response = await relay('/unauthorized', upstream.url);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ method: 'GET', url: '/unauthorized' });
  });

  it('does not follow a redirect: 502 JSON, and the redirect target is never contacted', async () => {
    const response = await relay('/redirect', upstream.url);
    expect(response.status).toBe(502);
    expect(response.headers.get('location')).toBeNull();
    expect(((await response.json()) as { error: string }).error).toContain('redirect');
    expect(upstream.requests).toHaveLength(1);
  });

  it('refuses a body over 10 MB with 413 JSON before contacting the upstream', async () => {
    const response = await relay('/v1/chat/completions', upstream.url, { method: 'POST', body: new Uint8Array(10 * 1024 * 1024 + 1) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: 'request body exceeds 10 MiB', code: 'body-too-large', params: { max: 10 * 1024 * 1024 } });
    expect(upstream.requests).toHaveLength(0);
  });

  it('refuses an oversized body sent without a length (chunked) with 413', async () => {
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ > 11) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${serverUrl}/api/proxy/v1/chat/completions`, {
      method: 'POST',
      headers: { 'x-proxy-target': upstream.url },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(upstream.requests).toHaveLength(0);
  });

  it('answers 502 JSON when the upstream cannot be reached', async () => {
    const dead = await startFakeServer(() => {});
    await dead.close();
    const deadApp = createApp({ env: parseEnv({ PROXY_ALLOW_ORIGINS: dead.url, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), log });
    const response = await deadApp.request('/api/proxy/v1/models', { headers: { 'x-proxy-target': dead.url } });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: `upstream ${dead.url} is unreachable`, code: 'upstream-unreachable', params: { upstream: `upstream ${dead.url}` } });
  });
});

describe('streaming through a listening server', () => {
  it('streams the SSE answer chunk by chunk, unchanged', async () => {
    ai.frameDelayMs = 20;
    const direct = await fetch(`${ai.baseURL}/chat/completions`, { method: 'POST', headers: { authorization: 'Bearer test-key' }, body: '{}' });
    const directText = await direct.text();
    const response = await fetch(`${serverUrl}/api/proxy/v1/chat/completions`, {
      method: 'POST',
      headers: { 'x-proxy-target': ai.url, authorization: 'Bearer test-key', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('content-encoding')).toBeNull();
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const first = await reader.read();
    // The first frame arrives while the upstream is still writing the rest.
    expect(ai.activeStreams()).toBe(1);
    let text = decoder.decode(first.value, { stream: true });
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    expect(text).toBe(directText);
    ai.frameDelayMs = 1;
  });

  it('a client abort closes the upstream connection', async () => {
    ai.scenario = 'hang';
    const controller = new AbortController();
    const response = await fetch(`${serverUrl}/api/proxy/v1/chat/completions`, {
      method: 'POST',
      headers: { 'x-proxy-target': ai.url, authorization: 'Bearer test-key' },
      body: '{}',
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    await reader.read();
    expect(ai.activeStreams()).toBe(1);
    controller.abort();
    await expect.poll(() => ai.activeStreams(), { timeout: 3000 }).toBe(0);
    // undici may open one spare idle socket after an aborted one; no request rides on it.
    await expect.poll(() => ai.openConnections(), { timeout: 3000 }).toBeLessThanOrEqual(1);
  });
});

describe('upstream time limits', () => {
  it('answers 504 JSON when the upstream sends no headers in time, and a stall ends the relayed stream', async () => {
    let waiting = 0;
    const silent = await startFakeServer(async (request, response) => {
      waiting += 1;
      response.on('close', () => (waiting -= 1));
      if (request.url === '/stall') {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write('data: 1\n\n');
      }
      // Like a real server, drop the connection when the client's FIN arrives (Node would keep it half-open).
      response.socket?.on('end', () => response.socket?.destroy());
      await new Promise((resolve) => response.on('close', resolve));
    });
    const env = parseEnv({ PROXY_ALLOW_ORIGINS: silent.url, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const small = new Hono().route('/api/proxy', proxyRoutes({ env, log, idleTimeoutMs: 200 }));
    const headersLate = await small.request('/api/proxy/slow', { headers: { 'x-proxy-target': silent.url } });
    expect(headersLate.status).toBe(504);
    const stalled = await small.request('/api/proxy/stall', { headers: { 'x-proxy-target': silent.url } });
    expect(stalled.status).toBe(200);
    await expect(stalled.text()).rejects.toThrow();
    // Both upstream requests were aborted and their connections closed (undici's spare idle sockets aside).
    await expect.poll(() => waiting, { timeout: 3000 }).toBe(0);
    await silent.close();
  });
});

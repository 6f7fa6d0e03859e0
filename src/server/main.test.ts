import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { makeSelfSignedCert } from '../../test-support/self-signed-cert';
import { startApp } from '../../test-support/start-app';

const root = path.resolve(import.meta.dirname, '../..');

describe('server process', () => {
  it('serves, then stops cleanly on SIGTERM even with an open keep-alive connection', async () => {
    const app = await startApp({ KOTONOHA_DIST_DIR: path.join(root, 'no-such-dist') });
    const response = await fetch(`${app.url}/api/health`, { headers: { connection: 'keep-alive' } });
    expect(response.status).toBe(200);
    const exited = new Promise<number | null>((resolve) => app.process.once('exit', (code) => resolve(code)));
    const started = Date.now();
    app.process.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
  }, 30_000);

  it('stops at once on SIGTERM with a sync request held for a write, which answers', async () => {
    const app = await startApp({ KOTONOHA_DIST_DIR: path.join(root, 'no-such-dist') });
    const vault = crypto.randomBytes(32).toString('base64url');
    const headers = { 'x-sync-token': crypto.randomBytes(32).toString('base64url') };
    expect((await fetch(`${app.url}/api/sync/${vault}/open`, { method: 'POST', headers })).status).toBe(200);
    const held = fetch(`${app.url}/api/sync/${vault}/changes?wait=30`, { headers });
    // The request is held by now (another process: nothing to count), and would hold close() for 30 s.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const exited = new Promise<number | null>((resolve) => app.process.once('exit', (code) => resolve(code)));
    const started = Date.now();
    app.process.kill('SIGTERM');
    const answer = await held;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ seq: 0, records: [], more: false });
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
  }, 30_000);

  it('stops cleanly on SIGTERM with the corpus workers running, keeping what was imported', async () => {
    const app = await startApp({ KOTONOHA_DIST_DIR: path.join(root, 'no-such-dist'), DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-main-')) });
    const imported = await fetch(`${app.url}/shonagon_api/documents`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: '例', text: '猫が好きです。犬も好きです。' }),
    });
    expect(imported.status).toBe(201);
    const exited = new Promise<number | null>((resolve) => app.process.once('exit', (code) => resolve(code)));
    // The background indexer is running now (trigram, then kuromoji): SIGTERM must not wait for it.
    app.process.kill('SIGTERM');
    expect(await exited).toBe(0);
    const again = await startApp({ KOTONOHA_DIST_DIR: path.join(root, 'no-such-dist'), DATA_DIR: app.dataDir });
    try {
      const found = (await (await fetch(`${again.url}/shonagon_api/search?q=${encodeURIComponent('好き')}`)).json()) as { total: number };
      expect(found.total).toBe(2);
    } finally {
      await again.stop();
      fs.rmSync(app.dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses to start on a bad environment value, naming it', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: { ...process.env, PORT: 'abc' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT');
  }, 30_000);

  it('refuses to bind off loopback without ACCESS_TOKEN, saying how to set it', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: { ...process.env, HOST: '0.0.0.0', PORT: '0', ACCESS_TOKEN: '' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('ACCESS_TOKEN: HOST=0.0.0.0 is not a loopback address');
    expect(result.stderr).toContain('ACCESS_TOKEN=$(openssl rand -hex 32)');
  }, 30_000);

  it('off loopback with ACCESS_TOKEN: serves the app, refuses the API without the token, never logs it', async () => {
    const token = 'process-level-access-token-123';
    const app = await startApp({ HOST: '0.0.0.0', ACCESS_TOKEN: token, KOTONOHA_DIST_DIR: path.join(root, 'no-such-dist') });
    try {
      const port = new URL(app.url).port;
      const base = `http://127.0.0.1:${port}`;
      expect((await fetch(`${base}/api/health`)).status).toBe(401);
      expect((await fetch(`${base}/api/health`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
      // fetch cannot set Host; a raw request shows the socket-level server refusing a rebound name.
      expect(await statusOf(port, { method: 'GET', path: '/api/health', headers: { host: 'evil.test', authorization: `Bearer ${token}` } })).toBe(421);
      expect(await statusOf(port, { method: 'GET', path: '/', headers: { host: `attacker.example:${port}` } })).toBe(421);
      const crossSite = { host: `127.0.0.1:${port}`, origin: 'http://evil.test', 'content-type': 'text/plain', authorization: `Bearer ${token}` };
      expect(await statusOf(port, { method: 'POST', path: '/NiuTransServer/translation', headers: crossSite })).toBe(403);
      expect(app.output()).not.toContain(token);
    } finally {
      await app.stop();
    }
  }, 30_000);

  it('answers a shared text of 100 KB in the URL (the share target, GET /share?text=) with the app', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    const app = await startApp({ KOTONOHA_DIST_DIR: dist });
    try {
      const text = encodeURIComponent('言葉'.repeat(6000)); // 9 bytes a character: 108 KB
      expect(text.length).toBeGreaterThan(100_000);
      const response = await fetch(`${app.url}/share?title=&text=${text}&url=`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<title>app</title>');
    } finally {
      await app.stop();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('server process over HTTPS (TLS_CERT, TLS_KEY)', () => {
  it('answers a shared text of 100 KB in the URL over HTTP/1.1, and of 60 KB over HTTP/2', async () => {
    const tls = makeSelfSignedCert();
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    const app = await startApp({ TLS_CERT: tls.certPath, TLS_KEY: tls.keyPath, KOTONOHA_DIST_DIR: dist });
    try {
      const sharePath = `/share?title=&text=${encodeURIComponent('言葉'.repeat(6000))}&url=`;
      expect(sharePath.length).toBeGreaterThan(100_000);
      const viaHttp1 = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        https.get(`${app.url}${sharePath}`, { ca: tls.cert }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        }).on('error', reject);
      });
      expect(viaHttp1.status).toBe(200);
      expect(viaHttp1.body).toContain('<title>app</title>');
      // Node's own client refuses to send a header block over 64 KB unless told; browsers send it.
      const session = http2.connect(app.url, { ca: tls.cert, maxSendHeaderBlockLength: 256 * 1024 });
      // HTTP/2's header decoder (nghttp2, inside Node) refuses one header over 64 KB (docs/api.md "The web app").
      const viaHttp2 = await new Promise<number>((resolve, reject) => {
        const stream = session.request({ ':path': `/share?title=&text=${encodeURIComponent('言葉'.repeat(3300))}&url=` });
        stream.on('response', (headers) => resolve(Number(headers[':status'])));
        stream.on('error', reject);
        stream.resume();
        stream.end();
      });
      session.destroy();
      expect(viaHttp2).toBe(200);
    } finally {
      await app.stop();
      tls.remove();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  }, 30_000);

  it('serves HTTP/2 and HTTP/1.1 on one port: pages, event streams, the WebSocket and resumable uploads; stops cleanly with a session open', async () => {
    const tls = makeSelfSignedCert();
    const uploadToken = 'https-upload-token';
    const app = await startApp({ TLS_CERT: tls.certPath, TLS_KEY: tls.keyPath, UPLOAD_TOKEN: uploadToken, KOTONOHA_DIST_DIR: path.join(root, 'no-such-dist') });
    try {
      expect(app.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const session = http2.connect(app.url, { ca: tls.cert });
      const h2 = (headers: http2.OutgoingHttpHeaders, body?: Buffer) =>
        new Promise<{ status: number; headers: http2.IncomingHttpHeaders; body: string }>((resolve, reject) => {
          const stream = session.request(headers);
          let text = '';
          let answer: http2.IncomingHttpHeaders = {};
          stream.on('response', (received) => (answer = received));
          stream.setEncoding('utf8');
          stream.on('data', (chunk: string) => (text += chunk));
          stream.on('end', () => resolve({ status: Number(answer[':status']), headers: answer, body: text }));
          stream.on('error', reject);
          stream.end(body);
        });

      const health = await h2({ ':path': '/api/health' });
      expect(health.status).toBe(200);
      expect(JSON.parse(health.body)).toMatchObject({ ok: true });
      expect(session.alpnProtocol).toBe('h2');

      // Server-Sent Events stream over HTTP/2.
      const events = await h2({ ':path': `/api/av-search?q=${encodeURIComponent('猫')}&source=local` });
      expect(events.status, events.body).toBe(200);
      expect(events.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(events.body).toContain('event: done');

      // A resumable (tus) upload: create, send in two parts, read the offset back.
      const auth = { authorization: `Bearer ${uploadToken}`, 'tus-resumable': '1.0.0' };
      const created = await h2({ ':method': 'POST', ':path': '/api/upload', ...auth, 'upload-length': '10', 'upload-metadata': `filename ${Buffer.from('あ.txt').toString('base64')}` });
      expect(created.status).toBe(201);
      const location = new URL(String(created.headers.location), app.url).pathname;
      const patch = (offset: number, bytes: string) =>
        h2({ ':method': 'PATCH', ':path': location, ...auth, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, Buffer.from(bytes));
      expect((await patch(0, '01234')).status).toBe(204);
      const head = await h2({ ':method': 'HEAD', ':path': location, ...auth });
      expect(head.headers['upload-offset']).toBe('5');
      expect((await patch(5, '56789')).status).toBe(204);

      // HTTP/1.1 over TLS (curl, scripts) on the same port.
      const viaHttp1 = await new Promise<number>((resolve, reject) => {
        https.get(`${app.url}/api/health`, { ca: tls.cert }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        }).on('error', reject);
      });
      expect(viaHttp1).toBe(200);

      // The video search's WebSocket (browsers open it over HTTP/1.1).
      const socket = new WebSocket(`${app.url.replace('https', 'wss')}/api/av-search/ws`, { ca: tls.cert });
      const messages: Array<{ type: string }> = [];
      socket.on('message', (data) => messages.push(JSON.parse(String(data)) as { type: string }));
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      socket.send(JSON.stringify({ q: '猫', source: ['local'] }));
      await expect.poll(() => messages.at(-1)?.type).toBe('done');

      // SIGTERM with the HTTP/2 session and the WebSocket still open.
      const exited = new Promise<number | null>((resolve) => app.process.once('exit', (code) => resolve(code)));
      const started = Date.now();
      app.process.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(Date.now() - started).toBeLessThan(5000);
      session.destroy();
    } finally {
      await app.stop();
      tls.remove();
    }
  }, 30_000);

  it('refuses to start with only one of TLS_CERT and TLS_KEY, naming the missing one, without a stack trace', () => {
    const tls = makeSelfSignedCert();
    try {
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        cwd: root,
        env: { ...process.env, PORT: '0', TLS_CERT: tls.certPath, TLS_KEY: '' },
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('TLS_KEY: TLS_CERT is set but TLS_KEY is not');
      expect(result.stderr).not.toMatch(/^\s+at /m);
    } finally {
      tls.remove();
    }
  }, 30_000);
});

function statusOf(port: string, options: { method: string; path: string; headers: Record<string, string> }): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port: Number(port), ...options }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end(options.method === 'POST' ? 'x' : undefined);
});
}

import { spawnSync } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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

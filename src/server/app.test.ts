import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from './app';
import { parseEnv } from './env';

function appWithDist(files: Record<string, string>) {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-dist-'));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    fs.writeFileSync(path.join(dist, name), content);
  }
  return createApp({ env: parseEnv({ KOTONOHA_DIST_DIR: dist, LOG_LEVEL: 'silent' }) });
}

const indexHtml = '<!doctype html><div id="root"></div>';

describe('server app', () => {
  const app = appWithDist({ 'index.html': indexHtml, 'assets/app-abc.js': 'console.log(1)'.repeat(200) });

  it('answers health', async () => {
    const response = await app.request('/api/health');
    expect(await response.json()).toMatchObject({ ok: true, version: expect.any(String) });
  });

  it('answers unknown /api routes with a JSON 404', async () => {
    const response = await app.request('/api/does-not-exist', { method: 'POST' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ error: 'No API route POST /api/does-not-exist', code: 'no-route', params: { method: 'POST', path: '/api/does-not-exist' } });
  });

  it('serves the single-page app for deep links', async () => {
    const response = await app.request('/notion/pages?x=1');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(indexHtml);
  });

  it('sets security headers with a CSP that allows only what the app needs', async () => {
    const response = await app.request('/');
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    // 'wasm-unsafe-eval' (SQLite for the MyNotion executor) allows WebAssembly only, never eval or inline scripts.
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    // The browser calls a custom provider or speech service directly, e.g. Ollama on the LAN.
    expect(csp).toMatch(/connect-src 'self' https: http:/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('compresses assets and caches hashed files for good', async () => {
    const response = await app.request('/assets/app-abc.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('says how to build when the app is not built', async () => {
    const bare = createApp({ env: parseEnv({ KOTONOHA_DIST_DIR: path.join(os.tmpdir(), 'kotonoha-none'), LOG_LEVEL: 'silent' }) });
    const response = await bare.request('/');
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('npm run build');
  });
});

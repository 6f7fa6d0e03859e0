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

describe('index.html with the route\'s own files', () => {
  const head = '<!doctype html><html><head><title>Kotonoha</title></head><body><div id="root"></div></body></html>';
  const preloads = [
    { path: '/', scripts: ['assets/home-1.js'], styles: [] },
    { path: '/chat', scripts: ['assets/chat-1.js', 'assets/parts-1.js'], styles: ['assets/chat-1.css'] },
    { path: '/shonagon/:mode', scripts: ['assets/shonagon-1.js'], styles: [] },
  ];
  const app = appWithDist({ 'index.html': head, 'route-preloads.json': JSON.stringify(preloads) });
  const linksOf = async (url: string) => [...(await (await app.request(url)).text()).matchAll(/<link [^>]*>/g)].map(([link]) => link);

  it('preloads a route\'s scripts and stylesheets at low priority, in the head', async () => {
    expect(await linksOf('/chat?prompt=1')).toEqual([
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/chat-1.js">',
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/parts-1.js">',
      '<link rel="preload" as="style" fetchpriority="low" crossorigin href="/assets/chat-1.css">',
    ]);
    expect(await (await app.request('/chat')).text()).toMatch(/<link [^>]*><\/head>/);
  });

  it('matches a route\'s parameters, and the home page only at /', async () => {
    expect(await linksOf('/shonagon/single')).toEqual(['<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/shonagon-1.js">']);
    expect(await linksOf('/shonagon')).toEqual([]);
    expect(await linksOf('/shonagon/single/extra')).toEqual([]);
    expect(await linksOf('/')).toEqual(['<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/home-1.js">']);
  });

  it('serves the page as it is for a path no route has, or a build without the list', async () => {
    expect(await (await app.request('/no/such/page')).text()).toBe(head);
    const bare = appWithDist({ 'index.html': head });
    expect(await (await bare.request('/chat')).text()).toBe(head);
  });
});

import { writeSampleEdict } from '../test-support/edict-sample';
import { chromiumLaunch } from './chromium';
import { startFakeAnki, type FakeAnki } from '../test-support/fakes/anki';
import { makeSelfSignedCert, type SelfSignedCert } from '../test-support/self-signed-cert';
import { expect, test as base } from './fixtures';

/*
 * Issue 32 item 1: the server started with TLS_CERT and TLS_KEY (README "HTTPS on your phone"),
 * opened under a network name as a phone opens it. The certificate is made here with openssl;
 * Chromium is told to accept it, as a phone that installed its root would. Over HTTPS the page
 * is a secure context: the real Async Clipboard and Web Locks are there.
 */

const hostName = 'kotonoha.test';

const test = base.extend<object, { tls: SelfSignedCert; anki: FakeAnki }>({
  tls: [
    async ({}, use) => {
      const tls = makeSelfSignedCert([hostName]);
      await use(tls);
      tls.remove();
    },
    { scope: 'worker' },
  ],
  anki: [
    async ({}, use) => {
      const anki = await startFakeAnki();
      await use(anki);
      await anki.stop();
    },
    { scope: 'worker' },
  ],
  appEnv: [
    async ({ tls, anki }, use) =>
      use({ TLS_CERT: tls.certPath, TLS_KEY: tls.keyPath, ALLOWED_HOSTS: hostName, ANKICONNECT_URL: anki.url, KOTONOHA_EDICT_PATH: writeSampleEdict('utf-8') }),
    { scope: 'worker' },
  ],
  baseURL: async ({ workerApp }, use) => use(workerApp.url.replace('127.0.0.1', hostName)),
});

test.use({
  ignoreHTTPSErrors: true,
  launchOptions: chromiumLaunch([`--host-resolver-rules=MAP ${hostName} 127.0.0.1`]),
});

test.beforeAll(async ({ workerApp, anki, tls }) => {
  await anki.start();
  // Node's fetch is told about the test's own certificate authority through a request with `ca`.
  const { request } = await import('node:https');
  const status = () =>
    new Promise<string>((resolve, reject) => {
      request(`${workerApp.url}/api/dict/status`, { ca: tls.cert }, (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve((JSON.parse(body) as { state: string }).state));
      })
        .on('error', reject)
        .end();
    });
  await expect.poll(status, { timeout: 30_000 }).toBe('ready');
});

test('over HTTPS under a network name the page is a secure context, served over HTTP/2', async ({ page, baseURL }) => {
  await page.goto('/about');
  expect(page.url().startsWith(`https://${hostName}:`)).toBe(true);
  expect(
    await page.evaluate(() => ({
      secure: window.isSecureContext,
      clipboard: typeof navigator.clipboard?.readText,
      locks: typeof navigator.locks?.request,
      subtle: typeof crypto.subtle?.digest,
      protocol: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol,
    })),
  ).toEqual({ secure: true, clipboard: 'function', locks: 'function', subtle: 'function', protocol: 'h2' });

  // The video search's WebSocket works over TLS too (browsers open it over HTTP/1.1 beside the HTTP/2 session).
  const wsUrl = `${baseURL!.replace('https', 'wss')}/api/av-search/ws`;
  const last = await page.evaluate(
    (url) =>
      new Promise<string>((resolve, reject) => {
        const socket = new WebSocket(url);
        socket.onopen = () => socket.send(JSON.stringify({ q: '猫', source: ['local'] }));
        socket.onmessage = (event) => {
          const message = JSON.parse(String(event.data)) as { type: string };
          if (message.type === 'done') {
            socket.close();
            resolve(message.type);
          }
        };
        socket.onerror = () => reject(new Error('WebSocket failed'));
      }),
    wsUrl,
  );
  expect(last).toBe('done');

  // No plain-http notice in Settings.
  await page.goto('/settings');
  await expect(page.getByRole('region', { name: 'System', exact: true })).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: 'Plain http' })).toHaveCount(0);
});

test('translate: the paste button reads the real clipboard; a dictionary entry copies to it', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.goto('/translate');
  await page.evaluate(() => navigator.clipboard.writeText('勉強'));
  await page.getByRole('button', { name: 'paste', exact: true }).click();
  const source = page.getByRole('textbox', { name: 'source text' });
  await expect(source).toHaveValue('勉強');

  await page.getByRole('button', { name: 'dictionary', exact: true }).click();
  const entry = page.getByRole('dialog', { name: 'Dictionary' }).getByRole('article', { name: '勉強' });
  await entry.getByRole('button', { name: 'copy', exact: true }).click();
  await expect(page.getByText(/copied/i).first()).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^勉強【べんきょう】 study/);
});

test('add to Anki: the queue runs under a Web Lock', async ({ page, anki }) => {
  // Records the names the page asks Web Locks for (the browser's API, not the app's code).
  await page.addInitScript(() => {
    const names: string[] = [];
    (window as unknown as { lockNames: string[] }).lockNames = names;
    const request = navigator.locks.request.bind(navigator.locks) as (name: string, ...rest: unknown[]) => Promise<unknown>;
    navigator.locks.request = ((name: string, ...rest: unknown[]) => {
      names.push(name);
      return request(name, ...rest);
    }) as typeof navigator.locks.request;
  });
  await page.goto('/translate');
  await page.getByRole('textbox', { name: 'source text' }).fill('勉強');
  await page.getByRole('button', { name: 'dictionary', exact: true }).click();
  const dictionary = page.getByRole('dialog', { name: 'Dictionary' });
  await dictionary.getByRole('button', { name: 'add to Anki: 勉強' }).click();
  await expect(dictionary.getByRole('button', { name: /^in Anki: 勉強/ })).toBeVisible();
  expect(anki.notes.filter((note) => note.fields.Front.includes('勉強'))).toHaveLength(1);
  expect(await page.evaluate(() => (window as unknown as { lockNames: string[] }).lockNames)).toContain('kotonoha-anki-queue');
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('kotonoha.lock.')))).toEqual([]);
});

import { expect, test } from './fixtures';

/*
 * Issue 14 on loopback: the app works exactly as before (no token, no dialog), and a page whose
 * name resolves to 127.0.0.1 (DNS rebinding, simulated with Chromium's host resolver rules) gets
 * nothing from the server.
 */

test('on loopback the app needs no token: no dialog, settings has an empty Access section, the API answers', async ({ page, app }) => {
  await page.goto('/translate');
  await page.getByRole('textbox', { name: 'source text' }).fill('猫');
  await page.getByRole('button', { name: 'dictionary' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dictionary' });
  // The dictionary modal read /api/dict/status: the server answered without any token.
  await expect(dialog.getByText('No dictionary is installed')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Access token' })).toHaveCount(0);
  expect(await (await page.request.get(`${app.url}/api/access`)).json()).toEqual({ required: false, granted: true });

  await page.goto('/settings');
  const access = page.getByRole('region', { name: 'Access', exact: true });
  await expect(access.getByLabel('access token', { exact: true })).toHaveValue('');
  await expect(access.getByLabel('access token', { exact: true })).toHaveAttribute('type', 'password');
  await expect(page.getByRole('dialog', { name: 'Access token' })).toHaveCount(0);
});

test('a rebound DNS name reaches the server but gets only a 421, for the app and the API alike', async ({ playwright, app }) => {
  const port = new URL(app.url).port;
  const launchOptions = test.info().project.use.launchOptions ?? {};
  const browser = await playwright.chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), '--host-resolver-rules=MAP rebind.evil.test 127.0.0.1'],
  });
  try {
    const page = await browser.newPage();
    for (const path of ['/', '/api/health', '/api/dict/status']) {
      const response = await page.goto(`http://rebind.evil.test:${port}${path}`);
      expect(response!.status(), path).toBe(421);
      await expect(page.getByText('ALLOWED_HOSTS')).toBeVisible();
    }
  } finally {
    await browser.close();
  }
});

test('a page on another origin cannot write: its cross-site POST is refused before any route runs', async ({ page, app }) => {
  const own = new URL(app.url);
  // localhost is this server too (so its page loads), but http://localhost:port is another origin than http://127.0.0.1:port.
  await page.goto(`http://localhost:${own.port}/about`);
  // The page itself cannot see the answer (CORS hides it); the server's log says what happened.
  const seenByPage = await page.evaluate(async (target) => {
    const response = await fetch(`${target}/api/access`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{"token":"x"}' }).catch(() => null);
    return response?.status ?? 'blocked by CORS';
  }, app.url);
  expect(seenByPage).toBe('blocked by CORS');
  await expect.poll(() => app.output()).toContain(`"message":"cross-site request refused","method":"POST","path":"/api/access","from":"http://localhost:${own.port}"`);
  const sameOrigin = await page.evaluate(async () => (await fetch('/api/access', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"token":"x"}' })).status);
  expect(sameOrigin).toBe(204);
});

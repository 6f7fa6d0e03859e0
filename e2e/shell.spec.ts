import { expect, test } from './fixtures';
import { seedStorage } from './storage';

const titles: Array<[string, string]> = [
  ['/', 'Home'],
  ['/av-search', 'Kotonoha'],
  ['/shonagon/single', 'Shonagon'],
  ['/notion/pages', 'My Notion'],
  ['/yunpan/view', 'My Cloud Drive'],
  ['/yunpan/abc', 'My Cloud Drive'],
  ['/upload', 'Kotonoha'],
  ['/chat', 'AIChat'],
  ['/translate', 'Translation'],
  ['/settings', 'Settings'],
  ['/about', 'AboutMe'],
  ['/test', 'Test'],
  ['/no/such/page', 'Not found'],
];

test('every route loads with its title', async ({ page }) => {
  for (const [path, title] of titles) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
    await expect(page.getByRole('heading').first()).toBeVisible();
  }
});

test('titles follow client-side navigation', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'main' });
  await nav.getByRole('link', { name: 'Translate' }).click();
  await expect(page).toHaveTitle('Translation');
  await nav.getByRole('link', { name: 'Upload' }).click();
  await expect(page).toHaveTitle('Kotonoha');
  await nav.getByRole('link', { name: 'AIChat' }).click();
  await expect(page).toHaveTitle('AIChat');
});

test('sidebar lists the eight entries in id order with their routes', async ({ page }) => {
  await page.goto('/');
  const links = page.getByRole('navigation', { name: 'main' }).getByRole('link');
  await expect(links).toHaveText(['Home', 'Shonagon', 'MyNotion', 'XPan', 'Upload', 'AIChat', 'Translate', 'Settings']);
  const hrefs = await links.evaluateAll((els) => els.map((el) => el.getAttribute('href')));
  expect(hrefs).toEqual(['/', '/shonagon/single', '/notion/pages', '/yunpan/view', '/upload', '/chat', '/translate', '/settings']);
});

test('/shonagon redirects to /shonagon/single and group paths keep their entry active', async ({ page }) => {
  await page.goto('/shonagon');
  await expect(page).toHaveURL(/\/shonagon\/single$/);
  // The query goes along: the sidebar stays hidden and the search text is kept.
  await page.goto('/shonagon?sidebar=hidden&query_string=%E7%8C%AB');
  await expect(page).toHaveURL(/\/shonagon\/single\?sidebar=hidden&query_string=%E7%8C%AB$/);
  await expect(page.getByRole('navigation', { name: 'main' })).toHaveCount(0);
  const nav = page.getByRole('navigation', { name: 'main' });
  await page.goto('/shonagon/history');
  await expect(nav.getByRole('link', { name: 'Shonagon' })).toHaveAttribute('aria-current', 'page');
  await page.goto('/notion/anything');
  await expect(nav.getByRole('link', { name: 'MyNotion' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
  await page.goto('/yunpan/other');
  await expect(page.getByRole('heading', { name: 'My Cloud Drive' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'XPan' })).not.toHaveAttribute('aria-current', 'page');
  await page.goto('/yunpan/search');
  await expect(page.getByRole('heading', { name: 'My Cloud Drive' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'XPan' })).not.toHaveAttribute('aria-current', 'page');
  await page.goto('/settings');
  await expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
});

test('sidebar=hidden removes the sidebar; HideMe sets it; collapsed narrows it', async ({ page }) => {
  await page.goto('/translate?sidebar=hidden');
  await expect(page.getByRole('navigation', { name: 'main' })).toHaveCount(0);

  await page.goto('/translate');
  await page.getByRole('link', { name: 'HideMe' }).click();
  await expect(page).toHaveURL(/\/translate\?sidebar=hidden$/);
  await expect(page.getByRole('navigation', { name: 'main' })).toHaveCount(0);
  // HideMe keeps the screen's own parameters.
  await page.goto('/shonagon/single?query_string=x&hideColumns=media');
  await page.getByRole('link', { name: 'HideMe' }).click();
  await expect(page).toHaveURL(/\/shonagon\/single\?query_string=x&hideColumns=media&sidebar=hidden$/);

  await page.goto('/?sidebar=collapsed');
  const navbar = page.getByRole('navigation', { name: 'sidebar' });
  await expect(navbar).toBeVisible();
  expect((await navbar.boundingBox())!.width).toBeLessThan(100);
  await expect(page.getByRole('link', { name: 'Translate' })).toBeVisible();

  await page.getByRole('button', { name: 'expand sidebar' }).click();
  await expect.poll(async () => (await navbar.boundingBox())!.width).toBeGreaterThan(180);
  await page.getByRole('button', { name: 'collapse sidebar' }).click();
  await expect.poll(async () => (await navbar.boundingBox())!.width).toBeLessThan(100);
});

test('on a phone the sidebar is a drawer behind the menu button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'main' });
  await expect(nav).not.toBeInViewport();
  await page.getByRole('button', { name: 'menu' }).click();
  await expect(nav).toBeInViewport();
  await nav.getByRole('link', { name: 'Translate' }).click();
  await expect(page).toHaveTitle('Translation');
  await expect(nav).not.toBeInViewport();
});

test('server answers JSON for unknown API routes, serves deep links and health', async ({ request, app }) => {
  const missing = await request.get(`${app.url}/api/nope`);
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toMatchObject({ error: expect.any(String) });
  const deep = await request.get(`${app.url}/notion/pages`);
  expect(deep.status()).toBe(200);
  expect(await deep.text()).toContain('<div id="root">');
  const health = await request.get(`${app.url}/api/health`);
  expect(await health.json()).toMatchObject({ ok: true, version: expect.any(String) });
  expect(deep.headers()['content-security-policy']).toContain("script-src 'self'");
});

test("while a screen's code loads, the shell shows its heading and a spinner", async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/settings-route-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible();
  await expect(page.getByText('Everything here stays in this browser.')).toBeVisible();
  await expect(page.getByLabel('loading', { exact: true })).toBeVisible();
  release();
  await expect(page.getByRole('button', { name: 'save settings' })).toBeVisible();
  await expect(page.getByLabel('loading', { exact: true })).toHaveCount(0);
});

test.describe("what the page does for itself waits for the screen's first paint", () => {
  test.use({ hasTouch: true });

  test('the access check, the server check and tap to look up go out once the screen has drawn its own words', async ({ page }) => {
    const hint = 'Search a word to find the moments it is said in your videos';
    const screenDrawn: Record<string, boolean> = {};
    for (const [name, pattern] of [
      ['access', /\/api\/access$/],
      ['health', /\/api\/health$/],
      ['tap-lookup', /\/assets\/tap-lookup-[^/]+\.js$/],
    ] as const) {
      await page.route(pattern, async (route) => {
        screenDrawn[name] ??= await page.evaluate((text) => document.body.innerText.includes(text), hint);
        await route.continue();
      });
    }
    await page.goto('/av-search');
    await expect(page.getByText(hint)).toBeVisible();
    await expect.poll(() => Object.keys(screenDrawn).sort()).toEqual(['access', 'health', 'tap-lookup']);
    expect(screenDrawn).toEqual({ access: true, health: true, 'tap-lookup': true });
  });
});

test('a screen whose code fails to run says so inside the shell; the sidebar stays, and going elsewhere clears it', async ({ page }) => {
  await page.route(/\/assets\/about-page-[^/]+\.js$/, (route) => route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("about-page: 読み込みに失敗しました");' }));
  await page.goto('/about');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Something went wrong');
  await expect(alert).toContainText('about-page: 読み込みに失敗しました');
  await expect(alert.getByRole('button', { name: 'Reload' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'main' });
  await nav.getByRole('link', { name: 'Translate' }).click();
  await expect(page).toHaveURL(/\/translate$/);
  await expect(page.getByRole('heading', { name: 'Translation', level: 2 })).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
});

test('offline without a service worker, a toast whose code cannot come leaves the screen standing, and the next one online shows', async ({ page }) => {
  await page.goto('/settings');
  await expect(page.getByRole('button', { name: 'save settings' })).toBeVisible();
  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'save settings' }).click();
  await page.waitForTimeout(500);
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'save settings' })).toBeVisible();
  await page.context().setOffline(false);
  await page.getByRole('button', { name: 'save settings' }).click();
  await expect(page.locator('.mantine-Notification-root').first()).toBeVisible();
});

test.describe('the frame drawn before the app code runs', () => {
  // The app's code never arrives: what shows is what index.html, boot.js and the stylesheet draw.
  const withoutAppCode = async (page: import('@playwright/test').Page) => {
    await page.route(/\/assets\/shell-[^/]*\.js$/, (route) => route.abort());
  };

  for (const [theme, width, background] of [
    ['dark', 1280, 'rgb(36, 36, 36)'],
    ['light', 390, 'rgb(255, 255, 255)'],
  ] as const) {
    test(`${theme} theme at ${width} px: the product's name in the sidebar's place, in the chosen colours`, async ({ page }) => {
      await seedStorage(page, { settings: { theme } });
      await page.setViewportSize({ width, height: 800 });
      await withoutAppCode(page);
      await page.goto('/translate');
      const brand = page.locator('.boot-brand');
      await expect(brand).toBeVisible();
      await expect(brand).toContainText('Kotonoha');
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background);
      const bar = await page.locator('.boot-bar').boundingBox();
      // Where the app draws its own: the 220 px sidebar, or the 52 px header on a phone.
      expect(width > 768 ? bar!.width : bar!.height).toBeCloseTo(width > 768 ? 220 : 52, 0);
      await page.screenshot({ path: `docs/screenshots/boot-frame/${theme}-${width}.png` });
    });
  }

  test('the app replaces it on its first render, and ?sidebar=hidden never shows its sidebar', async ({ page }) => {
    await page.goto('/translate');
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expect(page.locator('.boot-frame')).toHaveCount(0);
    await withoutAppCode(page);
    await page.goto('/translate?sidebar=hidden');
    await expect(page.locator('.boot-bar')).toBeHidden();
  });
});

test("video search's idle screen paints once its own file, the parts file and its words are in", async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, ''));
  });
  await page.goto('/av-search');
  await expect(page.getByText('Search a word to find the moments it is said in your videos')).toBeVisible();
  // By name: a screen's entry and its code share one, as the app's words and the screen's do.
  const beyondShell = new Set(scripts.filter((file) => !['/boot.js', 'rolldown-runtime', 'shell'].includes(file)));
  expect([...beyondShell].sort()).toEqual(['av-search-page', 'en', 'screen-parts']);
});

test('a first visit to a screen that draws its own largest paint fetches its files with the shell, only files it uses; the others wait', async ({ page, request }) => {
  const preloadsOf = async (route: string) => [...(await (await request.get(route)).text()).matchAll(/<link rel="(?:modulepreload|preload)"[^>]* href="([^"]+)"/g)].map(([, href]) => href);
  for (const route of ['/chat', '/translate']) {
    const preloaded = await preloadsOf(route);
    expect(preloaded.length, route).toBeGreaterThan(0);
    const loaded = new Set<string>();
    const record = (response: import('@playwright/test').Response) => loaded.add(new URL(response.url()).pathname);
    page.on('response', record);
    await page.goto(route);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    page.off('response', record);
    expect(preloaded.filter((file) => !loaded.has(file)), `${route}: preloaded but never used`).toEqual([]);
  }
  // Their first paint is the shell's (the screen's heading and description): nothing competes with it.
  for (const route of ['/', '/settings', '/shonagon/single', '/notion/pages', '/yunpan/view', '/av-search', '/upload']) expect(await preloadsOf(route), route).toEqual([]);
});

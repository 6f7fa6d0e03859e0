import { devices, type Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The layout on a phone (touch, a phone's user agent): the viewport reaches under the notch and the
 * home indicator with the safe areas kept clear, the on-screen keyboard resizes the page instead
 * of covering the chat's composer and the translate box, every control is a 44 × 44 px touch
 * target, and no route scrolls sideways at 360 px.
 */

const phone = devices['Pixel 7'];
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, userAgent: phone.userAgent, deviceScaleFactor: 2 });

const routes = [
  '/',
  '/av-search',
  '/shonagon/single',
  '/shonagon/multi',
  '/shonagon/history',
  '/shonagon/library',
  '/notion/pages',
  '/yunpan/view',
  '/upload',
  '/chat',
  '/translate',
  '/settings',
  '/about',
  '/test',
  '/no/such/page',
];

/** Waits until the route's screen (not its loading spinner) is there. */
async function open(page: Page, route: string) {
  await page.goto(route);
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expect(page.locator('main').getByRole('progressbar', { name: 'loading' })).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
}

test('the viewport covers the whole screen and the keyboard resizes the page', async ({ page }) => {
  await page.goto('/');
  const viewport = await page.locator('meta[name="viewport"]').getAttribute('content');
  const parts = viewport!.split(',').map((part) => part.trim());
  expect(parts).toEqual(expect.arrayContaining(['width=device-width', 'viewport-fit=cover', 'interactive-widget=resizes-content']));
});

test('no route scrolls sideways at 360 px', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const overflowing: string[] = [];
  for (const route of routes) {
    await open(page, route);
    const { scrollWidth, clientWidth, culprits } = await page.evaluate(() => {
      const root = document.documentElement;
      // What sticks out, for the message.
      const culprits = [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 0.5 && getComputedStyle(element).position !== 'fixed')
        .slice(0, 3)
        .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`);
      return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, culprits };
    });
    if (scrollWidth > clientWidth) overflowing.push(`${route}: ${scrollWidth} > ${clientWidth} (${culprits.join(', ')})`);
  }
  expect(overflowing).toEqual([]);
});

test('every button is a touch target of at least 44 × 44 px', async ({ page }) => {
  test.setTimeout(90_000);
  const small: string[] = [];
  for (const route of routes) {
    await open(page, route);
    const found = await page.evaluate(() => {
      const controls = [...document.querySelectorAll('.mantine-ActionIcon-root, .mantine-Button-root, .mantine-CloseButton-root, .mantine-Burger-root')];
      const reach = 21;
      return controls
        .filter((control) => {
          const box = control.getBoundingClientRect();
          if (box.width === 0 || box.height === 0 || getComputedStyle(control).visibility === 'hidden') return false;
          const x = box.left + box.width / 2;
          const y = box.top + box.height / 2;
          if (x < reach || y < reach || x > innerWidth - reach || y > innerHeight - reach) return false;
          // A finger 22 px from the middle, each way, still lands on it (under whatever is on top).
          const points = [
            [x - reach, y],
            [x + reach, y],
            [x, y - reach],
            [x, y + reach],
          ];
          return !points.every(([px, py]) => document.elementsFromPoint(px, py).some((element) => control.contains(element)));
        })
        .map((control) => `${control.getAttribute('aria-label') ?? control.textContent?.trim().slice(0, 20)} ${Math.round(control.getBoundingClientRect().width)}×${Math.round(control.getBoundingClientRect().height)}`);
    });
    for (const control of found) small.push(`${route}: ${control}`);
  }
  expect(small).toEqual([]);
});

test('the header, the sidebar, the chat composer and the floating button keep clear of the safe areas', async ({ page }) => {
  const insets = { top: 47, bottom: 34, left: 0, right: 0 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setSafeAreaInsetsOverride' as 'Emulation.setDeviceMetricsOverride', { insets } as never);
  await open(page, '/chat');
  const height = page.viewportSize()!.height;
  const box = async (locator: ReturnType<Page['locator']>) => (await locator.boundingBox())!;

  const burger = await box(page.getByRole('button', { name: 'menu' }));
  expect(burger.y).toBeGreaterThanOrEqual(insets.top);
  const heading = await box(page.getByRole('heading').first());
  expect(heading.y).toBeGreaterThan(burger.y + burger.height);
  const send = await box(page.getByRole('button', { name: 'send' }));
  expect(send.y + send.height).toBeLessThanOrEqual(height - insets.bottom);
  const assistant = await box(page.getByRole('button', { name: 'AI assistant' }));
  expect(assistant.y + assistant.height).toBeLessThanOrEqual(height - insets.bottom - 20 + 0.5);

  await page.getByRole('button', { name: 'menu' }).click();
  const sidebar = page.getByRole('navigation', { name: 'sidebar' });
  await expect(sidebar.getByRole('link', { name: 'Settings' })).toBeVisible();
  const theme = await box(sidebar.getByRole('combobox', { name: 'theme' }));
  expect(theme.y + theme.height).toBeLessThanOrEqual(height - insets.bottom);
});

test('with the on-screen keyboard up (the page resized), the chat composer and the translate box stay in view', async ({ page }) => {
  for (const [route, name] of [
    ['/chat', 'question'],
    ['/translate', 'source text'],
  ] as const) {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, route);
    const box = page.getByRole('textbox', { name });
    await box.focus();
    // interactive-widget=resizes-content: the keyboard takes its height off the page's.
    await page.setViewportSize({ width: 390, height: 844 - 330 });
    await expect(box).toBeInViewport({ ratio: 1 });
  }
});

import { expect, test } from './fixtures';
import { seedStorage } from './storage';

test.describe('generic modal', () => {
  test('confirm emits its data and closes; closing clears the content', async ({ page }) => {
    await page.goto('/test');
    await page.getByRole('button', { name: 'open modal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Test modal' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox', { name: 'name' }).fill('ことのは');
    await dialog.getByRole('button', { name: 'confirm' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('modal-result')).toHaveText('Confirmed: ことのは');

    await page.getByRole('button', { name: 'open modal' }).click();
    await expect(page.getByRole('dialog').getByRole('textbox', { name: 'name' })).toHaveValue('');
  });

  test('closes on its close button, on Escape and on a backdrop click', async ({ page }) => {
    await page.goto('/test');
    const open = page.getByRole('button', { name: 'open modal' });
    const dialog = page.getByRole('dialog', { name: 'Test modal' });

    await open.click();
    await dialog.getByRole('button', { name: 'close' }).click();
    await expect(dialog).toHaveCount(0);

    await open.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    await open.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(10, 10);
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('modal-result')).toHaveText('No modal confirmed yet.');
  });
});

test('toasts appear top right and can be dismissed', async ({ page }) => {
  await page.goto('/test');
  await page.getByRole('button', { name: 'show toast' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'A normal toast' });
  await expect(toast).toBeVisible();
  const box = (await toast.boundingBox())!;
  expect(box.x + box.width).toBeGreaterThan(1280 - 60);
  expect(box.y).toBeLessThan(120);
  await toast.getByRole('button').click();
  await expect(toast).toHaveCount(0);
});

test('slide-in: only elements below the viewport animate, once, when they enter', async ({ page }) => {
  await page.goto('/test');
  const below = page.getByTestId('slide-in-below');
  const animations = (locator: typeof below) =>
    locator.evaluate((el) => el.getAnimations().map((a) => ({ state: a.playState, time: Number(a.currentTime) })));

  const firstCard = page.locator('[data-slide-in]').first();
  expect(await animations(firstCard)).toEqual([]);

  const before = await animations(below);
  expect(before).toHaveLength(1);
  expect(before[0].state).toBe('paused');
  const keyframes = await below.evaluate((el) => (el.getAnimations()[0].effect as KeyframeEffect).getKeyframes());
  expect(keyframes[0]).toMatchObject({ transform: 'translateY(100px)', opacity: '0.5' });
  const timing = await below.evaluate((el) => el.getAnimations()[0].effect!.getTiming());
  expect(timing).toMatchObject({ duration: 1000, easing: 'ease' });

  await below.scrollIntoViewIfNeeded();
  await expect.poll(async () => (await animations(below))[0]?.state ?? 'finished').not.toBe('paused');
  await expect.poll(async () => (await animations(below)).length, { timeout: 3000 }).toBe(0);

  await page.mouse.wheel(0, -5000);
  await page.mouse.wheel(0, 5000);
  expect(await animations(below)).toEqual([]);
});

test('slide-in: nothing animates for people who prefer reduced motion', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce', baseURL });
  await seedStorage(context, { on: 'if-absent' });
  const page = await context.newPage();
  await page.goto('/test');
  await expect(page.getByTestId('slide-in-below')).toBeAttached();
  expect(await page.getByTestId('slide-in-below').evaluate((el) => el.getAnimations().length)).toBe(0);
  await context.close();
});

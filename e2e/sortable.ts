import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Presses a keyboard-sorting arrow until dnd-kit's live region says `announced`. dnd-kit measures
 * the droppables after the drag has begun; an arrow pressed before that (a busy machine) moves
 * nothing, so the key is pressed again. A second arrow past the end of the list moves nothing either.
 */
export async function pressUntilAnnounced(page: Page, key: string, liveRegion: Locator, announced: RegExp): Promise<void> {
  await expect(async () => {
    await page.keyboard.press(key);
    await expect(liveRegion).toHaveText(announced, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Releases a pointer drag the way a person does: dnd-kit swallows every click for 50 ms after a
 * drop (a page timer), so a click that follows at once, as a test's does, would be lost on a busy
 * machine. A page timer set now fires after dnd-kit's.
 */
export async function dropPointer(page: Page): Promise<void> {
  await page.mouse.up();
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 60)));
}

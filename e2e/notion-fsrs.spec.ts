import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { startFakeServer, type FakeServer } from '../test-support/fake-server';
import { createNotionFake, emptyFsrsProperties, sampleWords, vocabularyDatabase, type FakeDatabase, type Json } from '../test-support/fakes/notion';
import { expect, test as base } from './fixtures';
import { seedStorage } from './storage';

/**
 * Review mode on FSRS against the fake Notion (issue 24, docs/storage.md "Settings additions"):
 * the card state written with the review time in one PATCH per grade, a second browser that
 * continues the same schedule, undo that sends nothing, offline grades that survive a reload.
 */

type NotionFake = ReturnType<typeof createNotionFake> & { server: FakeServer; deck: FakeDatabase; plain: FakeDatabase; shots: FakeDatabase };

const token = 'ntn_fsrs_token';
/** A grade's PATCH waits this long for undo (api/grading.ts undoWindowMs). */
const undoWindowMs = 8_000;

const test = base.extend<object, { notion: NotionFake }>({
  notion: [
    async ({}, use) => {
      const fake = createNotionFake();
      const deck = vocabularyDatabase({ title: 'Deck', count: 8, words: sampleWords, fsrs: true });
      const plain = vocabularyDatabase({ title: 'Plain', count: 4, words: sampleWords, dates: false });
      const shots = vocabularyDatabase({ title: 'Decks', count: 60, words: sampleWords, fsrs: true });
      for (const database of [deck, plain, shots]) fake.state.databases.set(database.id, database);
      fake.state.tokens.set(token, new Set([deck.id, plain.id, shots.id]));
      const server = await startFakeServer(fake.handler);
      await use({ ...fake, server, deck, plain, shots });
      await server.close();
    },
    { scope: 'worker' },
  ],
  appEnv: [async ({ notion }, use) => use({ UPSTREAM_NOTION: notion.server.url }), { scope: 'worker' }],
});

function settingsFor(database: FakeDatabase, extra: Record<string, unknown> = {}) {
  return {
    notion: {
      updateToken: token,
      updateReviewTimeInterval: 5,
      openLinkInApp: true,
      retention: 0.9,
      dynamicConfigs: [{ id: '1700000000000', configId: 'Database', name: database.title, value: { token, databaseId: database.id, updateReviewTime: true, paginate: false, sql: '' } }],
    },
    ...extra,
  };
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test.beforeEach(({ notion }) => {
  // Every word of Deck starts never reviewed; Decks has a schedule spread over the next weeks.
  for (const page of notion.deck.pages) Object.assign(page.properties, emptyFsrsProperties(), { 'Review Time': { id: 'Rv', type: 'date', date: null } });
  notion.shots.pages.forEach((page, index) => {
    const due = index < 6 ? -1 - (index % 3) : Math.floor((index * 7) % 33) - 2;
    Object.assign(page.properties, {
      'Review Time': { id: 'Rv', type: 'date', date: { start: `${day(due - 6)}T09:00:00.000Z`, end: null, time_zone: null } },
      Due: { id: 'Due', type: 'date', date: { start: day(due), end: null, time_zone: null } },
      'Last review': { id: 'Last', type: 'date', date: { start: `${day(due - 6)}T09:00:00.000Z`, end: null, time_zone: null } },
      Stability: { id: 'Stab', type: 'number', number: 6 + (index % 5) },
      Difficulty: { id: 'Diff', type: 'number', number: 4 + (index % 4) },
      Reps: { id: 'Reps', type: 'number', number: 3 },
      Lapses: { id: 'Laps', type: 'number', number: index % 2 },
      State: { id: 'Stat', type: 'select', select: { id: 'opt-Review', name: 'Review', color: 'default' } },
    });
  });
  notion.state.forced = [];
  notion.state.accepted = [];
  notion.server.requests.length = 0;
});

/** The review-time updates still waiting in this browser's queue (IndexedDB), those tried at least `attempts` times. */
function queued(page: Page, attempts = 0) {
  return page.evaluate(
    (least) =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('kotonoha-notion');
        open.onsuccess = () => {
          const request = open.result.transaction('queue').objectStore('queue').getAll();
          request.onsuccess = () => resolve((request.result as Array<{ attempts: number }>).filter((item) => item.attempts >= least).length);
        };
      }),
    attempts,
  );
}

const progress = (page: Page) => page.getByRole('status', { name: 'review progress' });
const card = (page: Page) => page.getByRole('article', { name: 'review card' });
const patches = (notion: NotionFake) => notion.server.requests.filter((request) => request.method === 'PATCH');

/** Shows the answer and grades it, then waits until the next word is up (the grade is saved). */
async function gradeShown(page: Page, key: string) {
  const before = await progress(page).textContent();
  await page.keyboard.press('Space');
  await expect(card(page).getByRole('button', { name: /good/ })).toBeVisible();
  await page.keyboard.press(key);
  await expect(progress(page)).not.toHaveText(before!);
}

/** The review screen, its clock in the test's hands (it runs as usual until moved on): the undo window is passed, not waited out. */
async function openReview(context: BrowserContext | Page, settings: Record<string, unknown>): Promise<Page> {
  const page = 'newPage' in context ? await context.newPage() : context;
  await page.clock.install();
  await seedStorage(page, { settings, on: 'first-load' });
  await page.goto('/notion/review');
  return page;
}

test('each grade writes the review time and the card state in one PATCH; a second browser sees the same due words', async ({ page, notion, browser }) => {
  test.setTimeout(90_000);
  await openReview(page, settingsFor(notion.deck));
  await expect(progress(page)).toHaveText('8 due');
  const first = (await card(page).locator('[lang="ja"]').first().textContent())!.trim();
  await gradeShown(page, '3');
  await expect(progress(page)).toHaveText('7 due');
  const second = (await card(page).locator('[lang="ja"]').first().textContent())!.trim();
  await gradeShown(page, '4');
  await expect(progress(page)).toHaveText('6 due');
  // Nothing goes out during the undo window, then exactly one PATCH per grade.
  expect(patches(notion)).toHaveLength(0);
  await page.clock.fastForward(undoWindowMs);
  await expect.poll(() => notion.state.accepted.length).toBe(2);
  // Every timer that could send again has fired, and nothing is left to send.
  await page.clock.runFor(undoWindowMs);
  await expect.poll(() => queued(page)).toBe(0);
  expect(patches(notion)).toHaveLength(2);

  const byWord = new Map(notion.deck.pages.map((p) => [((p.properties.Word.title as Json[])[0].plain_text as string), p.id]));
  expect(notion.state.accepted.map((patch) => patch.pageId)).toEqual([byWord.get(first), byWord.get(second)]);
  for (const patch of notion.state.accepted) {
    const properties = patch.properties as Record<string, Json>;
    expect(Object.keys(properties).sort()).toEqual(['Difficulty', 'Due', 'Lapses', 'Last review', 'Reps', 'Review Time', 'Stability', 'State']);
    expect((properties.Due.date as Json).start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(String((properties.Due.date as Json).start) > day(0)).toBe(true);
    expect((properties['Review Time'].date as Json).start).toMatch(/T/);
    expect(properties['Last review']).toEqual(properties['Review Time']);
    expect(properties.Stability.number).toBeGreaterThan(0);
    expect(properties.Difficulty.number).toBeGreaterThanOrEqual(1);
    expect(properties.Reps).toEqual({ number: 1 });
    expect(properties.Lapses).toEqual({ number: 0 });
    expect(properties.State).toEqual({ select: { name: 'Review' } });
    expect(patch.token).toBe(token);
  }

  // Another browser (no IndexedDB of its own) reads the schedule from Notion.
  const other = await browser.newContext();
  const elsewhere = await openReview(other, { language: 'en', ...settingsFor(notion.deck) });
  await expect(progress(elsewhere)).toHaveText('6 due');
  const seen: string[] = [];
  for (let i = 0; i < 6; i += 1) {
    const word = (await card(elsewhere).locator('[lang="ja"]').first().textContent())!.trim();
    seen.push(word);
    await gradeShown(elsewhere, '3');
  }
  expect(seen).not.toContain(first);
  expect(seen).not.toContain(second);
  await other.close();
});

test('undo (u, or the button) takes the last grade back before its PATCH is sent: nothing goes to Notion', async ({ page, notion }) => {
  test.setTimeout(60_000);
  await openReview(page, settingsFor(notion.deck));
  await expect(progress(page)).toHaveText('8 due');
  const word = (await card(page).locator('[lang="ja"]').first().textContent())!.trim();
  await gradeShown(page, '1');
  await expect(progress(page)).toHaveText('7 due');
  await page.keyboard.press('u');
  await expect(progress(page)).toHaveText('8 due');
  await expect(card(page)).toContainText(word);
  await expect(page.getByText(`${word}: grade taken back`)).toBeVisible();
  // The button does the same.
  await gradeShown(page, '3');
  await page.getByRole('button', { name: /^undo/ }).click();
  await expect(progress(page)).toHaveText('8 due');
  // Past the undo window: a grade not taken back would be sent now (and wait in the queue until it is).
  await page.clock.fastForward(undoWindowMs + 3_000);
  await expect.poll(() => queued(page)).toBe(0);
  expect(patches(notion)).toHaveLength(0);
  expect(notion.state.accepted).toHaveLength(0);
  // The measured retention has no reviews in it either.
  await expect(page.getByRole('region', { name: 'review statistics' })).toContainText('No reviews of words seen before');
});

test('a grade made without a connection to Notion survives a reload and is sent once', async ({ page, notion }) => {
  test.setTimeout(90_000);
  await openReview(page, settingsFor(notion.deck));
  await expect(progress(page)).toHaveText('8 due');
  // No connection for Notion's page updates: the fetch fails as it does offline.
  await page.route('**/api/notion/v1/pages/**', (route) => (route.request().method() === 'PATCH' ? route.abort('internetdisconnected') : route.continue()));
  const word = (await card(page).locator('[lang="ja"]').first().textContent())!.trim();
  await gradeShown(page, '3');
  const waiting = page.getByRole('status', { name: 'review-time updates' });
  await page.clock.fastForward(undoWindowMs);
  await expect(waiting).toContainText('1 review-time update waits');
  await expect.poll(() => queued(page, 1)).toBeGreaterThan(0);
  expect(notion.state.accepted).toHaveLength(0);

  await page.unroute('**/api/notion/v1/pages/**');
  await page.reload();
  await expect(progress(page)).toHaveText('7 due');
  // Past the retry's back-off (seconds after the failed attempts).
  await page.clock.fastForward(30_000);
  await expect.poll(() => notion.state.accepted.length).toBe(1);
  await expect(waiting).toHaveCount(0, { timeout: 10_000 });
  // Every timer that could send again has fired, and nothing is left to send.
  await page.clock.runFor(undoWindowMs);
  await expect.poll(() => queued(page)).toBe(0);
  expect(patches(notion)).toHaveLength(1);
  const pageId = notion.deck.pages.find((p) => (p.properties.Word.title as Json[])[0].plain_text === word)!.id;
  expect(notion.state.accepted[0].pageId).toBe(pageId);
  expect(Object.keys(notion.state.accepted[0].properties)).toContain('Stability');
});

test('a database without any date property: the schedule stays in this browser, and the screen says so once', async ({ page, notion }) => {
  await openReview(page, settingsFor(notion.plain));
  await expect(progress(page)).toHaveText('4 due');
  const notice = page.getByRole('note', { name: 'schedule notice' });
  await expect(notice).toContainText('kept in this browser only');
  await gradeShown(page, '3');
  await expect(progress(page)).toHaveText('3 due');
  // No undo window to wait for: nothing is written.
  await expect(page.getByRole('region', { name: 'review statistics' })).toContainText('3 words due today');
  await page.reload();
  await expect(progress(page)).toHaveText('3 due');
  await expect(notice).toHaveCount(0);
  // Past the undo window, nothing was queued to send.
  await page.clock.fastForward(undoWindowMs);
  await expect.poll(() => queued(page)).toBe(0);
  expect(patches(notion)).toHaveLength(0);
});

test('the forecast, today\'s count and the measured retention; axe in light and dark; screenshots at 1280 and 390', async ({ page, notion }) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const stats = page.getByRole('region', { name: 'review statistics' });
  await openReview(page, settingsFor(notion.shots));
  await expect(stats).toContainText('words due today');
  const dueToday = Number((await progress(page).textContent())!.match(/\d+/)![0]);
  await expect(stats).toContainText(`${dueToday} words due today`);
  await expect(stats.getByRole('img', { name: /due forecast for the next 30 days/ })).toBeVisible();
  await expect(stats.locator('canvas')).toHaveCount(1);
  // Three reviews of words seen before, one forgotten: 67 % against the 90 % target.
  for (const key of ['3', '1', '4']) await gradeShown(page, key);
  await expect(stats).toContainText('Remembered in the last 30 days: 67% of 3 reviews (target 90%)');
  await expect(stats).toContainText(`${dueToday - 3} words due today`);
  const download = page.waitForEvent('download');
  await stats.getByRole('button', { name: 'export review log (CSV)' }).click();
  const csv = fs.readFileSync(await (await download).path(), 'utf8').trim().split('\n');
  expect(csv[0]).toBe('card_id,review_time,review_rating,review_state,review_duration');
  expect(csv.slice(1).map((line) => line.split(',').slice(2, 4).join(','))).toEqual(['3,2', '1,2', '4,2']);
  // The three PATCHes go out after their undo window; the pictures are taken with nothing waiting.
  await expect.poll(() => notion.state.accepted.length, { timeout: undoWindowMs + 10_000 }).toBe(3);
  await expect(page.getByRole('status', { name: 'review-time updates' })).toHaveCount(0);

  for (const theme of ['light', 'dark'] as const) {
    await seedStorage(page, { settings: { language: 'en', theme, ...settingsFor(notion.shots) } });
    await page.goto('/notion/review');
    await expect(stats.locator('canvas')).toHaveCount(1);
    await page.keyboard.press('Space');
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 4).join(', ')}`), theme).toEqual([]);
  }

  for (const [language, theme] of [['en', 'light'], ['zh', 'dark']] as const) {
    await seedStorage(page, { settings: { ...settingsFor(notion.shots), language, theme } });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.goto('/notion/review');
      // Names differ by language here: the chart's canvas and the answer's definitions are found by what they are.
      await expect(page.locator('canvas')).toHaveCount(1);
      await page.keyboard.press('Space');
      await expect(page.getByRole('definition').first()).toBeVisible();
      await page.screenshot({ path: `docs/screenshots/fsrs/review-${language}-${theme}-${width}.png`, fullPage: true });
    }
  }
});

import type { Page } from '@playwright/test';
import { startFakeServer, type FakeServer } from '../test-support/fake-server';
import { createNotionFake, sampleWords, seedWordPageBlocks, vocabularyDatabase, type FakeDatabase } from '../test-support/fakes/notion';
import { writeSampleEdict } from '../test-support/edict-sample';
import { expect, test as base } from './fixtures';
import { seedStorage } from './storage';

type NotionFake = ReturnType<typeof createNotionFake> & { server: FakeServer; vocab: FakeDatabase; kanji: FakeDatabase; big: FakeDatabase; hidden: FakeDatabase };

const reader = 'ntn_reader_token';
const writer = 'ntn_writer_token';

const test = base.extend<object, { notion: NotionFake }>({
  notion: [
    async ({}, use) => {
      const fake = createNotionFake();
      // Row 2 (書く) has the oldest review time; every row is due (no due dates yet).
      const vocab = vocabularyDatabase({ title: 'Vocabulary', count: 15, words: sampleWords, reviewed: reviewedOn });
      const kanji = vocabularyDatabase({ title: 'Kanji', count: 3, dataSources: 2, words: sampleWords.slice(8) });
      const big = vocabularyDatabase({ title: 'Big', count: 250, words: sampleWords });
      const hidden = vocabularyDatabase({ title: 'Hidden', count: 2, words: sampleWords });
      for (const database of [vocab, kanji, big, hidden]) fake.state.databases.set(database.id, database);
      fake.state.tokens.set(reader, new Set([vocab.id, kanji.id, big.id]));
      fake.state.tokens.set(writer, new Set([vocab.id, kanji.id, big.id]));
      seedWordPageBlocks(fake.state, vocab.pages[0].id);
      const server = await startFakeServer(fake.handler);
      await use({ ...fake, server, vocab, kanji, big, hidden });
      await server.close();
    },
    { scope: 'worker' },
  ],
  appEnv: [async ({ notion }, use) => use({ UPSTREAM_NOTION: notion.server.url, KOTONOHA_EDICT_PATH: writeSampleEdict('utf-8') }), { scope: 'worker' }],
});

function reviewedOn(index: number) {
  return index === 2 ? '2024-12-01' : `2025-02-${String(10 + index).padStart(2, '0')}`;
}

type EntryValue = Record<string, unknown>;
function settingsFor(notion: NotionFake, extra: { entries?: Array<{ name: string; value: EntryValue }>; openLinkInApp?: boolean } = {}) {
  const entries = extra.entries ?? [
    {
      name: 'Vocabulary',
      // Pasted as the compact id from a Notion link: the app normalises it.
      value: { token: reader, databaseId: notion.vocab.id.replace(/-/g, ''), updateReviewTime: true, paginate: false, sql: "select Word, Reading from db where Meaning like '%to %' order by Reading limit 20" },
    },
    { name: 'Kanji', value: { token: reader, databaseId: notion.kanji.id, updateReviewTime: true, paginate: false, sql: '' } },
    { name: 'Big', value: { token: reader, databaseId: notion.big.id, updateReviewTime: false, paginate: true, sql: '' } },
  ];
  return {
    notion: {
      updateToken: writer,
      updateReviewTimeInterval: 5,
      openLinkInApp: extra.openLinkInApp ?? true,
      dynamicConfigs: entries.map((entry, index) => ({ id: `170000000000${index}`, configId: 'Database', name: entry.name, value: entry.value })),
    },
  };
}

async function seed(page: Page, settings: Record<string, unknown>) {
  await seedStorage(page, { settings, on: 'first-load' });
}

const rowsTable = (page: Page) => page.getByRole('table', { name: /rows$/ });
const rowWith = (page: Page, text: string) => rowsTable(page).getByRole('row').filter({ hasText: text }).first();

test.beforeEach(({ notion }) => {
  // Tests write review times; each starts from the same schedule.
  notion.vocab.pages.forEach((page, index) => {
    page.properties['Review Time'] = { id: 'Rv', type: 'date', date: { start: reviewedOn(index), end: null, time_zone: null } };
    page.properties['Next Due'] = { id: 'Nd', type: 'date', date: null };
  });
  notion.state.forced = [];
  notion.state.accepted = [];
  notion.server.requests.length = 0;
});

test('with no database set up, MyNotion says how to add one and loads neither the review queue nor its IndexedDB code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/notion/pages');
  await expect(page.getByRole('status').filter({ hasText: 'No Notion database yet' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((file) => /\/(review-queue|review-updates|notion-db|queue-status)-[^/]+\.js$/.test(file))).toEqual([]);
});

test('browse: one tab per database in order, every property type rendered, both query APIs, load more', async ({ page, notion }) => {
  await seed(page, settingsFor(notion));
  await page.goto('/notion/pages');
  await expect(page.getByRole('tab')).toHaveText(['Vocabulary', 'Kanji', 'Big']);
  await expect(page.getByRole('status', { name: 'rows status' })).toHaveText('15 rows');
  const first = rowWith(page, '勉強');
  await expect(first).toBeVisible();
  await expect(first.locator('strong')).toHaveText('study; diligence');
  await expect(first.getByRole('link', { name: 'EDICT' })).toHaveAttribute('href', 'https://www.edrdg.org/jmdict/edict.html');
  for (const text of ['N5', 'verb', 'Learning', 'べんきょう', 'learner@example.com', '+81 3-1234-5678', '1 linked page', 'Hanako', 'neko.png', 'W-1', '2024-12-01']) {
    await expect(rowsTable(page).getByText(text, { exact: true }).first()).toBeAttached();
  }
  await expect(first.getByRole('img', { name: 'checked' })).toBeAttached();
  // The 2022-06-28 database query, page size 100.
  const query = notion.server.requests.find((request) => request.url.endsWith('/query'))!;
  expect(query.url).toBe(`/v1/databases/${notion.vocab.id}/query`);
  expect(query.headers['notion-version']).toBe('2022-06-28');
  expect(query.headers.authorization).toBe(`Bearer ${reader}`);

  // Filter and sort in the browser.
  await page.getByRole('textbox', { name: 'filter rows' }).fill('to ');
  await expect(page.getByRole('status', { name: 'rows status' })).toContainText('match');

  // A database with two data sources: Notion refuses the old query, the app moves to 2025-09-03.
  await page.getByRole('tab', { name: 'Kanji' }).click();
  await expect(rowWith(page, '辞書')).toBeVisible();
  await expect.poll(() => notion.server.requests.some((request) => request.url === `/v1/data_sources/${notion.kanji.dataSourceIds[0]}/query` && request.headers['notion-version'] === '2025-09-03')).toBe(true);

  // paginate on: 100 rows, then "load more" with start_cursor until has_more is false.
  await page.getByRole('tab', { name: 'Big' }).click();
  await expect(page.getByRole('status', { name: 'rows status' })).toHaveText('100 rows loaded');
  await page.getByRole('button', { name: 'load more' }).click();
  await expect(page.getByRole('status', { name: 'rows status' })).toHaveText('200 rows loaded');
  await page.getByRole('button', { name: 'load more' }).click();
  await expect(page.getByRole('status', { name: 'rows status' })).toHaveText('250 rows');
  await expect(page.getByRole('button', { name: 'load more' })).toHaveCount(0);
  const cursors = notion.server.requests.filter((request) => request.url === `/v1/databases/${notion.big.id}/query`).map((request) => JSON.parse(request.body.toString()).start_cursor);
  expect(cursors).toEqual([undefined, notion.big.pages[100].id, notion.big.pages[200].id]);

  // Cards on request.
  await page.getByText('cards', { exact: true }).click();
  await expect(page.getByRole('article').first()).toBeVisible();
});

test('rows open instantly from the cache and stay when Notion fails; a 429 is waited out', async ({ page, notion }) => {
  await seed(page, settingsFor(notion));
  notion.state.forced.push({ method: 'POST', path: /\/query$/, status: 429, retryAfter: 1 });
  await page.goto('/notion/pages');
  // The 429's second of waiting comes first.
  await expect(page.getByRole('status', { name: 'rows status' })).toHaveText('15 rows', { timeout: 15_000 });
  expect(notion.server.requests.filter((request) => request.url.endsWith('/query')).length).toBe(2);

  notion.state.forced.push({ status: 503, times: 50 });
  await page.reload();
  await expect(rowWith(page, '勉強')).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Notion is unavailable (503)');
  await expect(page.getByRole('status', { name: 'rows status' })).toHaveText('15 rows from this browser');
  notion.state.forced = [];
});

test('a wrong token, an unshared database and a bad id each say what to fix', async ({ page, notion }) => {
  await seed(
    page,
    settingsFor(notion, {
      entries: [
        { name: 'Wrong token', value: { token: 'ntn_wrong', databaseId: notion.vocab.id } },
        { name: 'Not shared', value: { token: reader, databaseId: notion.hidden.id } },
        { name: 'Bad id', value: { token: reader, databaseId: 'my-vocabulary' } },
      ],
    }),
  );
  await page.goto('/notion/pages');
  await expect(page.getByRole('alert')).toContainText('Notion refused the token (Notion: “API token is invalid.”). Check the token of the database “Wrong token”');
  await page.getByRole('tab', { name: 'Not shared' }).click();
  await expect(page.getByRole('alert')).toContainText('Share the database with your integration');
  await page.getByRole('tab', { name: 'Bad id' }).click();
  await expect(page.getByRole('alert')).toContainText('is not a Notion id');
});

test('opening a row shows its page with every block type; its review time is PATCHed once with the update token', async ({ page, notion }) => {
  await seed(page, settingsFor(notion));
  await page.goto('/notion/pages');
  await rowWith(page, '勉強').click();
  await expect(page).toHaveURL(/\/notion\/page\?db=1700000000000&id=/);
  const article = page.getByRole('article', { name: '勉強' });
  await expect(article.getByRole('heading', { name: '勉強' })).toBeVisible();
  const content = page.getByRole('region', { name: 'page content' });
  await expect(content.getByRole('heading', { name: '勉強 — べんきょう' })).toBeVisible();
  await expect(content.getByRole('listitem').filter({ hasText: '毎日日本語を勉強しています。' })).toBeVisible();
  await expect(content.getByRole('checkbox', { name: '例文を三つ書く' })).toBeChecked();
  await expect(content.getByRole('cell', { name: '勉強した' })).toBeVisible();
  await expect(content.getByRole('note')).toContainText('する動詞として使う');
  await expect(content.locator('blockquote')).toHaveText('学びて時に之を習う');
  await expect(content.locator('pre')).toHaveText('勉強する → 勉強した');
  await expect(content.getByText('活用')).toBeVisible();
  await expect(content.getByRole('img', { name: 'a picture' })).toBeAttached();

  await expect.poll(() => notion.state.accepted.length).toBe(1);
  expect(notion.state.accepted[0]).toMatchObject({ pageId: notion.vocab.pages[0].id, token: writer });
  expect(Object.keys(notion.state.accepted[0].properties)).toEqual(['Review Time']);
  // Within the interval, opening it again sends nothing.
  await page.reload();
  await expect(article.getByRole('heading', { name: '勉強' })).toBeVisible();
  await page.goBack();
  await rowWith(page, '勉強').click();
  await expect(article).toBeVisible();
  expect(notion.state.accepted.length).toBe(1);

  // Dictionary on the word.
  await article.getByRole('button', { name: 'dictionary' }).click();
  await expect(page.getByRole('dialog', { name: 'Dictionary' })).toBeVisible();
});

test('with openLinkInApp off a row opens the Notion page in a new tab', async ({ page, notion, context }) => {
  await seed(page, settingsFor(notion, { openLinkInApp: false }));
  await context.route('https://www.notion.so/**', (route) => route.fulfill({ body: 'notion page' }));
  await page.goto('/notion/pages');
  const popup = page.waitForEvent('popup');
  await rowWith(page, '食べる').click();
  expect((await popup).url()).toBe(notion.vocab.pages[1].url);
  await expect.poll(() => notion.state.accepted.length).toBe(1);
});

test('the review-time queue survives a reload mid-retry: 429 then 500, then exactly one accepted PATCH', async ({ page, notion }) => {
  await seed(page, settingsFor(notion));
  notion.state.forced.push({ method: 'PATCH', status: 429, retryAfter: 2 }, { method: 'PATCH', status: 500 });
  await page.goto('/notion/pages');
  await rowWith(page, '書く').click();
  const waiting = page.getByRole('status', { name: 'review-time updates' });
  await expect(waiting).toContainText('1 review-time update waits');
  await expect(waiting).toContainText('rate limiting');
  expect(notion.state.accepted).toHaveLength(0);
  await page.reload();
  await expect(page.getByRole('article', { name: '書く' })).toBeVisible();
  await expect.poll(() => notion.state.accepted.length, { timeout: 20_000 }).toBe(1);
  await expect(waiting).toHaveCount(0, { timeout: 10_000 });
  expect(notion.state.accepted[0].pageId).toBe(notion.vocab.pages[2].id);
  expect(notion.server.requests.filter((request) => request.method === 'PATCH')).toHaveLength(3);
});

test('review mode: the oldest review first, Space shows the answer, a grade writes review time and due date', async ({ page, notion }) => {
  await seed(page, settingsFor(notion));
  await page.goto('/notion/review');
  const card = page.getByRole('article', { name: 'review card' });
  await expect(card).toContainText('書く');
  await expect(page.getByRole('status', { name: 'review progress' })).toHaveText('15 due');
  await expect(card.getByText('かく')).toHaveCount(0);
  await page.keyboard.press('Space');
  await expect(card.getByRole('definition').filter({ hasText: 'かく' })).toBeVisible();
  await page.keyboard.press('3');
  await expect(page.getByRole('status', { name: 'review progress' })).toHaveText('14 due');
  await expect(card).toContainText('勉強');
  await expect.poll(() => notion.state.accepted.length).toBe(1);
  const patch = notion.state.accepted[0];
  expect(patch.pageId).toBe(notion.vocab.pages[2].id);
  expect(Object.keys(patch.properties).sort()).toEqual(['Next Due', 'Review Time']);
  expect((patch.properties['Next Due'] as { date: { start: string } }).date.start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
});

test('executor: the entry sql runs over the rows in SQLite; a bad query shows its message and stays editable', async ({ page, notion }) => {
  await seed(page, settingsFor(notion));
  await page.goto('/notion/sql');
  const result = page.getByRole('table', { name: 'query result' });
  await expect(result.getByRole('columnheader')).toHaveText(['Word', 'Reading']);
  await expect(result.getByRole('row')).toHaveCount(1 + 8);
  await expect(result.getByRole('row').nth(1)).toContainText('行く');
  const sql = page.getByRole('textbox', { name: 'SQL' });
  await sql.fill('select Wrod from db');
  await page.getByRole('button', { name: 'run' }).click();
  await expect(page.getByRole('alert')).toContainText('no such column: Wrod');
  await sql.fill('select count(*) as n, sum(Count) from db where Known = \'true\'');
  await sql.press('Control+Enter');
  await expect(result.getByRole('row').nth(1)).toHaveText(/^3/);
});

test('Notion search: the box on the screen opens the dialog, which finds text in every database and opens a hit', async ({ page, notion }) => {
  await seed(page, settingsFor(notion));
  await page.goto('/notion/pages');
  await page.getByRole('textbox', { name: 'search notes' }).fill('dictionary');
  await page.getByRole('textbox', { name: 'search notes' }).press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Notion search' });
  await expect(dialog).toBeVisible();
  const hits = dialog.getByRole('list', { name: 'search hits' }).getByRole('listitem');
  await expect(hits.filter({ hasText: 'Kanji' })).toHaveCount(1);
  await expect(hits.filter({ hasText: 'Vocabulary' })).toHaveCount(1);
  const filters = notion.server.requests.filter((request) => request.url.endsWith('/query') && JSON.parse(request.body.toString()).filter);
  expect(JSON.parse(filters[0].body.toString()).filter.or).toContainEqual({ property: 'Meaning', rich_text: { contains: 'dictionary' } });
  await hits.filter({ hasText: 'Kanji' }).getByRole('button').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('article', { name: '辞書' })).toBeVisible();
});

test('Notion search: a database whose search fails says so by name; the other databases still list their hits', async ({ page, notion }) => {
  await seed(page, settingsFor(notion));
  const kanjiId = notion.kanji.id.replace(/-/g, '').split('').join('-?');
  notion.state.forced.push({ method: 'POST', path: new RegExp(`${kanjiId}/query$`), status: 400 });
  await page.goto('/notion/pages');
  await page.getByRole('textbox', { name: 'search notes' }).fill('dictionary');
  await page.getByRole('textbox', { name: 'search notes' }).press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Notion search' });
  await expect(dialog.getByRole('alert')).toHaveCount(1);
  await expect(dialog.getByRole('alert')).toContainText(/^Kanji: /);
  await expect(dialog.getByRole('list', { name: 'search hits' }).getByRole('listitem').filter({ hasText: 'Vocabulary' })).toHaveCount(1);
  expect(notion.state.forced).toHaveLength(0);
});

test('save to notes from the dictionary: a new page with word, reading and meaning, shown at once; the selection menu offers it too', async ({ page, notion }) => {
  await seed(page, settingsFor(notion));
  await page.goto('/notion/pages');
  await rowWith(page, '勉強').click();
  await page.getByRole('article', { name: '勉強' }).getByRole('button', { name: 'dictionary' }).click();
  const dictionary = page.getByRole('dialog', { name: 'Dictionary' });
  await dictionary.getByRole('button', { name: 'save to notes: 勉強' }).click();
  const save = page.getByRole('dialog', { name: 'Save to notes' });
  await expect(save.getByRole('textbox', { name: 'reading' })).toHaveValue('べんきょう');
  await expect(save.getByRole('textbox', { name: 'meaning' })).toHaveValue(/study/);
  await save.getByRole('textbox', { name: 'example sentence' }).fill('図書館で勉強する。');
  await expect(save.getByRole('combobox', { name: 'meaning property' })).toHaveValue('Meaning');
  await save.getByRole('button', { name: 'save to notes' }).click();
  await expect(save).toHaveCount(0);
  const created = notion.vocab.pages[0];
  expect(created.properties.Reading).toMatchObject({ rich_text: [{ plain_text: 'べんきょう' }] });
  expect(created.properties.Example).toMatchObject({ rich_text: [{ plain_text: '図書館で勉強する。' }] });
  await expect(page).toHaveURL(new RegExp(`id=${created.id}`));
  await expect(page.getByRole('article', { name: '勉強' }).getByText('図書館で勉強する。')).toBeVisible();
  // The mapping is kept with the database entry.
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('kotonoha.settings')!).notion.dynamicConfigs[0].value);
  expect(stored).toMatchObject({ wordProperty: 'Word', readingProperty: 'Reading', meaningProperty: 'Meaning', exampleProperty: 'Example' });
  notion.vocab.pages.shift();

  await page.goto('/test');
  const sentence = page.getByText('吾輩は猫である。名前はまだ無い。');
  const box = (await sentence.boundingBox())!;
  await page.mouse.move(box.x + 1, box.y + 8);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 1, box.y + 8, { steps: 6 });
  await page.mouse.up();
  await page.getByRole('toolbar', { name: 'selection menu' }).getByRole('button', { name: 'ellipsis' }).click();
  await page.getByRole('menuitem', { name: 'save to notes' }).click();
  await expect(page.getByRole('dialog', { name: 'Save to notes' }).getByRole('textbox', { name: 'word' })).toHaveValue('吾輩は猫である。名前はまだ無い。');
});

test('the selection menu "search notes" opens the Notion search dialog with the selection', async ({ page, notion }) => {
  await seed(page, settingsFor(notion));
  await page.goto('/test');
  const sentence = page.getByText('吾輩は猫である。名前はまだ無い。');
  const box = (await sentence.boundingBox())!;
  await page.mouse.move(box.x + 1, box.y + 8);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 1, box.y + 8, { steps: 6 });
  await page.mouse.up();
  await page.getByRole('toolbar', { name: 'selection menu' }).getByRole('button', { name: 'ellipsis' }).click();
  await page.getByRole('menuitem', { name: 'search notes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Notion search' });
  await expect(dialog.getByRole('textbox', { name: 'search text' })).toHaveValue('吾輩は猫である。名前はまだ無い。');
  await expect(dialog.getByRole('status')).toContainText('Nothing found');
});

test('screenshots of browse, page view, review and executor at 1280 and 390', async ({ page, notion }) => {
  test.setTimeout(120_000);
  await seed(page, settingsFor(notion));
  const shots: Array<[string, string, () => Promise<void>]> = [
    ['browse', '/notion/pages', async () => {
      await expect(page.getByRole('status', { name: 'rows status' })).toHaveText('15 rows');
      await expect(page.getByTestId('notion-rows')).toContainText('勉強');
    }],
    ['page', `/notion/page?db=1700000000000&id=${notion.vocab.pages[0].id}`, async () => {
      await expect(page.getByRole('region', { name: 'page content' })).toContainText('勉強した');
    }],
    ['review', '/notion/review', async () => {
      await expect(page.getByRole('article', { name: 'review card' })).toBeVisible();
      await page.keyboard.press('Space');
      await expect(page.getByRole('definition').first()).toBeVisible();
    }],
    ['executor', '/notion/sql', async () => {
      await expect(page.getByRole('table', { name: 'query result' })).toContainText('行く');
    }],
  ];
  // Each width loads each screen afresh, so no layout transition is caught mid-way.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    for (const [name, url, ready] of shots) {
      await page.goto(url);
      await ready();
      await page.screenshot({ path: `.tmp/shots-notion/notion-${name}-${width}.png` });
    }
  }
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { startApp, type RunningApp } from '../test-support/start-app';
import { buildBadInputs, type BadInput } from '../test-support/dictionaries/bad-inputs';
import { buildTestDictionaries, testDictionaryTitles as titles, type TestDictionaries } from '../test-support/dictionaries/test-dictionaries';
import { writeZip, ZipFileWriter } from '../test-support/dictionaries/zip-writer';
import { expect, test } from './fixtures';
import { pressUntilAnnounced } from './sortable';
import { seedStorage } from './storage';

/**
 * The learner's own dictionaries, end to end, with the dictionaries the tests build from real data
 * (test-support/dictionaries: a Jitendex-like one from EDICT, KANJIDIC2 from Debian, pitch,
 * frequency, Japanese→Chinese, handmade zips of every form): imported through Settings →
 * Dictionaries (progress seen), looked up in the dictionary modal (one card per word, each
 * dictionary's definitions under its title, pitch and frequency), reordered, disabled and deleted
 * with the results following at once, a kanji card, a cancelled import leaving nothing behind,
 * every bad input refused with its message, hostile markup drawn inert, and an import cut by
 * SIGKILL listed as interrupted after a restart.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-dicts-'));
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let built: TestDictionaries | undefined;
/** Built once per run, by the first test that needs them (a few seconds: EDICT and KANJIDIC2 are read). */
const dictionaries = () => (built ??= buildTestDictionaries(path.join(dir, 'small')));

/** 400,000 terms (under 2 MB zipped): an import that lasts long enough to be watched, cancelled or cut. */
function large(title: string, word: string): string {
  const writer = new ZipFileWriter(path.join(dir, `${word}-${Date.now()}.zip`), { level: 1 });
  writer.add('index.json', { title, revision: '1', format: 3 });
  writer.addBanks(
    'term_bank',
    (function* () {
      for (let row = 0; row < 400_000; row++) yield [`${word}${row}`, 'ご', '', '', 0, [`word ${row}`], row + 1, ''];
    })(),
  );
  return writer.close();
}

/**
 * Markup the schemas allow but a careless renderer would run: HTML as text, markup in a title,
 * a `data-` key named like a handler, quotes in a link, an SVG image with a script, and a
 * styles.css that tries to fix every element in place and paint the page red.
 */
const oddTitle = 'Odd but allowed (handmade)';
const oddWord = '奇妙';
const odd = () =>
  writeZip(path.join(dir, 'odd-markup.zip'), {
    'index.json': { title: oddTitle, revision: '1', format: 3 },
    'term_bank_1.json': [
      [
        oddWord,
        'きみょう',
        '',
        '',
        0,
        [
          {
            type: 'structured-content',
            content: {
              tag: 'div',
              data: { onclick: 'alert(1)', content: 'odd' },
              title: '<img src=x onerror=alert(1)>',
              content: [
                '<script>alert(1)</script><img src=x onerror=alert(1)>',
                { tag: 'a', href: '?query=<script>alert(1)</script>', content: 'query' },
                { tag: 'a', href: 'https://example.org/" onclick="alert(1)', content: 'quoted' },
                { tag: 'img', path: 'odd.svg', width: 1, height: 1, title: '" onload="alert(1)' },
              ],
            },
          },
        ],
        1,
        '',
      ],
    ],
    'odd.svg': '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
    'styles.css': '* { position: fixed !important; } :root, html, body { --mantine-color-body: rgb(255, 0, 0); background-color: rgb(255, 0, 0); } @import url(https://evil.example/x.css); .x { background: url(javascript:alert(1)) } </style><script>alert(1)</script>',
  });

/** Words of the catalogue the interface words the server's error codes with. */
const errorWords = (language: 'en' | 'zh') => JSON.parse(fs.readFileSync(`src/web/lib/http/locales/${language}.json`, 'utf8')) as Record<string, string>;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A bad input's message as the catalogue words its code: the file inside the zip and the row named, other params whatever they are. */
function wording(input: BadInput, words: Record<string, string>): RegExp {
  const template = words[input.code];
  expect(template, input.code).toBeDefined();
  const pattern = template.split(/(\{\w+\})/).map((part) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    if (!name) return escape(part);
    if (name === 'file') return escape(input.file!);
    if (name === 'row') return String(input.row);
    return '.+';
  });
  return new RegExp(pattern.join(''));
}

async function openSettings(page: Page, base = '') {
  await page.goto(`${base}/settings#dictionaries`);
  const section = page.getByRole('region', { name: 'Dictionaries' });
  await expect(section).toBeVisible();
  return section;
}

async function lookUp(page: Page, word: string) {
  await page.goto('/translate');
  await page.getByRole('textbox', { name: 'source text' }).fill(word);
  await page.getByRole('button', { name: 'dictionary' }).click();
  return page.getByRole('dialog', { name: 'Dictionary' });
}

const headingsOf = (page: Page, word: string) => page.getByRole('dialog', { name: 'Dictionary' }).getByRole('article', { name: word }).getByRole('heading', { level: 4 });

interface ImportRecord {
  id: string;
  fileName?: string;
  title?: string;
  state: string;
  code?: string;
}
const importsOf = async (page: Page) => ((await (await page.request.get('/api/dict/imports')).json()) as { imports: ImportRecord[] }).imports;
const installed = async (page: Page) => ((await (await page.request.get('/api/dict/dictionaries')).json()) as { dictionaries: Array<{ title: string }> }).dictionaries.map((dictionary) => dictionary.title);

/** Nothing in `card` runs or escapes it: no script or frame, no handler attribute, no `javascript:` URL, nothing fixed in place. */
async function expectInert(card: Locator) {
  const found = await card.evaluate((root) => {
    const elements = [root, ...root.querySelectorAll('*')];
    return {
      scripts: root.querySelectorAll('script, iframe, frame, object, embed').length,
      handlers: elements.flatMap((element) => [...element.attributes].filter((attribute) => /^on/i.test(attribute.name)).map((attribute) => `${element.tagName} ${attribute.name}`)),
      scriptUrls: elements.flatMap((element) => ['href', 'src', 'action', 'formaction'].map((name) => element.getAttribute(name) ?? '')).filter((url) => /^\s*(javascript|data|vbscript):/i.test(url)),
      fixed: elements.filter((element) => getComputedStyle(element).position === 'fixed' || /position\s*:\s*fixed/i.test(element.getAttribute('style') ?? '')).map((element) => element.tagName),
    };
  });
  expect(found).toEqual({ scripts: 0, handlers: [], scriptUrls: [], fixed: [] });
}

test.describe.configure({ mode: 'serial' });

test('imports through Settings with its progress seen, then the lookup shows one grouped card with pitch and frequency', async ({ page, request }) => {
  test.setTimeout(180_000);
  const built = dictionaries();
  const section = await openSettings(page);
  await expect(section.getByText(/not part of Save/)).toBeVisible();
  await expect(section.getByRole('button', { name: 'import dictionary' })).toBeVisible();

  const order = ['jitendex', 'kanjidic', 'pitch', 'frequency', 'chinese', 'everyForm', 'formatOne', 'formatTwo'] as const;
  await section.getByLabel('dictionary files').setInputFiles([large('Large test', '語'), ...order.map((name) => built[name]), odd()]);
  // The large one runs first: its progress (step, file, rows, percent) is on screen while it runs.
  const progress = section.getByRole('progressbar', { name: 'importing Large test' });
  await expect(progress).toBeVisible({ timeout: 30_000 });
  await expect(section.getByRole('group', { name: 'importing Large test' })).toContainText(/terms, \d+% · term_bank_\d+\.json/);

  const list = section.getByRole('list', { name: 'dictionaries' });
  for (const title of ['Large test', ...order.map((name) => titles[name]), oddTitle]) {
    await expect(list.getByRole('listitem', { name: title })).toBeVisible({ timeout: 90_000 });
  }
  await expect(section.getByRole('progressbar')).toHaveCount(0);
  await expect(list.getByRole('listitem')).toHaveCount(order.length + 2);
  const jitendexRow = list.getByRole('listitem', { name: titles.jitendex });
  await expect(jitendexRow).toContainText(/\d+ terms · 0 kanji/);
  await expect(jitendexRow).toContainText('from EDICT');
  await expect(jitendexRow).toContainText('ja → en');
  await expect(list.getByRole('listitem', { name: titles.kanjidic })).toContainText(/0 terms · \d+ kanji/);
  await expect(list.getByRole('listitem', { name: titles.chinese })).toContainText('ja → zh');

  // The frequency dictionary that sorts results.
  await section.getByRole('combobox', { name: 'frequency dictionary' }).click();
  await page.getByRole('option', { name: titles.frequency }).click();
  await expect.poll(async () => ((await (await request.get('/api/dict/dictionaries')).json()) as { frequencyDictionary: string | null }).frequencyDictionary).not.toBeNull();

  const dialog = await lookUp(page, '食べる');
  const card = dialog.getByRole('article', { name: '食べる' });
  await expect(card).toBeVisible();
  await expect(headingsOf(page, '食べる')).toHaveText([titles.jitendex, titles.chinese]);
  // EDICT's senses as Jitendex lays them out: a list of senses, their tags as spans, the glosses a nested list.
  const jitendex = card.getByRole('region', { name: titles.jitendex });
  await expect(jitendex.locator('ol li ul li').first()).toHaveText('to eat');
  await expect(jitendex.locator('span[title="Ichidan verb"]').first()).toHaveText('v1');
  await expect(card.getByRole('region', { name: titles.chinese })).toContainText('吃');
  // Frequency: the word's row for its reading, its row whatever the reading, and the kana spelling's row (JPDB's ㋕).
  const frequencies = card.getByRole('group', { name: 'frequency' });
  await expect(frequencies.getByText(new RegExp(`^${escape(titles.frequency)}: \\d+$`))).toBeVisible();
  await expect(frequencies.getByText(new RegExp(`^${escape(titles.frequency)}: \\d+㋕$`))).toBeVisible();
  const accent = card.getByRole('group', { name: 'pitch accent' });
  await expect(accent).toContainText('[2]');
  await expect(accent.locator('[data-pitch="high"][data-downstep]')).toHaveText('べ');

  // An example sentence from the manual pages, its word in ruby.
  const rows = JSON.parse(strFromU8(unzipSync(fs.readFileSync(built.jitendex))['term_bank_1.json'])) as Array<[string, string, ...unknown[]]>;
  // One with a single reading, so that its card is the only one of that name.
  const [word, reading] = rows.find((row) => JSON.stringify(row[5]).includes('example-sentence-a') && rows.filter((other) => other[0] === row[0]).length === 1)!;
  const withExample = (await lookUp(page, word)).getByRole('article', { name: word }).getByRole('region', { name: titles.jitendex });
  await expect(withExample.locator('[data-sc-content="example-sentence-a"] ruby rt').first()).toHaveText(reading);

  // The large one has served: the rest of the tests (and the screenshots) see the real-data dictionaries.
  const listed = ((await (await request.get('/api/dict/dictionaries')).json()) as { dictionaries: Array<{ id: string; title: string }> }).dictionaries;
  expect((await request.delete(`/api/dict/dictionaries/${encodeURIComponent(listed.find((dictionary) => dictionary.title === 'Large test')!.id)}`)).status()).toBe(204);
});

test('structured content of every form and odd markup is drawn as elements, inert; links look words up or open a new tab', async ({ page }) => {
  test.setTimeout(60_000);
  const dialog = await lookUp(page, '読む');
  const card = dialog.getByRole('article', { name: '読む' });
  const everyForm = card.getByRole('region', { name: titles.everyForm });
  await expect(everyForm).toBeVisible();
  await expect(everyForm.locator('table thead th')).toHaveText(['form', 'reading']);
  await expect(everyForm.locator('ruby rt').first()).toHaveText('よ');
  await expect(everyForm.locator('details summary')).toHaveText('Examples');
  await expect(everyForm.locator('img[alt="a checkerboard"]')).toBeVisible();
  const external = everyForm.getByRole('link', { name: 'EDICT' });
  await expect(external).toHaveAttribute('target', '_blank');
  await expect(external).toHaveAttribute('rel', /noopener/);
  await expectInert(card);

  const oddCard = (await lookUp(page, oddWord)).getByRole('article', { name: oddWord });
  const region = oddCard.getByRole('region', { name: oddTitle });
  // HTML in a dictionary's text is text.
  await expect(region).toContainText('<script>alert(1)</script><img src=x onerror=alert(1)>');
  await expectInert(oddCard);
  // Its styles.css reaches its own entries only: the page keeps its colours, nothing else is fixed in place.
  await expect(region.getByRole('link', { name: 'query' })).toBeVisible();
  expect(await page.evaluate(() => [document.documentElement, document.body].map((element) => getComputedStyle(element).backgroundColor))).not.toContain('rgb(255, 0, 0)');
  expect(await page.evaluate(() => [...document.querySelectorAll('main *')].filter((element) => getComputedStyle(element).position === 'fixed').length)).toBe(0);
  // A ?query= link looks its word up in the modal.
  await oddCard.getByRole('link', { name: 'query' }).click();
  await expect(dialog.getByRole('textbox', { name: 'search the dictionary' })).toHaveValue('<script>alert(1)</script>');
});

test('screenshots of Settings → Dictionaries, a grouped card with pitch and frequency and a kanji card, zh dark and en light, 1280 and 390 px', async ({ page }) => {
  test.setTimeout(120_000);
  fs.mkdirSync('docs/screenshots/dictionaries', { recursive: true });
  for (const [language, theme] of [
    ['zh', 'dark'],
    ['en', 'light'],
  ] as const) {
    for (const width of [1280, 390]) {
      const name = `${language}-${theme}-${width}`;
      await seedStorage(page, { settings: { language, theme } });
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await page.goto('/settings#dictionaries');
      await expect(page.locator('#dictionaries').getByRole('listitem').first()).toBeVisible();
      // The section's top under the sticky action bar, as a person scrolled to it sees it.
      await page.evaluate(() => {
        const top = document.getElementById('dictionaries')!.getBoundingClientRect().top + window.scrollY;
        const covered = document.querySelector('[role="toolbar"]')!.getBoundingClientRect().bottom;
        window.scrollTo(0, top - covered - 8);
      });
      await page.screenshot({ path: `docs/screenshots/dictionaries/settings-${name}.png` });

      // The translate screen's dictionary button shows from the sm breakpoint: opened wide, then narrowed.
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/translate');
      await page.locator('textarea').first().fill('食べる');
      await page.locator('button:has(svg.tabler-icon-book-2)').first().click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('article').first()).toBeVisible();
      await page.setViewportSize({ width, height: 1400 });
      await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
      await dialog.screenshot({ path: `docs/screenshots/dictionaries/card-${name}.png` });
      await dialog.getByRole('article').first().locator('button').first().click();
      await expect(dialog.getByRole('article').first().locator('dl')).toBeVisible();
      await dialog.screenshot({ path: `docs/screenshots/dictionaries/kanji-${name}.png` });
    }
  }
});

test('a single kanji shows its KANJIDIC2 card; a kanji of a headword opens it', async ({ page }) => {
  const dialog = await lookUp(page, '食べる');
  await dialog.getByRole('article', { name: '食べる' }).getByRole('button', { name: '食' }).click();
  const card = dialog.getByRole('article', { name: 'kanji 食' });
  await expect(card).toBeVisible();
  await expect(card.getByLabel('meanings', { exact: true })).toHaveText('eat; food');
  await expect(card.getByLabel('on', { exact: true })).toHaveText('ショク、ジキ');
  await expect(card.getByLabel('kun', { exact: true })).toHaveText('く.う、く.らう、た.べる、は.む');
  await expect(card.getByLabel('strokes', { exact: true })).toHaveText('9');
  await expect(card.getByLabel('grade', { exact: true })).toHaveText('2');
  await expect(card.getByLabel('JLPT', { exact: true })).toHaveText('4');
  await expect(card.getByLabel('frequency', { exact: true })).toHaveText(`${titles.kanjidic}: #328`);
  // KANJIDIC2's stats, grouped by their tags' categories.
  const kanjidic = card.getByRole('region', { name: titles.kanjidic });
  await expect(kanjidic.locator('caption')).toHaveText(['details', 'codes', 'dictionary indices', 'classification']);
  await expect(kanjidic.getByRole('row', { name: /Unicode code point/ })).toContainText('98df');

  // Typed alone, the kanji is its card.
  const alone = (await lookUp(page, '読')).getByRole('article', { name: 'kanji 読' });
  await expect(alone.getByLabel('meanings', { exact: true })).toHaveText('read');
  await expect(alone.getByRole('heading', { level: 4 })).toHaveText([titles.kanjidic, titles.everyForm]);
});

test('reordering, disabling and deleting a dictionary change the results at once', async ({ page }) => {
  test.setTimeout(90_000);
  const section = await openSettings(page);
  const list = section.getByRole('list', { name: 'dictionaries' });

  // Keyboard: the Chinese dictionary moves above the Jitendex-like one.
  const handle = list.getByRole('button', { name: `move ${titles.chinese}` });
  await expect(handle).toBeEnabled();
  await handle.focus();
  const announced = page.locator('[id^="DndLiveRegion"]').filter({ hasText: titles.chinese });
  await page.keyboard.press('Space');
  await expect(announced).toHaveText(new RegExp(`^(Picked up ${escape(titles.chinese)}|${escape(titles.chinese)} is over position 5)`));
  // Jitendex-like, KANJIDIC2, pitch, frequency, Chinese, …: the first place is four up.
  await pressUntilAnnounced(page, 'ArrowUp', announced, new RegExp(`^${escape(titles.chinese)} is over position 1`));
  await page.keyboard.press('Space');
  await expect(list.getByRole('listitem').first()).toHaveAccessibleName(titles.chinese);
  await lookUp(page, '食べる');
  await expect(headingsOf(page, '食べる')).toHaveText([titles.chinese, titles.jitendex]);

  // Disabled: its definitions leave the card.
  await openSettings(page);
  await list.getByRole('listitem', { name: titles.chinese }).getByRole('checkbox', { name: 'enabled' }).uncheck();
  await lookUp(page, '食べる');
  await expect(headingsOf(page, '食べる')).toHaveText([titles.jitendex]);

  // Deleted (after confirming): the pitch accent is gone from the card.
  await openSettings(page);
  page.once('dialog', (dialog) => void dialog.accept());
  await list.getByRole('listitem', { name: titles.pitch }).getByRole('button', { name: 'delete' }).click();
  await expect(list.getByRole('listitem', { name: titles.pitch })).toHaveCount(0);
  const dialog = await lookUp(page, '食べる');
  await expect(dialog.getByRole('article', { name: '食べる' })).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'pitch accent' })).toHaveCount(0);
});

test('an import cancelled while it runs leaves nothing behind', async ({ page, request }) => {
  test.setTimeout(90_000);
  const section = await openSettings(page);
  const before = await installed(page);
  await section.getByLabel('dictionary files').setInputFiles(large('Cancelled test', '消'));
  const row = section.getByRole('group', { name: /^importing / });
  await expect(row.getByRole('progressbar')).toBeVisible({ timeout: 30_000 });
  await row.getByRole('button', { name: 'cancel' }).click();
  await expect(section.getByRole('progressbar')).toHaveCount(0);
  await expect(section.getByRole('list', { name: 'dictionaries' }).getByRole('listitem', { name: 'Cancelled test' })).toHaveCount(0);
  expect(await installed(page)).toEqual(before);
  const lookup = await (await request.get(`/api/dict/lookup?q=${encodeURIComponent('消1')}`)).json();
  expect(lookup.results).toEqual([]);
});

test('a file chosen offline (no service worker) is listed as not sent, the section stays, and sending works once online', async ({ page, context }) => {
  test.setTimeout(90_000);
  const section = await openSettings(page);
  const before = await installed(page);
  // Sending's code comes with the first file (the section paints without it), and the list's with it.
  await context.setOffline(true);
  await section.getByLabel('dictionary files').setInputFiles(large('Offline test', '離'));
  const refused = section.getByRole('alert').filter({ hasText: 'Not imported' });
  await expect(refused).toContainText(/離-\d+\.zip/);
  await expect(refused).toContainText('not sent: the page could not reach the server');
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await context.setOffline(false);
  await refused.getByRole('button', { name: 'dismiss' }).click();
  // The list, which could not load offline either, comes with the network.
  await expect(section.getByRole('list', { name: 'dictionaries' }).or(section.getByRole('status').filter({ hasText: 'No dictionaries are installed yet.' }))).toBeVisible();
  await section.getByLabel('dictionary files').setInputFiles(large('Offline test', '離'));
  const row = section.getByRole('group', { name: /^importing / });
  await expect(row.getByRole('progressbar')).toBeVisible({ timeout: 30_000 });
  await row.getByRole('button', { name: 'cancel' }).click();
  await expect(section.getByRole('progressbar')).toHaveCount(0);
  expect(await installed(page)).toEqual(before);
});

test('every bad input is refused through Settings with its message naming the file and row; nothing of it is kept', async ({ page }) => {
  test.setTimeout(180_000);
  const inputs: BadInput[] = [
    ...buildBadInputs(path.join(dir, 'bad'), { withBombs: true }),
    // A title already installed: the Jitendex-like dictionary again, under another file name.
    { what: 'a title already installed', path: path.join(dir, 'again.zip'), code: 'dict-title-taken' },
  ];
  fs.copyFileSync(dictionaries().jitendex, path.join(dir, 'again.zip'));
  const before = await installed(page);
  const section = await openSettings(page);
  const words = errorWords('en');
  // The section shows the last five failures: five at a time.
  for (let start = 0; start < inputs.length; start += 5) {
    const batch = inputs.slice(start, start + 5);
    await section.getByLabel('dictionary files').setInputFiles(batch.map((input) => input.path));
    for (const input of batch) {
      const fileName = path.basename(input.path);
      let record: ImportRecord | undefined;
      await expect
        .poll(async () => {
          record = (await importsOf(page)).find((item) => item.fileName === fileName);
          return [record?.state, record?.code];
        }, { message: input.what, timeout: 60_000 })
        .toEqual(['failed', input.code]);
      const alert = section.getByRole('status').filter({ hasText: `The import of ${record!.title ?? fileName} failed` });
      await expect(alert, input.what).toContainText(wording(input, words));
    }
  }
  expect(await installed(page)).toEqual(before);

  // In Chinese, the same failure in Chinese words.
  const last = inputs.at(-1)!;
  await seedStorage(page, { settings: { language: 'zh' } });
  await page.reload();
  await expect(page.locator('#dictionaries').getByRole('status').filter({ hasText: wording(last, errorWords('zh')) })).toBeVisible();
});

test('an import cut by SIGKILL is listed as interrupted after the restart, and nothing of it is kept', async ({ page }) => {
  test.setTimeout(120_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-dict-kill-'));
  let app: RunningApp | undefined = await startApp({ DATA_DIR: dataDir });
  try {
    const section = await openSettings(page, app.url);
    await section.getByLabel('dictionary files').setInputFiles(large('Killed test', '殺'));
    await expect(section.getByRole('group', { name: 'importing Killed test' })).toContainText(/[1-9][\d,]* rows/, { timeout: 30_000 });
    const exited = new Promise((resolve) => app!.process.once('exit', resolve));
    app.process.kill('SIGKILL');
    await exited;

    app = await startApp({ DATA_DIR: dataDir });
    const after = await openSettings(page, app.url);
    const alert = after.getByRole('status').filter({ hasText: 'The import of Killed test was interrupted' });
    await expect(alert).toContainText(errorWords('en')['dict-interrupted']);
    await expect(after.getByRole('list', { name: 'dictionaries' }).getByRole('listitem')).toHaveCount(0);
    await expect(after.getByRole('progressbar')).toHaveCount(0);
  } finally {
    await app?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { expect, test } from './fixtures';
import { pressUntilAnnounced } from './sortable';
import { seedStorage } from './storage';

/**
 * The learner's own dictionaries, end to end: imported through Settings → Dictionaries (progress
 * seen), looked up in the dictionary modal (one card per word, each dictionary's definitions
 * under its title, pitch and frequency), reordered, disabled and deleted with the results
 * following at once, a kanji card, and a cancelled import leaving nothing behind.
 *
 * The dictionaries are small handmade Yomitan zips (format 3) that cover what the card shows; the
 * large one only makes an import last long enough to be watched and cancelled.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-dicts-'));
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function zip(name: string, files: Record<string, unknown>): string {
  const entries = Object.fromEntries(Object.entries(files).map(([file, value]) => [file, strToU8(typeof value === 'string' ? value : JSON.stringify(value))]));
  const target = path.join(dir, name);
  fs.writeFileSync(target, zipSync(entries));
  return target;
}

const index = (title: string, extra: Record<string, unknown> = {}) => ({ title, revision: '1', format: 3, sequenced: true, ...extra });

/** Jitendex-like: structured content with nested lists, tags, an example sentence with ruby, a ?query= link. */
const jitendex = () =>
  zip('jitendex-like.zip', {
    'index.json': index('Jitendex-like', { author: 'Kotonoha tests', attribution: 'JMdict (EDRDG, CC BY-SA 4.0)', sourceLanguage: 'ja', targetLanguage: 'en' }),
    'tag_bank_1.json': [
      ['v1', 'partOfSpeech', -3, 'Ichidan verb', 0],
      ['★', 'popular', -10, 'high priority entry', 0],
    ],
    'term_bank_1.json': [
      [
        '食べる',
        'たべる',
        'v1',
        'v1',
        100,
        [
          {
            type: 'structured-content',
            content: [
              {
                tag: 'ol',
                data: { content: 'glossary' },
                content: [
                  {
                    tag: 'li',
                    content: [
                      'to eat',
                      { tag: 'div', data: { content: 'example-sentence' }, content: [{ tag: 'ruby', content: ['朝', { tag: 'rt', content: 'あさ' }] }, 'ご飯を食べる。'] },
                    ],
                  },
                  { tag: 'li', content: ['to live on; ', { tag: 'a', href: '?query=%E9%A3%9F%E3%81%86', content: '食う' }] },
                ],
              },
            ],
          },
        ],
        1358280,
        '★',
      ],
      ['食う', 'くう', 'v5', 'v5', 50, ['to eat (coarse)'], 1358550, ''],
    ],
  });

const chinese = () =>
  zip('ja-zh.zip', {
    'index.json': index('日汉小词典', { sourceLanguage: 'ja', targetLanguage: 'zh' }),
    'term_bank_1.json': [['食べる', 'たべる', '', 'v1', 0, ['吃；食用', { type: 'text', text: '生活，维持生计' }], 1, '']],
  });

const pitch = () =>
  zip('pitch.zip', {
    'index.json': index('Pitch test'),
    'term_meta_bank_1.json': [['食べる', 'pitch', { reading: 'たべる', pitches: [{ position: 2 }] }]],
  });

const frequency = () =>
  zip('jpdb.zip', {
    'index.json': index('JPDB test', { frequencyMode: 'rank-based' }),
    'term_meta_bank_1.json': [
      ['食べる', 'freq', { reading: 'たべる', frequency: { value: 1234, displayValue: '1234' } }],
      ['食', 'freq', 5000],
    ],
  });

const kanji = () =>
  zip('kanji.zip', {
    'index.json': index('Kanji test'),
    'tag_bank_1.json': [
      ['strokes', 'misc', 1, 'Stroke count', 0],
      ['grade', 'misc', 2, 'School grade', 0],
      ['jlpt', 'misc', 3, 'JLPT level', 0],
      ['freq', 'misc', 4, 'Frequency rank', 0],
      ['ucs', 'code', 1, 'Unicode', 0],
    ],
    'kanji_bank_1.json': [['食', 'ショク ジキ', 'く.う た.べる', 'jouyou', ['eat', 'food'], { strokes: '9', grade: '2', jlpt: '4', freq: '328', ucs: '98df' }]],
  });

/** Enough rows (400,000 terms) that its import lasts long enough to be watched and cancelled. */
function large(fileName: string, title: string, word: string): string {
  const files: Record<string, unknown> = { 'index.json': index(title) };
  for (let bank = 1; bank <= 40; bank++) {
    files[`term_bank_${bank}.json`] = Array.from({ length: 10_000 }, (_, row) => [`${word}${bank}_${row}`, 'ご', '', '', 0, [`word ${bank}.${row}`], bank * 100_000 + row, '']);
  }
  return zip(fileName, files);
}

async function openSettings(page: Page) {
  await page.goto('/settings#dictionaries');
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

test.describe.configure({ mode: 'serial' });

test('imports through Settings with its progress seen, then the lookup shows one grouped card with pitch and frequency', async ({ page, request }) => {
  test.setTimeout(120_000);
  const section = await openSettings(page);
  await expect(section.getByText(/not part of Save/)).toBeVisible();
  await expect(section.getByRole('button', { name: 'import dictionary' })).toBeVisible();

  await section.getByLabel('dictionary files').setInputFiles([large('large.zip', 'Large test', '語'), jitendex(), chinese(), pitch(), frequency(), kanji()]);
  // The large one runs first: its progress (step, file, rows, percent) is on screen while it runs.
  const progress = section.getByRole('progressbar', { name: 'importing Large test' });
  await expect(progress).toBeVisible({ timeout: 30_000 });
  await expect(section.getByRole('group', { name: 'importing Large test' })).toContainText(/term_bank_\d+\.json/);

  const list = section.getByRole('list', { name: 'dictionaries' });
  for (const title of ['Large test', 'Jitendex-like', '日汉小词典', 'Pitch test', 'JPDB test', 'Kanji test']) {
    await expect(list.getByRole('listitem', { name: title })).toBeVisible({ timeout: 60_000 });
  }
  await expect(section.getByRole('progressbar')).toHaveCount(0);
  const jitendexRow = list.getByRole('listitem', { name: 'Jitendex-like' });
  await expect(jitendexRow).toContainText('2 terms');
  await expect(jitendexRow).toContainText('Kotonoha tests');
  await expect(jitendexRow).toContainText('ja → en');

  // The frequency dictionary that sorts results.
  await section.getByRole('combobox', { name: 'frequency dictionary' }).click();
  await page.getByRole('option', { name: 'JPDB test' }).click();
  await expect.poll(async () => ((await (await request.get('/api/dict/dictionaries')).json()) as { frequencyDictionary: string | null }).frequencyDictionary).not.toBeNull();

  const dialog = await lookUp(page, '食べる');
  const card = dialog.getByRole('article', { name: '食べる' });
  await expect(card).toBeVisible();
  await expect(headingsOf(page, '食べる')).toHaveText(['Jitendex-like', '日汉小词典']);
  await expect(card.getByRole('region', { name: 'Jitendex-like' }).locator('ruby rt')).toHaveText('あさ');
  await expect(card.getByText('JPDB test: 1234')).toBeVisible();
  const accent = card.getByRole('group', { name: 'pitch accent' });
  await expect(accent).toContainText('[2]');
  await expect(accent.locator('[data-pitch="high"][data-downstep]')).toHaveText('べ');

  // A ?query= link looks its word up in the modal.
  await card.getByRole('link', { name: '食う' }).click();
  await expect(dialog.getByRole('article', { name: '食う' })).toBeVisible();
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

test('reordering, disabling and deleting a dictionary change the results at once', async ({ page }) => {
  test.setTimeout(90_000);
  const section = await openSettings(page);
  const list = section.getByRole('list', { name: 'dictionaries' });

  // Keyboard: the Chinese dictionary moves above the Jitendex-like one.
  const handle = list.getByRole('button', { name: 'move 日汉小词典' });
  await expect(handle).toBeEnabled();
  await handle.focus();
  const announced = page.locator('[id^="DndLiveRegion"]').filter({ hasText: '日汉小词典' });
  await page.keyboard.press('Space');
  await expect(announced).toHaveText(/^(Picked up 日汉小词典|日汉小词典 is over position 3)/);
  // Large test, Jitendex-like, 日汉小词典, …: one up is the second place.
  await pressUntilAnnounced(page, 'ArrowUp', announced, /^日汉小词典 is over position 2/);
  await page.keyboard.press('Space');
  await expect(list.getByRole('listitem').nth(1)).toHaveAccessibleName('日汉小词典');
  await lookUp(page, '食べる');
  await expect(headingsOf(page, '食べる')).toHaveText(['日汉小词典', 'Jitendex-like']);

  // Disabled: its definitions leave the card.
  await openSettings(page);
  await list.getByRole('listitem', { name: '日汉小词典' }).getByRole('checkbox', { name: 'enabled' }).uncheck();
  await lookUp(page, '食べる');
  await expect(headingsOf(page, '食べる')).toHaveText(['Jitendex-like']);

  // Deleted (after confirming): the pitch accent is gone from the card.
  await openSettings(page);
  page.once('dialog', (dialog) => void dialog.accept());
  await list.getByRole('listitem', { name: 'Pitch test' }).getByRole('button', { name: 'delete' }).click();
  await expect(list.getByRole('listitem', { name: 'Pitch test' })).toHaveCount(0);
  const dialog = await lookUp(page, '食べる');
  await expect(dialog.getByRole('article', { name: '食べる' })).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'pitch accent' })).toHaveCount(0);
});

test('a single kanji shows its card; a kanji of a headword opens it', async ({ page }) => {
  const dialog = await lookUp(page, '食べる');
  await dialog.getByRole('article', { name: '食べる' }).getByRole('button', { name: '食' }).click();
  const card = dialog.getByRole('article', { name: 'kanji 食' });
  await expect(card).toBeVisible();
  await expect(card.getByLabel('meanings', { exact: true })).toHaveText('eat; food');
  await expect(card.getByLabel('on', { exact: true })).toHaveText('ショク、ジキ');
  await expect(card.getByLabel('kun', { exact: true })).toHaveText('く.う、た.べる');
  await expect(card.getByLabel('strokes', { exact: true })).toHaveText('9');
  await expect(card.getByLabel('grade', { exact: true })).toHaveText('2');
  await expect(card.getByLabel('JLPT', { exact: true })).toHaveText('4');
  await expect(card.getByLabel('frequency', { exact: true })).toContainText('328');
});

test('an import cancelled while it runs leaves nothing behind', async ({ page, request }) => {
  test.setTimeout(90_000);
  const section = await openSettings(page);
  const before = ((await (await request.get('/api/dict/dictionaries')).json()) as { dictionaries: Array<{ title: string }> }).dictionaries.map((dictionary) => dictionary.title);
  const file = large('cancelled.zip', 'Cancelled test', '消');
  await section.getByLabel('dictionary files').setInputFiles(file);
  const row = section.getByRole('group', { name: /^importing / });
  await expect(row.getByRole('progressbar')).toBeVisible({ timeout: 30_000 });
  await row.getByRole('button', { name: 'cancel' }).click();
  await expect(section.getByRole('progressbar')).toHaveCount(0);
  await expect(section.getByRole('list', { name: 'dictionaries' }).getByRole('listitem', { name: 'Cancelled test' })).toHaveCount(0);
  const after = ((await (await request.get('/api/dict/dictionaries')).json()) as { dictionaries: Array<{ title: string }> }).dictionaries.map((dictionary) => dictionary.title);
  expect(after).toEqual(before);
  const lookup = await (await request.get(`/api/dict/lookup?q=${encodeURIComponent('消1_1')}`)).json();
  expect(lookup.results).toEqual([]);
});

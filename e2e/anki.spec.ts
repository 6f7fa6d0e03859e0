import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { writeSampleEdict } from '../test-support/edict-sample';
import { startFakeServer, type FakeServer } from '../test-support/fake-server';
import { startFakeAnki, type FakeAnki, type FakeNote } from '../test-support/fakes/anki';
import { createNotionFake, sampleWords, vocabularyDatabase, type FakeDatabase } from '../test-support/fakes/notion';
import { makeVideo, srt, type Line } from '../test-support/media';
import { expect, test as base } from './fixtures';
import { seedStorage } from './storage';

/** Subtitle lines with words the sample EDICT knows, and a line with the characters HTML cares about. */
const lines: readonly Line[] = [
  { start: 1, end: 3, text: '毎日日本語を勉強する。' },
  { start: 3.5, end: 5.5, text: '図書館で本を読む。' },
  { start: 6, end: 8.5, text: '明日も行く。' },
  { start: 9, end: 11, text: '高い山を見る。' },
];

const notionToken = 'ntn_anki_reader_token';
type Notion = { server: FakeServer; vocab: FakeDatabase };

const test = base.extend<object, { anki: FakeAnki; dataDir: string; notion: Notion }>({
  anki: [
    async ({}, use) => {
      const anki = await startFakeAnki();
      anki.decks.set('Japanese::Mining', 1_651_445_861_967);
      anki.models.set('Japanese (sentence)', ['Expression', 'Reading', 'Meaning', 'Sentence', 'Audio', 'Picture', 'Source']);
      await use(anki);
      await anki.stop();
    },
    { scope: 'worker' },
  ],
  dataDir: [
    async ({}, use) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-anki-e2e-'));
      makeVideo(path.join(dir, 'media', '日常会話.webm'), 12);
      fs.writeFileSync(path.join(dir, 'media', '日常会話.srt'), srt(lines));
      await use(dir);
      fs.rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  notion: [
    async ({}, use) => {
      const fake = createNotionFake();
      const vocab = vocabularyDatabase({ title: 'Vocabulary', count: 6, words: sampleWords });
      fake.state.databases.set(vocab.id, vocab);
      fake.state.tokens.set(notionToken, new Set([vocab.id]));
      const server = await startFakeServer(fake.handler);
      await use({ server, vocab });
      await server.close();
    },
    { scope: 'worker' },
  ],
  appEnv: [
    async ({ anki, dataDir, notion }, use) =>
      use({ ANKICONNECT_URL: anki.url, DATA_DIR: dataDir, KOTONOHA_EDICT_PATH: writeSampleEdict('utf-8'), UPSTREAM_NOTION: notion.server.url }),
    { scope: 'worker' },
  ],
});

test.beforeAll(async ({ workerApp }) => {
  // The dictionary imports at start-up; the library scans the media folder.
  await expect.poll(async () => ((await (await fetch(`${workerApp.url}/api/dict/status`)).json()) as { state: string }).state, { timeout: 30_000 }).toBe('ready');
  await fetch(`${workerApp.url}/api/media`);
  const response = await fetch(`${workerApp.url}/shonagon_api/documents`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'ノート<1> & 2', text: '手紙を書く。A<B & 字を書く。', media: 'メモ' }),
  });
  expect(response.ok).toBe(true);
});

test.beforeEach(async ({ anki }) => {
  await anki.start();
  // AnkiConnect 23.10.29.0 (GitHub's last), which lacks canAddNotesWithErrorDetail; one test turns it on.
  anki.options.errorDetail = false;
});

const noteWith = (anki: FakeAnki, front: string) => anki.notes.filter((note) => note.fields.Front.replace(/<[^>]*>/g, '') === front);
const notionSettings = (notion: Notion) => ({
  notion: {
    updateToken: notionToken,
    updateReviewTimeInterval: 5,
    openLinkInApp: true,
    dynamicConfigs: [{ id: '1700000000000', configId: 'Database', name: 'Vocabulary', value: { token: notionToken, databaseId: notion.vocab.id, updateReviewTime: false, paginate: false, sql: '' } }],
  },
});

/** Plays the line a search for `word` found and holds it still, so it can be selected. */
async function playLine(page: Page, word: string) {
  await page.goto('/av-search');
  await page.getByRole('textbox', { name: 'query' }).fill(word);
  await page.getByRole('button', { name: 'search', exact: true }).click();
  await page.getByRole('button', { name: new RegExp(`^play 日常会話\\.webm at .*${word}`) }).click();
  const player = page.getByRole('region', { name: 'player: 日常会話.webm' });
  const start = lines.find((line) => line.text.includes(word))!.start;
  // Paused once it plays from the line (the player seeks there when the file's metadata arrives);
  // the player's code comes with the first results, so its video may not be there yet.
  await expect.poll(() => page.evaluate((from) => (document.querySelector('video')?.currentTime ?? -1) >= from, start)).toBe(true);
  await page.evaluate(() => document.querySelector('video')!.pause());
  await expect(player.getByLabel('subtitle')).toContainText(word);
  return player;
}

/** Selects `word` inside the player's subtitle line, as a learner's drag would. */
async function selectInLine(page: Page, word: string) {
  await page.evaluate((text) => {
    const line = document.querySelector('[aria-label="subtitle"]')!;
    const node = line.firstChild!;
    const at = node.textContent!.indexOf(text);
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + text.length);
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(range);
  }, word);
  const menu = page.getByRole('toolbar', { name: 'selection menu' });
  await expect(menu).toBeVisible();
  return menu;
}

const settingsBase = { avsearch: { requestMode: 'EventStream', source: 'local', proxyAllImgs: false, remoteBase: '' } };

test('a dictionary entry: word, reading, meanings and the sentence it was selected from, the word in bold', async ({ page, anki }) => {
  await seedStorage(page, { settings: settingsBase });
  await playLine(page, '勉強');
  const menu = await selectInLine(page, '勉強');
  await menu.getByRole('button', { name: 'ellipsis' }).click();
  await menu.getByRole('menuitem', { name: 'dictionary' }).click();
  const dialog = page.getByRole('dialog');
  const add = dialog.getByRole('button', { name: 'add to Anki: 勉強' });
  await add.click();
  await expect(dialog.getByRole('button', { name: /in Anki: 勉強/ })).toBeVisible();
  const [note] = noteWith(anki, '勉強');
  expect(note).toMatchObject({ deckName: 'Default', modelName: 'Basic', tags: ['kotonoha'] });
  expect(note.fields.Back).toBe('べんきょう<br>study; diligence<br>毎日日本語を<b>勉強</b>する。');
});

test('the selection menu: the selected word with its sentence and the dictionary’s reading and meaning', async ({ page, anki }) => {
  await seedStorage(page, { settings: settingsBase });
  await playLine(page, '高い');
  const menu = await selectInLine(page, '見る');
  await menu.getByRole('button', { name: 'ellipsis' }).click();
  await menu.getByRole('menuitem', { name: 'add to Anki: 見る' }).click();
  await expect(menu.getByRole('menuitem', { name: /in Anki: 見る/ })).toBeVisible();
  const [note] = noteWith(anki, '見る');
  expect(note.fields.Back).toMatch(/^みる<br>to see, to look<br>高い山を<b>見る<\/b>。<br>/);
});

test('a Shonagon row: the whole sentence escaped with the key in bold, the document as source', async ({ page, anki }) => {
  await page.goto(`/shonagon/single?query_string=${encodeURIComponent('書く')}`);
  // The second 書く, the one after A<B & 字を.
  const row = page.getByRole('table', { name: 'results' }).getByRole('row').filter({ hasText: 'A<B' }).nth(1);
  await row.getByRole('button', { name: 'sentence actions' }).click();
  await page.getByRole('menuitem', { name: 'add to Anki: 書く' }).click();
  await expect(page.getByRole('menuitem', { name: /in Anki: 書く/ })).toBeVisible();
  const [note] = noteWith(anki, '書く');
  expect(note.fields.Back).toMatch(/^かく<br>to write, to compose; to draw, to paint<br>(手紙を書く。)?A&lt;B &amp; 字を<b>書く<\/b>。<br>ノート&lt;1&gt; &amp; 2$/);
});

test('a video line: an MP3 of exactly that line and a JPEG of that moment, stored with the note', async ({ page, anki, app }) => {
  await seedStorage(page, { settings: settingsBase });
  const player = await playLine(page, '図書館');
  await player.getByRole('button', { name: 'add to Anki: 図書館' }).click();
  await expect(player.getByRole('button', { name: /in Anki: 図書館/ })).toBeVisible();
  const [note] = noteWith(anki, '図書館');
  const sound = /\[sound:([^\]]+)\]/.exec(note.fields.Back)![1];
  const picture = /<img src="([^"]+)">/.exec(note.fields.Back)![1];
  expect(note.fields.Back).toMatch(/^<b>図書館<\/b>で本を読む。<br>日常会話\.webm 0:03<br>\[sound:kotonoha_[0-9a-f]{16}_3\.50-5\.50\.mp3\]<br><img src="kotonoha_[0-9a-f]{16}_4\.jpg">$/);
  const audio = anki.media.get(sound)!;
  const file = path.join(os.tmpdir(), `anki-e2e-${process.pid}.mp3`);
  fs.writeFileSync(file, audio);
  const probed = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]).toString()) as { format: { duration: string }; streams: Array<{ codec_name: string }> };
  fs.rmSync(file);
  expect(probed.streams[0].codec_name).toBe('mp3');
  expect(Math.abs(Number(probed.format.duration) - 2)).toBeLessThan(0.3);
  const jpeg = anki.media.get(picture)!;
  expect(jpeg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  const id = /kotonoha_([0-9a-f]{16})_/.exec(picture)![1];
  const frame = Buffer.from(await (await fetch(`${app.url}/api/media/${id}/thumb?t=4`)).arrayBuffer());
  expect(jpeg.equals(frame)).toBe(true);
});

test('a MyNotion row: its mapped properties (a later AnkiConnect, with canAddNotesWithErrorDetail)', async ({ page, anki, notion }) => {
  anki.options.errorDetail = true;
  anki.requests.length = 0;
  await seedStorage(page, { settings: notionSettings(notion) });
  await page.goto(`/notion/page?db=1700000000000&id=${notion.vocab.pages[3].id}`);
  await page.getByRole('button', { name: 'add to Anki: 高い' }).click();
  await expect(page.getByRole('button', { name: /in Anki: 高い/ })).toBeVisible();
  expect(noteWith(anki, '高い')[0].fields.Back).toBe('たかい<br>high; tall; expensive<br>この本はとても<b>高い</b>。<br>Vocabulary');
  // Asked in one round trip with the deck and field lists; the detailed answer is the one read.
  const asked = anki.requests.flatMap((request) => ((request as { params?: { actions?: Array<{ action: string }> } }).params?.actions ?? []).map((child) => child.action));
  expect(asked).toContain('canAddNotesWithErrorDetail');
});

test('a duplicate (first field within the deck) shows "in Anki", which opens the note in Anki’s browser', async ({ page, anki, notion }) => {
  if (noteWith(anki, '勉強').length === 0) {
    anki.notes.push({ noteId: 1_700_000_000_001, modelName: 'Basic', deckName: 'Default', fields: { Front: '<b>勉強</b>', Back: '' }, tags: [], cards: [1_700_000_000_002] } satisfies FakeNote);
  }
  const before = anki.notes.length;
  await seedStorage(page, { settings: notionSettings(notion) });
  await page.goto(`/notion/page?db=1700000000000&id=${notion.vocab.pages[0].id}`);
  const inAnki = page.getByRole('button', { name: /in Anki: 勉強/ });
  await expect(inAnki).toBeVisible();
  anki.guiCalls.length = 0;
  await inAnki.click();
  await expect.poll(() => anki.guiCalls.map((call) => call.action)).toEqual(['guiBrowse']);
  expect(anki.guiCalls[0].params.query).toBe(`nid:${noteWith(anki, '勉強')[0].noteId}`);
  expect(anki.notes.length).toBe(before);
});

test('Anki closed: the note waits in the queue, survives a reload, and is added once when Anki answers', async ({ page, anki, notion }) => {
  await anki.stop();
  await seedStorage(page, { settings: notionSettings(notion), on: 'first-load' });
  await page.goto(`/notion/page?db=1700000000000&id=${notion.vocab.pages[1].id}`);
  await page.getByRole('button', { name: 'add to Anki: 食べる' }).click();
  const queued = page.getByRole('button', { name: 'queued for Anki: 食べる (added once Anki is open)' });
  await expect(queued).toBeVisible();
  await expect(queued).toHaveText('queued for Anki');
  await page.reload();
  await expect(queued).toBeVisible();
  anki.requests.length = 0;
  await anki.start();
  await expect(page.getByRole('button', { name: /in Anki: 食べる/ })).toBeVisible({ timeout: 15_000 });
  // A second tab and another reload send nothing more.
  const other = await page.context().newPage();
  await other.goto(`/notion/page?db=1700000000000&id=${notion.vocab.pages[1].id}`);
  await expect(other.getByRole('button', { name: /in Anki: 食べる/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: /in Anki: 食べる/ })).toBeVisible();
  expect(noteWith(anki, '食べる')).toHaveLength(1);
  expect(anki.requests.filter((request) => (request as { action?: string }).action === 'addNote')).toHaveLength(1);
  expect(noteWith(anki, '食べる')[0].fields.Back).toBe('たべる<br>to eat<br>朝ご飯を<b>食べる</b>時間がない。<br>Vocabulary');
});

test('what needs fixing is said: a deck that is gone, a mapping naming a missing field', async ({ page, notion }) => {
  await seedStorage(page, { settings: { ...notionSettings(notion), anki: { deck: 'Gone', model: 'Basic' } } });
  await page.goto(`/notion/page?db=1700000000000&id=${notion.vocab.pages[4].id}`);
  await expect(page.getByRole('alert').filter({ hasText: 'Anki has no deck “Gone”: choose a deck in Settings → Anki.' })).toBeVisible();
  await seedStorage(page, { settings: { ...notionSettings(notion), anki: { deck: 'Default', model: 'Basic', fields: { word: 'Front', meaning: 'Meaning' } } } });
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'The note type “Basic” has no field “Meaning”' })).toBeVisible();
});

test('a wrong API key is said at the control and by test connection', async ({ page, anki, notion }) => {
  anki.options.apiKey = 'the-right-key';
  try {
    await seedStorage(page, { settings: { ...notionSettings(notion), anki: { apiKey: 'a-wrong-key' } } });
    await page.goto(`/notion/page?db=1700000000000&id=${notion.vocab.pages[4].id}`);
    const message = "AnkiConnect wants its API key: enter the one from AnkiConnect's config in Settings → Anki.";
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    await page.goto('/settings#anki');
    const section = page.getByRole('region', { name: 'Anki' });
    await section.getByRole('button', { name: 'test connection' }).click();
    await expect(section.getByRole('status')).toHaveText(message);
    // Switched to Japanese, the report says the same in Japanese (never a key name, nor the old words).
    await page.getByRole('navigation', { name: 'sidebar' }).getByRole('combobox', { name: 'language', exact: true }).selectOption('ja');
    await expect(page.getByRole('region', { name: 'Anki' }).getByRole('status')).toHaveText('AnkiConnect が API キーを求めています：設定 → Anki に AnkiConnect の設定にあるキーを入力してください。');
  } finally {
    anki.options.apiKey = undefined;
  }
});

test('an action a card maker does not need is refused with 403 JSON', async ({ request, anki }) => {
  const before = anki.requests.length;
  for (const body of [
    { action: 'deleteDecks', version: 6, params: { decks: ['Default'], cardsToo: true } },
    { action: 'multi', version: 6, params: { actions: [{ action: 'version' }, { action: 'deleteNotes', params: { notes: [1] } }] } },
  ]) {
    const response = await request.post('/api/anki', { data: body });
    expect(response.status()).toBe(403);
    expect(((await response.json()) as { error: string }).error).toContain('is not relayed by Kotonoha');
  }
  expect(anki.requests.length).toBe(before);
  expect(anki.decks.has('Default')).toBe(true);
});

test('Settings → Anki: lists from AnkiConnect, test connection, saved with the rest', async ({ page }) => {
  await seedStorage(page, { on: 'first-load' });
  await page.goto('/settings#anki');
  const section = page.getByRole('region', { name: 'Anki' });
  await section.getByRole('combobox', { name: 'deck' }).click();
  await page.getByRole('option', { name: 'Japanese::Mining' }).click();
  await section.getByRole('combobox', { name: 'note type' }).click();
  await page.getByRole('option', { name: 'Japanese (sentence)' }).click();
  const fields = section.getByRole('group', { name: 'fields' });
  for (const [part, field] of [
    ['word', 'Expression'],
    ['reading', 'Reading'],
    ['meaning', 'Meaning'],
    // The learner's dictionaries' definitions, one field with the meaning.
    ['glossary', 'Meaning'],
    ['sentence', 'Sentence'],
    ['audio', 'Audio'],
    ['picture', 'Picture'],
    ['source', 'Source'],
  ] as const) {
    await fields.getByRole('combobox', { name: part, exact: true }).click();
    await page.getByRole('option', { name: field, exact: true }).click();
  }
  await section.getByRole('textbox', { name: 'tags' }).fill('kotonoha mined');
  await section.getByRole('button', { name: 'test connection' }).click();
  await expect(section.getByRole('status')).toHaveText('AnkiConnect answers (version 6) and lets this Kotonoha in.');
  await page.getByRole('button', { name: 'save settings' }).click();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('kotonoha.settings')!) as { anki: unknown });
  expect(stored.anki).toEqual({
    deck: 'Japanese::Mining',
    model: 'Japanese (sentence)',
    fields: { word: 'Expression', reading: 'Reading', meaning: 'Meaning', pitch: '', frequency: '', glossary: 'Meaning', sentence: 'Sentence', translation: '', audio: 'Audio', picture: 'Picture', source: 'Source' },
    tags: 'kotonoha mined',
    apiKey: '',
  });
});

test('screenshots of Settings → Anki and the player’s add to Anki at 1280 and 390 px, zh dark and en light', async ({ page }) => {
  test.setTimeout(90_000);
  fs.mkdirSync('docs/screenshots/anki', { recursive: true });
  for (const [language, theme] of [
    ['zh', 'dark'],
    ['en', 'light'],
  ] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
      await seedStorage(page, { settings: { ...settingsBase, language, theme } });
      await page.goto('/settings');
      const section = page.locator('#anki');
      await expect(section.getByRole('combobox').first()).toHaveValue('Default');
      await section.getByRole('button').last().click();
      await expect(section.getByRole('status')).toBeVisible();
      await expect(section.getByRole('button').last()).not.toHaveAttribute('data-loading');
      // The loader's fade and the status's entrance are over before the picture is taken.
      await page.evaluate(() => Promise.all(document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity).map((animation) => animation.finished.catch(() => undefined))));
      // The section's top under the sticky header and action bar, as a person scrolled to it sees it.
      await page.evaluate(() => {
        const top = document.getElementById('anki')!.getBoundingClientRect().top + window.scrollY;
        const covered = document.querySelector('[role="toolbar"]')!.getBoundingClientRect().bottom;
        window.scrollTo(0, top - covered - 8);
      });
      await page.screenshot({ path: `docs/screenshots/anki/settings-${language}-${theme}-${width}.png` });
      await page.goto('/av-search');
      await page.getByRole('search').getByRole('textbox').fill('図書館');
      await page.keyboard.press('Enter');
      await page.getByRole('list').locator('button[aria-label*="日常会話"]').first().click();
      const player = page.locator('[role="region"]').filter({ has: page.locator('video') });
      await expect(player.locator('[data-anki-state="ready"], [data-anki-state="exists"]')).toBeVisible();
      await page.evaluate(() => document.querySelector('video')!.pause());
      await player.screenshot({ path: `docs/screenshots/anki/player-${language}-${theme}-${width}.png` });
    }
  }
});

import type { Page } from '@playwright/test';
import { startFakeServer, type FakeServer } from '../test-support/fake-server';
import {
  siliconflowAudioHandler,
  siliconflowAudioState,
  speechServiceHandler,
  speechServiceState,
  ttsmp3Handler,
  ttsmp3State,
  type SiliconflowAudioState,
  type SpeechServiceState,
  type Ttsmp3State,
} from '../test-support/fakes/speech';
import { expect, test as base } from './fixtures';
import { seedStorage } from './storage';

const tts: Ttsmp3State = ttsmp3State();
const service: SpeechServiceState = speechServiceState();
let siliconflow: SiliconflowAudioState = siliconflowAudioState();

interface Fakes {
  ttsmp3: FakeServer;
  service: FakeServer;
  siliconflow: FakeServer;
}

const test = base.extend<object, { fakes: Fakes }>({
  fakes: [
    async ({}, use) => {
      const fakes = {
        ttsmp3: await startFakeServer((request, response) => ttsmp3Handler(tts)(request, response)),
        service: await startFakeServer((request, response) => speechServiceHandler(service)(request, response)),
        siliconflow: await startFakeServer((request, response) => siliconflowAudioHandler(siliconflow)(request, response)),
      };
      tts.origin = fakes.ttsmp3.url;
      await use(fakes);
      await Promise.all(Object.values(fakes).map((fake) => fake.close()));
    },
    { scope: 'worker' },
  ],
  appEnv: [async ({ fakes }, use) => use({ UPSTREAM_TTSMP3: fakes.ttsmp3.url }), { scope: 'worker' }],
});

test.beforeEach(() => {
  Object.assign(tts, { reply: 'ok', brokenAudio: false, delayMs: 0, hold: undefined });
  Object.assign(service, speechServiceState());
});

/** Stores settings before the app loads (the settings store reads them at start). */
async function withSettings(page: Page, settings: Record<string, unknown>) {
  await seedStorage(page, { settings });
}

async function speechSection(page: Page) {
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Speech' });
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('combobox', { name: 'speech engine' })).toBeVisible();
  return section;
}

async function chooseEngine(page: Page, label: RegExp) {
  const section = page.getByRole('region', { name: 'Speech' });
  await section.getByRole('combobox', { name: 'speech engine' }).click();
  await page.getByRole('option', { name: label }).click();
}

test('test speech with the makemp3 relay plays and ends in STOPPED', async ({ page, fakes }) => {
  const section = await speechSection(page);
  await chooseEngine(page, /^makemp3 relay/);
  const before = fakes.ttsmp3.requests.length;
  await section.getByRole('button', { name: 'test speech' }).click();
  const status = section.getByTestId('speech-status');
  // Playing shows the engine, then the clip ends (single-utterance mode stops) and the result stays.
  await expect(status).toHaveText('played by makemp3 relay', { timeout: 15_000 });
  await expect(section.getByRole('button', { name: 'test speech' })).toBeVisible();
  const posts = fakes.ttsmp3.requests.slice(before).filter((r) => r.method === 'POST');
  expect(posts.map((r) => new URLSearchParams(r.body.toString('utf8')).get('msg'))).toEqual(['今日はいい天気ですね。', '散歩に行きましょう。']);
  expect(new URLSearchParams(posts[0].body.toString('utf8')).get('lang')).toBe('Takumi');
  const played = await page.evaluate(() => {
    const audio = [...document.querySelectorAll('audio')].find((a) => !a.controls);
    return audio ? { paused: audio.paused, currentTime: audio.currentTime } : null;
  });
  // The app's one player is not in the DOM; no stray <audio> elements were added either.
  expect(played).toBeNull();
});

test('the configured service is used first; when it fails the relay takes over', async ({ page, fakes }) => {
  const section = await speechSection(page);
  await section.getByRole('textbox', { name: 'service URL' }).fill(`${fakes.service.url}/speak`);
  await section.getByRole('textbox', { name: 'service token', exact: true }).fill('Bearer test-token');
  const status = section.getByTestId('speech-status');

  await section.getByRole('button', { name: 'test speech' }).click();
  await expect(status).toHaveText('played by speech service', { timeout: 15_000 });
  const sent = fakes.service.requests.filter((r) => r.method === 'POST')[0];
  expect(sent.headers.authorization).toBe('Bearer test-token');
  expect(JSON.parse(sent.body.toString('utf8'))).toEqual({ platform: 'web', lang: 'ja_JP', text: '今日はいい天気ですね。', gender: 'Female', rate: '100%' });

  service.reply = 'http-500';
  await expect(section.getByRole('button', { name: 'test speech' })).toBeVisible();
  await section.getByRole('button', { name: 'test speech' }).click();
  await expect(status).toHaveText('played by makemp3 relay', { timeout: 15_000 });

  // Choosing the service alone shows its own error instead of falling through.
  await chooseEngine(page, /^speech service/);
  await section.getByRole('button', { name: 'test speech' }).click();
  await expect(status).toHaveText(/^speech failed: speech service: HTTP 500/);
  await expect(page.getByRole('alert').filter({ hasText: 'speech failed' }).first()).toBeVisible();
});

test('speech settings are saved, and the external AI URL is validated', async ({ page }) => {
  const section = await speechSection(page);
  await chooseEngine(page, /^makemp3 relay/);
  const url = section.getByRole('textbox', { name: 'external AI URL' });
  await expect(url).toHaveValue('https://chatgpt.com/?q={text}');
  await url.fill('ftp://nope');
  await expect(section.getByText('must start with http:// or https://')).toBeVisible();
  await url.fill('https://gemini.google.com/app?q={text}');
  await page.getByRole('button', { name: 'save settings' }).click();
  await expect(page.getByText('设置已保存')).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('kotonoha.settings')!).speech);
  expect(stored).toMatchObject({ engine: 'makemp3', externalAiUrl: 'https://gemini.google.com/app?q={text}' });
  await page.reload();
  await expect(page.getByRole('region', { name: 'Speech' }).getByRole('textbox', { name: 'external AI URL' })).toHaveValue('https://gemini.google.com/app?q={text}');
});

test('SiliconFlow voice manager: list, upload a sample, preview, delete', async ({ page, fakes }) => {
  siliconflow = siliconflowAudioState({
    voices: [{ model: 'FunAudioLLM/CosyVoice2-0.5B', customName: 'your-voice-name', text: '在一无所知中', uri: 'speech:your-voice-name:xxx:xxx' }],
  });
  await withSettings(page, { aichat: { siliconflow_key: 'sk-test', siliconflow_base_url: `${fakes.siliconflow.url}/v1` } });
  const section = await speechSection(page);
  const voices = section.getByRole('list', { name: 'voices' });
  await expect(voices.getByRole('listitem', { name: 'your-voice-name' })).toBeVisible();

  const form = section.getByRole('form', { name: 'add a voice' });
  await form.getByRole('textbox', { name: 'voice name' }).fill('my-voice');
  await form.getByRole('textbox', { name: 'sample transcript' }).fill('今日はいい天気ですね。');
  await form.locator('input[type=file]').setInputFiles({ name: 'sample.wav', mimeType: 'audio/wav', buffer: Buffer.from('RIFF0000WAVEfmt sample') });
  await form.getByRole('button', { name: 'upload voice' }).click();
  await expect(voices.getByRole('listitem', { name: 'my-voice' })).toBeVisible();
  const upload = fakes.siliconflow.requests.find((r) => r.method === 'POST' && r.url === '/v1/uploads/audio/voice')!;
  expect(JSON.parse(upload.body.toString('utf8'))).toEqual({
    audio: `data:audio/wav;base64,${Buffer.from('RIFF0000WAVEfmt sample').toString('base64')}`,
    model: 'FunAudioLLM/CosyVoice2-0.5B',
    customName: 'my-voice',
    text: '今日はいい天気ですね。',
  });
  // The new voice is selected for speech.
  await expect(voices.getByRole('listitem', { name: 'my-voice' }).getByText('in use')).toBeVisible();

  await voices.getByRole('button', { name: 'preview your-voice-name' }).click();
  await expect(section.getByTestId('speech-status')).toHaveText('played by SiliconFlow', { timeout: 15_000 });
  expect(siliconflow.lastSpeech).toMatchObject({ model: 'FunAudioLLM/CosyVoice2-0.5B', voice: 'speech:your-voice-name:xxx:xxx' });

  await voices.getByRole('button', { name: 'delete your-voice-name' }).click();
  await expect(voices.getByRole('listitem', { name: 'your-voice-name' })).toHaveCount(0);
  await expect(page.getByText('voice your-voice-name deleted')).toBeVisible();
  expect(siliconflow.voices.map((voice) => voice.customName)).toEqual(['my-voice']);
});

test('without a SiliconFlow key the voice manager says where to set it', async ({ page }) => {
  const section = await speechSection(page);
  await expect(section.getByText('Set the SiliconFlow API key in the AIChat section')).toBeVisible();
  await expect(section.getByRole('button', { name: 'refresh voices' })).toBeDisabled();
});

test('in the translator, Speak while speaking stops, and the stopped clip never starts', async ({ page, fakes }) => {
  await withSettings(page, { speech: { engine: 'makemp3' } });
  let release!: () => void;
  tts.hold = new Promise<void>((resolve) => (release = resolve));
  await page.goto('/translate');
  const source = page.getByRole('textbox', { name: 'source text' });
  await source.fill('猫が好き');
  const speak = page.getByRole('button', { name: 'speak', exact: true });
  const before = fakes.ttsmp3.requests.length;
  const filesBefore = tts.files.size;
  await speak.click();
  await expect(speak.locator('svg.tabler-icon-player-stop-filled')).toBeVisible();
  await expect.poll(() => fakes.ttsmp3.requests.length).toBeGreaterThan(before);
  await speak.click();
  await expect(speak.locator('svg.tabler-icon-volume')).toBeVisible();
  // The held answer is made only after the stop.
  release();
  await expect.poll(() => tts.files.size).toBeGreaterThan(filesBefore);
  await expect(speak.locator('svg.tabler-icon-volume')).toBeVisible();
  // A later text then plays; the stopped clip was never fetched before it (or after).
  await source.fill('犬も好き');
  await speak.click();
  const since = () => fakes.ttsmp3.requests.slice(before);
  await expect.poll(() => since().filter((request) => request.method === 'GET').length).toBeGreaterThan(0);
  expect(since().filter((request) => request.method === 'POST').map((request) => new URLSearchParams(request.body.toString('utf8')).get('msg'))).toEqual(['猫が好き', '犬も好き']);
  // Every audio request (a media element may ask in ranges) is for the one clip made for the later text.
  expect(new Set(since().filter((request) => request.method === 'GET').map((request) => request.url)).size).toBe(1);
  expect(since().findIndex((request) => request.method === 'GET')).toBeGreaterThan(since().findLastIndex((request) => request.method === 'POST'));
});

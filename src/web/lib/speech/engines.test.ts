import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeServer, type FakeServer } from '../../../../test-support/fake-server';
import {
  FakeMedia,
  siliconflowAudioHandler,
  siliconflowAudioState,
  silentMp3,
  speechServiceHandler,
  speechServiceState,
  ttsmp3Handler,
  ttsmp3State,
  type SiliconflowAudioState,
  type SpeechServiceState,
  type Ttsmp3State,
} from '../../../../test-support/fakes/speech';
import { startApp, type RunningApp } from '../../../../test-support/start-app';
import { defaultSettings } from '../../../common/settings';
import { createEngines, engineOrder, type SpeechSettings } from './engines';
import type { EngineName } from './speech-names';
import { SpeechPlayer } from './player';
import { SiliconFlowSpeechClient } from './siliconflow-speech';

let service: FakeServer;
let ttsmp3: FakeServer;
let siliconflow: FakeServer;
let app: RunningApp;
let serviceState: SpeechServiceState;
let ttsState: Ttsmp3State;
let sfState: SiliconflowAudioState;

beforeAll(async () => {
  service = await startFakeServer((request, response) => speechServiceHandler(serviceState)(request, response));
  ttsmp3 = await startFakeServer((request, response) => ttsmp3Handler(ttsState)(request, response));
  siliconflow = await startFakeServer((request, response) => siliconflowAudioHandler(sfState)(request, response));
  app = await startApp({ UPSTREAM_TTSMP3: ttsmp3.url });
}, 30_000);
afterAll(async () => {
  await Promise.all([service.close(), ttsmp3.close(), siliconflow.close(), app?.stop()]);
});
beforeEach(() => {
  serviceState = speechServiceState();
  ttsState = ttsmp3State({ origin: ttsmp3.url });
  sfState = siliconflowAudioState();
  for (const fake of [service, ttsmp3, siliconflow]) fake.requests.length = 0;
});

function speechSettings(overrides: Partial<SpeechSettings> = {}): SpeechSettings {
  return { ...defaultSettings().speech, serviceUrl: `${service.url}/tts`, serviceToken: 'Bearer test-token', ...overrides };
}

interface Voice {
  lang: string;
  name: string;
  localService: boolean;
}

function fakeSynth(voices: Voice[]) {
  return { getVoices: () => voices, addEventListener: () => {}, removeEventListener: () => {} } as unknown as SpeechSynthesis;
}

const blobs = new Map<string, Blob>();
let nextBlob = 0;

function engines(settings: SpeechSettings, options: { voices?: Voice[]; timeoutMs?: number } = {}) {
  const all = createEngines({
    apiBase: app.url,
    settings: () => settings,
    siliconflow: () => new SiliconFlowSpeechClient({ baseURL: `${siliconflow.url}/v1`, apiKey: 'sk-test' }),
    synth: fakeSynth(options.voices ?? []),
    voiceWaitMs: 10,
    timeoutMs: options.timeoutMs,
    createObjectURL: (blob) => {
      const url = `blob:test/${nextBlob++}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: (url) => blobs.delete(url),
  });
  return (names: EngineName[]) => names.map((name) => all[name]);
}

function player(settings: SpeechSettings, options: { voices?: Voice[]; timeoutMs?: number } = {}) {
  const media = new FakeMedia();
  const pick = engines(settings, options);
  const errors: string[] = [];
  const instance = new SpeechPlayer({ media: () => media, engines: () => pick(engineOrder(settings)), onError: (error) => errors.push(error.message) });
  return { media, player: instance, errors };
}

const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 5000, interval: 5 });

describe('engine order', () => {
  it('chosen engine first, then the configured service, the makemp3 relay and the browser voice', () => {
    const base = { serviceUrl: 'https://tts.example.com' };
    expect(engineOrder({ ...base, engine: 'auto' })).toEqual(['service', 'makemp3', 'browser']);
    expect(engineOrder({ serviceUrl: '', engine: 'auto' })).toEqual(['makemp3', 'browser']);
    expect(engineOrder({ serviceUrl: '', engine: 'service' })).toEqual(['makemp3', 'browser']);
    expect(engineOrder({ ...base, engine: 'makemp3' })).toEqual(['makemp3', 'service', 'browser']);
    expect(engineOrder({ ...base, engine: 'siliconflow' })).toEqual(['siliconflow', 'service', 'makemp3', 'browser']);
    expect(engineOrder({ ...base, engine: 'browser' })).toEqual(['browser', 'service', 'makemp3']);
  });
});

describe('speech engines against fakes', () => {
  it('the speech service gets JSON {platform, lang, text, gender, rate} with the Authorization header', async () => {
    const [engine] = engines(speechSettings())(['service']);
    const clip = await engine.synthesize('こんにちは', 'ja', new AbortController().signal);
    expect(clip).toMatchObject({ kind: 'media', engine: 'service' });
    const blob = blobs.get((clip as { src: string }).src)!;
    expect(blob.type).toBe('audio/mpeg');
    expect(blob.size).toBe(silentMp3().length);
    const request = service.requests[0];
    expect(request).toMatchObject({ method: 'POST', url: '/tts' });
    expect(request.headers.authorization).toBe('Bearer test-token');
    expect(JSON.parse(request.body.toString('utf8'))).toEqual({ platform: 'web', lang: 'ja_JP', text: 'こんにちは', gender: 'Female', rate: '100%' });
  });

  it('the makemp3 relay (the real server route) gets each language’s voice and its MP3 plays from this origin', async () => {
    const [engine] = engines(speechSettings())(['makemp3']);
    const voices: Record<string, string> = { ja: 'Takumi', en: 'Salli', de: 'Vicki', ru: 'Tatyana', kr: 'Seoyeon' };
    for (const [lang, voice] of Object.entries(voices)) {
      const clip = await engine.synthesize(`text ${lang}`, lang as 'ja', new AbortController().signal);
      expect(clip.kind === 'media' && clip.src).toMatch(new RegExp(`^${app.url}/api/tts/mp3/created_mp3/[0-9a-f]{32}\\.mp3$`));
      const form = new URLSearchParams(ttsmp3.requests.at(-1)!.body.toString('utf8'));
      expect(Object.fromEntries(form)).toEqual({ msg: `text ${lang}`, lang: voice, source: 'ttsmp3' });
      const audio = await fetch((clip as { src: string }).src);
      expect(audio.headers.get('content-type')).toBe('audio/mpeg');
      expect(Buffer.from(await audio.arrayBuffer())).toEqual(silentMp3());
    }
    // Ten round trips through the real server: on a busy 2-core machine this outlasts the default 5 s.
  }, 20_000);

  it('makemp3 fails when Error is not 0', async () => {
    ttsState.reply = 'limit';
    const [engine] = engines(speechSettings())(['makemp3']);
    await expect(engine.synthesize('x', 'ja', new AbortController().signal)).rejects.toMatchObject({ message: 'makemp3: Usage Limit exceeded' });
  });

  it('SiliconFlow speaks with the model-prefixed voice from the settings', async () => {
    const [engine] = engines(speechSettings({ siliconflowVoice: 'bella' }))(['siliconflow']);
    const clip = await engine.synthesize('你好', 'zh', new AbortController().signal);
    expect(clip.engine).toBe('siliconflow');
    expect(sfState.lastSpeech).toMatchObject({ model: 'FunAudioLLM/CosyVoice2-0.5B', voice: 'FunAudioLLM/CosyVoice2-0.5B:bella', input: '你好' });
  });

  it('the browser voice needs a voice of the language', async () => {
    const [withVoice] = engines(speechSettings(), { voices: [{ lang: 'en-US', name: 'Alex', localService: true }, { lang: 'ja-JP', name: 'Kyoko', localService: true }] })(['browser']);
    await expect(withVoice.synthesize('猫', 'ja', new AbortController().signal)).resolves.toMatchObject({ kind: 'synth', lang: 'ja-JP' });
    const [without] = engines(speechSettings(), { voices: [{ lang: 'en-US', name: 'Alex', localService: true }] })(['browser']);
    await expect(without.synthesize('猫', 'ja', new AbortController().signal)).rejects.toMatchObject({ kind: 'no-voice' });
  });
});

describe('falling through to the next engine', () => {
  it('service HTTP 500 → the makemp3 relay plays', async () => {
    serviceState.reply = 'http-500';
    const { media, player: p } = player(speechSettings());
    const done = p.speak('猫が好き', 'ja');
    await until(() => media.played.length === 1);
    expect(p.getSnapshot().engine).toBe('makemp3');
    expect(media.played[0]).toMatch(/\/api\/tts\/mp3\//);
    expect(service.requests).toHaveLength(1);
    media.finish();
    await expect(done).resolves.toEqual({ status: 'ended' });
  });

  it('service answering JSON instead of audio, or timing out → makemp3', async () => {
    serviceState.reply = 'json-error';
    const first = player(speechSettings());
    void first.player.speak('一');
    await until(() => first.media.played.length === 1);
    expect(first.player.getSnapshot().engine).toBe('makemp3');
    first.player.stop();

    serviceState.reply = 'hang';
    const second = player(speechSettings(), { timeoutMs: 200 });
    void second.player.speak('二');
    await until(() => second.media.played.length === 1);
    expect(second.player.getSnapshot().engine).toBe('makemp3');
    second.player.stop();
  });

  it('wrong service token and makemp3 limit → the browser voice speaks', async () => {
    ttsState.reply = 'limit';
    const settings = speechSettings({ serviceToken: 'Bearer wrong' });
    const pick = engines(settings, { voices: [{ lang: 'ja-JP', name: 'Kyoko', localService: true }] });
    const spoken: Array<{ text: string; onend?: () => void }> = [];
    const synth = { speak: (u: { text: string }) => spoken.push(u), cancel: () => {}, pause: () => {}, resume: () => {} };
    const p = new SpeechPlayer({
      media: () => new FakeMedia(),
      engines: () => pick(engineOrder(settings)),
      synth: () => synth as unknown as SpeechSynthesis,
      makeUtterance: (clip) => ({ text: clip.text }) as SpeechSynthesisUtterance,
    });
    const done = p.speak('最後の手段');
    await until(() => spoken.length === 1);
    expect(p.getSnapshot().engine).toBe('browser');
    expect(spoken[0].text).toBe('最後の手段');
    spoken[0].onend?.();
    await expect(done).resolves.toEqual({ status: 'ended' });
  });

  it('when every engine fails, the error names each failure', async () => {
    ttsState.reply = 'http-500';
    serviceState.reply = 'unauthorized';
    const { player: p, errors } = player(speechSettings());
    const result = await p.speak('だめ');
    expect(result.status).toBe('failed');
    expect(errors).toEqual([
      'speech failed: speech service: HTTP 401 Unauthorized; makemp3: the speech service answered HTTP 500 without JSON; browser voice: no ja-JP voice installed',
    ]);
  });

  it('SiliconFlow chosen but failing (bad key) → the service plays', async () => {
    sfState.apiKey = 'another-key';
    const { media, player: p } = player(speechSettings({ engine: 'siliconflow' }));
    void p.speak('キー');
    await until(() => media.played.length === 1);
    expect(p.getSnapshot().engine).toBe('service');
    expect(siliconflow.requests).toHaveLength(1);
    p.stop();
  });

  it('a long text is split into sentences sent one by one to the relay', async () => {
    const { media, player: p } = player(speechSettings({ serviceUrl: '' }));
    const text = '吾輩は猫である。名前はまだ無い。\nどこで生れたかとんと見当がつかぬ。';
    const done = p.speak(text, 'ja');
    await until(() => media.played.length === 1);
    expect(new URLSearchParams(ttsmp3.requests[0].body.toString('utf8')).get('msg')).toBe('吾輩は猫である。');
    media.finish();
    await until(() => media.played.length === 2);
    media.finish();
    await expect(done).resolves.toEqual({ status: 'ended' });
    expect(ttsmp3.requests.filter((r) => r.method === 'POST').map((r) => new URLSearchParams(r.body.toString('utf8')).get('msg'))).toEqual([
      '吾輩は猫である。',
      '名前はまだ無い。どこで生れたかとんと見当がつかぬ。',
    ]);
  });
});

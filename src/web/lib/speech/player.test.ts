import { describe, expect, it, vi } from 'vitest';
import { FakeMedia } from '../../../../test-support/fakes/speech';
import type { AudioClip, SpeechEngine } from './engines';
import { engineLabels, type EngineName } from './speech-names';
import { SpeechPlayer, type PlayerDeps } from './player';
import type { PlayerState } from './player-state';
import { SpeechError } from './speech-error';

/** An engine that answers clips named after the text, or fails for texts it is told to. */
function engine(name: EngineName, options: { failFor?: (text: string) => boolean; calls?: string[]; gate?: Promise<void> } = {}): SpeechEngine {
  return {
    name,
    async synthesize(text, lang) {
      options.calls?.push(`${name}:${lang}:${text}`);
      await options.gate;
      if (options.failFor?.(text)) throw new SpeechError('http', `${name}: HTTP 500`);
      return { kind: 'media', engine: name, src: `${name}:${text}` } satisfies AudioClip;
    },
  };
}

function setup(engines: SpeechEngine[], extra: Partial<PlayerDeps> = {}) {
  const media = new FakeMedia();
  const states: PlayerState[] = [];
  const errors: SpeechError[] = [];
  const player = new SpeechPlayer({ media: () => media, engines: () => engines, onError: (error) => errors.push(error), ...extra });
  player.subscribe(() => {
    const state = player.getSnapshot().state;
    if (states.at(-1) !== state) states.push(state);
  });
  return { media, player, states, errors };
}

const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 1000, interval: 2 });

describe('SpeechPlayer', () => {
  it('single utterance: LOADING → PLAYING → STOPPED when the audio ends', async () => {
    const { media, player, states } = setup([engine('makemp3')]);
    const done = player.speak('こんにちは', 'ja');
    await until(() => media.played.length === 1);
    expect(player.getSnapshot()).toMatchObject({ state: 'PLAYING', engine: 'makemp3', text: 'こんにちは', mode: 'single' });
    media.finish();
    await expect(done).resolves.toEqual({ status: 'ended' });
    expect(states).toEqual(['LOADING', 'PLAYING', 'STOPPED']);
    expect(media.played).toEqual(['makemp3:こんにちは']);
  });

  it('pause, resume and stop; stop resets the position', async () => {
    const { media, player, states } = setup([engine('service')]);
    const done = player.speak('テスト');
    await until(() => media.played.length === 1);
    media.currentTime = 0.8;
    player.pause();
    expect(media.paused).toBe(true);
    expect(player.getSnapshot().state).toBe('PAUSED');
    player.pause();
    expect(player.getSnapshot().state).toBe('PAUSED');
    player.resume();
    expect(player.getSnapshot().state).toBe('PLAYING');
    await until(() => media.played.length === 2);
    player.stop();
    await expect(done).resolves.toEqual({ status: 'stopped' });
    expect(media.currentTime).toBe(0);
    expect(media.src).toBe('');
    expect(states).toEqual(['LOADING', 'PLAYING', 'PAUSED', 'PLAYING', 'STOPPED']);
  });

  it('the toggle pauses, resumes, and plays the last text again when stopped', async () => {
    const { media, player } = setup([engine('makemp3')]);
    void player.speak('一回目');
    await until(() => media.played.length === 1);
    player.toggle();
    expect(player.getSnapshot().state).toBe('PAUSED');
    player.toggle();
    expect(player.getSnapshot().state).toBe('PLAYING');
    media.finish();
    await until(() => player.getSnapshot().state === 'STOPPED');
    player.toggle();
    await until(() => media.played.length === 3);
    expect(media.played.at(-1)).toBe('makemp3:一回目');
  });

  it('the toggle stops a load in progress', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const { player, media } = setup([engine('makemp3', { gate })]);
    const done = player.speak('遅い');
    expect(player.getSnapshot().state).toBe('LOADING');
    player.toggle();
    expect(player.getSnapshot().state).toBe('STOPPED');
    open();
    await expect(done).resolves.toEqual({ status: 'stopped' });
    expect(media.played).toEqual([]);
  });

  it('a second speak stops the first', async () => {
    const { media, player } = setup([engine('makemp3')]);
    const first = player.speak('最初');
    await until(() => media.played.length === 1);
    const second = player.speak('二番目');
    await expect(first).resolves.toEqual({ status: 'stopped' });
    await until(() => media.played.length === 2);
    expect(player.getSnapshot().text).toBe('二番目');
    media.finish();
    await expect(second).resolves.toEqual({ status: 'ended' });
  });

  it('reads a long text sentence by sentence, fetching the next one ahead', async () => {
    const calls: string[] = [];
    const { media, player } = setup([engine('makemp3', { calls })]);
    const long = `${'あ'.repeat(250)}。${'い'.repeat(250)}。${'う'.repeat(250)}。`;
    const done = player.speak(long, 'ja');
    await until(() => media.played.length === 1);
    expect(media.played[0]).toBe(`makemp3:${'あ'.repeat(250)}。`);
    await until(() => calls.length === 2);
    expect(player.getSnapshot()).toMatchObject({ index: 0, total: 3 });
    media.finish();
    await until(() => media.played.length === 2);
    expect(player.getSnapshot()).toMatchObject({ state: 'PLAYING', index: 1 });
    media.finish();
    await until(() => media.played.length === 3);
    media.finish();
    await expect(done).resolves.toEqual({ status: 'ended' });
    expect(player.getSnapshot().state).toBe('STOPPED');
  });

  it('queue reading reads the cleaned lines one by one and stops at the end', async () => {
    const { media, player, states } = setup([engine('makemp3')]);
    const done = player.speakQueue(['* 一行目', '', '【見出し】', '• 二行目', '（注）読まない'], 'ja');
    await until(() => media.played.length === 1);
    expect(player.getSnapshot()).toMatchObject({ mode: 'queue', total: 2 });
    media.finish();
    await until(() => media.played.length === 2);
    media.finish();
    await expect(done).resolves.toEqual({ status: 'ended' });
    expect(media.played).toEqual(['makemp3:一行目', 'makemp3:二行目']);
    expect(states.at(-1)).toBe('STOPPED');
  });

  it('falls through to the next engine when one fails, and when a clip will not play', async () => {
    const calls: string[] = [];
    const { media, player } = setup([engine('service', { calls, failFor: () => true }), engine('makemp3', { calls }), engine('browser', { calls })]);
    media.rejectPlay = (src) => (src.startsWith('makemp3:') ? Object.assign(new Error('no supported source'), { name: 'NotSupportedError' }) : null);
    const done = player.speak('ねこ', 'ja');
    await until(() => media.played.length === 1);
    expect(calls).toEqual(['service:ja:ねこ', 'makemp3:ja:ねこ', 'browser:ja:ねこ']);
    expect(player.getSnapshot().engine).toBe('browser');
    media.finish();
    await expect(done).resolves.toEqual({ status: 'ended' });
  });

  it('when every engine fails it stops, reports every failure and keeps the error', async () => {
    const { player, errors, states } = setup([engine('service', { failFor: () => true }), engine('makemp3', { failFor: () => true })]);
    const result = await player.speak('だめ');
    expect(result.status).toBe('failed');
    expect(errors[0].message).toBe('speech failed: service: HTTP 500; makemp3: HTTP 500');
    expect(player.getSnapshot()).toMatchObject({ state: 'STOPPED', error: errors[0].message });
    expect(states).toEqual(['LOADING', 'STOPPED']);
  });

  it('a media error during playback tries the next engine for that sentence', async () => {
    const { media, player } = setup([engine('makemp3'), engine('service')]);
    const done = player.speak('音');
    await until(() => media.played.length === 1);
    media.fail();
    await until(() => media.played.length === 2);
    expect(media.played).toEqual(['makemp3:音', 'service:音']);
    media.finish();
    await expect(done).resolves.toEqual({ status: 'ended' });
  });

  it('guesses the language for auto and reads unknown codes by script', async () => {
    const calls: string[] = [];
    const { media, player } = setup([engine('makemp3', { calls })]);
    void player.speak('Hello there', 'auto');
    await until(() => media.played.length === 1);
    void player.speak('안녕하세요', 'ko');
    await until(() => media.played.length === 2);
    void player.speak('漢字だけ');
    await until(() => media.played.length === 3);
    expect(calls).toEqual(['makemp3:en:Hello there', 'makemp3:kr:안녕하세요', 'makemp3:ja:漢字だけ']);
  });

  it('browser voice clips are spoken by speech synthesis, which pause and stop control', async () => {
    const spoken: SpeechSynthesisUtterance[] = [];
    const synth = { speak: vi.fn((u: SpeechSynthesisUtterance) => spoken.push(u)), cancel: vi.fn(), pause: vi.fn(), resume: vi.fn() };
    const voice = { lang: 'ja-JP', name: 'Kyoko', localService: true } as SpeechSynthesisVoice;
    const browser: SpeechEngine = { name: 'browser', synthesize: async (text) => ({ kind: 'synth', engine: 'browser', text, lang: 'ja-JP', voice }) };
    const makeUtterance = (clip: { text: string }) => ({ text: clip.text }) as SpeechSynthesisUtterance;
    const { player } = setup([browser], { synth: () => synth, makeUtterance });
    const done = player.speak('おはよう');
    await until(() => spoken.length === 1);
    expect(spoken[0].text).toBe('おはよう');
    player.pause();
    expect(synth.pause).toHaveBeenCalled();
    player.resume();
    expect(synth.resume).toHaveBeenCalled();
    spoken[0].onend?.(new Event('end') as SpeechSynthesisEvent);
    await expect(done).resolves.toEqual({ status: 'ended' });
    void player.speak('もう一度');
    await until(() => spoken.length === 2);
    player.stop();
    expect(synth.cancel).toHaveBeenCalled();
  });

  it('publishes Media Session metadata and actions while reading', async () => {
    const handlers = new Map<string, () => void>();
    const session = { metadata: null as MediaMetadata | null, playbackState: 'none', setActionHandler: (action: string, handler: () => void) => handlers.set(action, handler) };
    class Metadata {
      constructor(readonly init: MediaMetadataInit) {}
      get title() {
        return this.init.title;
      }
      get album() {
        return this.init.album;
      }
    }
    vi.stubGlobal('MediaMetadata', Metadata);
    const { media, player } = setup([engine('makemp3')], { mediaSession: () => session as unknown as MediaSession });
    void player.speak('メディアキー');
    await until(() => media.played.length === 1);
    expect(session.playbackState).toBe('playing');
    expect((session.metadata as unknown as Metadata).init).toMatchObject({ title: 'メディアキー', artist: 'Kotonoha', album: engineLabels.makemp3 });
    handlers.get('pause')!();
    expect(player.getSnapshot().state).toBe('PAUSED');
    expect(session.playbackState).toBe('paused');
    handlers.get('play')!();
    expect(player.getSnapshot().state).toBe('PLAYING');
    handlers.get('stop')!();
    expect(player.getSnapshot().state).toBe('STOPPED');
    expect(session.metadata).toBeNull();
    vi.unstubAllGlobals();
  });
});

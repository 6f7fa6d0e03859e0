import type { AudioClip, SpeechEngine } from './engines';
import { engineLabels, type EngineName } from './speech-names';
import { normalizeLanguage, type SpeechLanguage } from './languages';
import { transition, toggleAction, type PlayerEvent, type PlayerState } from './player-state';
import { abortError, isAbort } from '../http/http-client';
import { libText } from '../messages';
import { SpeechError } from './speech-error';
import { chunkText, prepareQueue } from './text-queue';

/** The parts of HTMLMediaElement the player uses (tests drive a fake through the same events). */
export interface MediaLike extends EventTarget {
  src: string;
  currentTime: number;
  play: () => Promise<void>;
  pause: () => void;
  load: () => void;
  removeAttribute: (name: string) => void;
}

export type SynthLike = Pick<SpeechSynthesis, 'speak' | 'cancel' | 'pause' | 'resume'>;

export interface PlayerSnapshot {
  state: PlayerState;
  /** What is being read (the whole text or queue, not the current chunk). */
  text: string;
  mode: 'single' | 'queue' | null;
  /** The engine that produced the audio now playing. */
  engine: EngineName | null;
  /** Position in the chunks being read. */
  index: number;
  total: number;
  /** Why the last attempt failed, when every engine failed. */
  error: string | null;
}

export type SpeakResult = { status: 'ended' } | { status: 'stopped' } | { status: 'failed'; error: SpeechError };

export interface PlayerDeps {
  media: () => MediaLike;
  /** The engines to try, in order, read at each speak (settings may have changed). */
  engines: () => SpeechEngine[];
  synth?: () => SynthLike | null;
  makeUtterance?: (clip: Extract<AudioClip, { kind: 'synth' }>) => SpeechSynthesisUtterance;
  mediaSession?: () => MediaSession | null;
  onError?: (error: SpeechError) => void;
}

interface Session {
  controller: AbortController;
  clip: AudioClip | null;
}

const initial: PlayerSnapshot = { state: 'STOPPED', text: '', mode: null, engine: null, index: 0, total: 0, error: null };

/**
 * The one audio player of the app (docs/behaviour.md "Speech"). A speak stops what is playing,
 * fetches audio for the first sentence while later ones are fetched one ahead, and tries the
 * engines in order, falling through to the next on any failure (also when a fetched clip will not
 * play).
 */
export class SpeechPlayer {
  private snapshot: PlayerSnapshot = initial;
  private readonly listeners = new Set<() => void>();
  private session: Session | null = null;
  private last: { items: string[]; lang: string | undefined; mode: 'single' | 'queue' } | null = null;
  private mediaElement: MediaLike | null = null;
  private sessionHandlersSet = false;

  constructor(private readonly deps: PlayerDeps) {}

  getSnapshot = (): PlayerSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<PlayerSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  private dispatch(event: PlayerEvent, patch: Partial<PlayerSnapshot> = {}) {
    const state = transition(this.snapshot.state, event);
    this.set({ ...patch, state });
    this.syncMediaSession();
  }

  private media(): MediaLike {
    this.mediaElement ??= this.deps.media();
    return this.mediaElement;
  }

  /** Reads one text; ends in STOPPED (single-utterance mode). */
  speak(text: string, lang?: string): Promise<SpeakResult> {
    return this.start(text.trim() ? [text] : [], lang, 'single');
  }

  /** Reads texts one by one (docs/behaviour.md "Speech" queue rules) and stops at the end. */
  speakQueue(texts: readonly string[], lang?: string): Promise<SpeakResult> {
    return this.start(prepareQueue(texts), lang, 'queue');
  }

  pause(): void {
    if (this.snapshot.state !== 'PLAYING') return;
    const clip = this.session?.clip;
    if (clip?.kind === 'synth') this.deps.synth?.()?.pause();
    else this.media().pause();
    this.dispatch('pause');
  }

  resume(): void {
    if (this.snapshot.state !== 'PAUSED') return;
    const clip = this.session?.clip;
    if (clip?.kind === 'synth') this.deps.synth?.()?.resume();
    else void this.media().play().catch(() => {});
    this.dispatch('resume');
  }

  /** Stops and resets the position (docs/behaviour.md "Speech"). */
  stop(): void {
    const session = this.session;
    this.session = null;
    session?.controller.abort();
    if (session?.clip?.kind === 'synth') this.deps.synth?.()?.cancel();
    if (this.mediaElement) {
      const media = this.mediaElement;
      media.pause();
      try {
        media.currentTime = 0;
      } catch {
        // A media element without a source refuses seeking in some browsers; nothing to reset then.
      }
      if (media.src) {
        media.removeAttribute('src');
        media.load();
      }
    }
    if (session?.clip?.kind === 'media') session.clip.release?.();
    if (this.snapshot.state !== 'STOPPED' || session) this.dispatch('stop', { index: 0 });
  }

  /**
   * The toggle (docs/behaviour.md "Speech"): play (the last text again) when stopped, pause,
   * resume, or stop a load.
   */
  toggle(): void {
    const action = toggleAction(this.snapshot.state);
    if (action === 'pause') this.pause();
    else if (action === 'resume') this.resume();
    else if (action === 'stop') this.stop();
    else if (this.last) void this.start(this.last.items, this.last.lang, this.last.mode);
  }

  private async start(items: string[], lang: string | undefined, mode: 'single' | 'queue'): Promise<SpeakResult> {
    this.stop();
    const chunks = items.flatMap((item) => chunkText(item));
    if (!chunks.length) return { status: 'ended' };
    this.last = { items, lang, mode };
    const language = normalizeLanguage(lang, items.join('\n'));
    const session: Session = { controller: new AbortController(), clip: null };
    this.session = session;
    const { signal } = session.controller;
    const engines = this.deps.engines();
    this.dispatch('load', { text: items.join('\n'), mode, total: chunks.length, index: 0, engine: null, error: null });

    let engineIndex = 0;
    let pending = this.resolve(chunks[0], language, engines, engineIndex, signal);
    for (let index = 0; index < chunks.length; index++) {
      let resolved: { clip: AudioClip; engineIndex: number };
      try {
        resolved = await pending.promise;
      } catch (error) {
        return this.fail(session, error);
      }
      if (signal.aborted) {
        if (resolved.clip.kind === 'media') resolved.clip.release?.();
        return { status: 'stopped' };
      }
      engineIndex = resolved.engineIndex;
      let clip = resolved.clip;
      const next = index + 1 < chunks.length ? chunks[index + 1] : null;
      pending = next === null ? pending : this.resolve(next, language, engines, engineIndex, signal);
      if (next !== null) pending.promise.catch(() => {});

      // A clip that will not play (unsupported format, blocked URL) falls through to the next engine.
      for (;;) {
        session.clip = clip;
        this.dispatch('play', { engine: clip.engine, index });
        try {
          await this.play(clip, signal);
          break;
        } catch (error) {
          if (clip.kind === 'media') clip.release?.();
          if (signal.aborted) return { status: 'stopped' };
          if (engineIndex + 1 >= engines.length) return this.fail(session, error);
          this.dispatch('load');
          try {
            const retry = await this.resolve(chunks[index], language, engines, engineIndex + 1, signal).promise;
            clip = retry.clip;
            engineIndex = retry.engineIndex;
          } catch (retryError) {
            return this.fail(session, retryError);
          }
        }
      }
      if (clip.kind === 'media') clip.release?.();
      session.clip = null;
      if (signal.aborted) return { status: 'stopped' };
      if (next !== null && !pending.settled()) this.dispatch('load');
    }
    if (this.session === session) {
      this.session = null;
      this.dispatch('ended', { index: 0 });
    }
    return { status: 'ended' };
  }

  private fail(session: Session, error: unknown): SpeakResult {
    if (this.session !== session || isAbort(error)) return { status: 'stopped' };
    const speechError =
      error instanceof SpeechError ? error : new SpeechError('playback', error instanceof Error ? error.message : String(error), { cause: error });
    this.session = null;
    this.dispatch('stop', { error: speechError.message, index: 0 });
    this.deps.onError?.(speechError);
    return { status: 'failed', error: speechError };
  }

  /** Tries engines from `from` on; the error lists every engine's failure. */
  private resolve(text: string, lang: SpeechLanguage, engines: SpeechEngine[], from: number, signal: AbortSignal) {
    let settled = false;
    const promise = (async () => {
      const failures: string[] = [];
      for (let i = from; i < engines.length; i++) {
        if (signal.aborted) throw abortError('speech stopped');
        try {
          const clip = await engines[i].synthesize(text, lang, signal);
          return { clip, engineIndex: i };
        } catch (error) {
          if (signal.aborted) throw abortError('speech stopped');
          failures.push(error instanceof Error ? error.message : libText('speech.engineFailed', { engine: engineLabels[engines[i].name], message: String(error) }));
        }
      }
      throw new SpeechError('playback', failures.length ? libText('speech.failed', { failures: failures.join('; ') }) : libText('speech.noEngine'));
    })().finally(() => {
      settled = true;
    });
    return { promise, settled: () => settled };
  }

  private play(clip: AudioClip, signal: AbortSignal): Promise<void> {
    return clip.kind === 'synth' ? this.playSynth(clip, signal) : this.playMedia(clip, signal);
  }

  private playMedia(clip: Extract<AudioClip, { kind: 'media' }>, signal: AbortSignal): Promise<void> {
    const media = this.media();
    return new Promise<void>((resolve, reject) => {
      const cleanup = () => {
        media.removeEventListener('ended', onEnded);
        media.removeEventListener('error', onError);
        signal.removeEventListener('abort', onAbort);
      };
      const onEnded = () => {
        cleanup();
        resolve();
      };
      const onError = () => {
        cleanup();
        reject(new SpeechError('playback', libText('speech.notPlayable', { engine: engineLabels[clip.engine] })));
      };
      const onAbort = () => {
        cleanup();
        resolve();
      };
      media.addEventListener('ended', onEnded);
      media.addEventListener('error', onError);
      signal.addEventListener('abort', onAbort);
      media.src = clip.src;
      media.play().catch((error: unknown) => {
        if (signal.aborted) return;
        cleanup();
        // AbortError: a newer src replaced this one; anything else (NotSupportedError) is a failure.
        reject(new SpeechError('playback', libText('speech.engineFailed', { engine: engineLabels[clip.engine], message: error instanceof Error ? error.message : String(error) })));
      });
    });
  }

  private playSynth(clip: Extract<AudioClip, { kind: 'synth' }>, signal: AbortSignal): Promise<void> {
    const synth = this.deps.synth?.();
    if (!synth) return Promise.reject(new SpeechError('no-voice', libText('speech.noSynthesis', { engine: engineLabels.browser })));
    const utterance = this.deps.makeUtterance?.(clip) ?? defaultUtterance(clip);
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => resolve();
      signal.addEventListener('abort', onAbort, { once: true });
      utterance.onend = () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
      utterance.onerror = (event) => {
        signal.removeEventListener('abort', onAbort);
        if (event.error === 'interrupted' || event.error === 'canceled') resolve();
        else reject(new SpeechError('playback', libText('speech.engineFailed', { engine: engineLabels.browser, message: event.error })));
      };
      synth.speak(utterance);
    });
  }

  /** Media Session (keyboard media keys, lock screen): metadata for what is read, and its actions. */
  private syncMediaSession() {
    const session = this.deps.mediaSession?.();
    if (!session) return;
    if (!this.sessionHandlersSet) {
      this.sessionHandlersSet = true;
      const handlers: Array<[MediaSessionAction, () => void]> = [
        ['play', () => (this.snapshot.state === 'PAUSED' ? this.resume() : this.toggle())],
        ['pause', () => this.pause()],
        ['stop', () => this.stop()],
      ];
      for (const [action, handler] of handlers) {
        try {
          session.setActionHandler(action, handler);
        } catch {
          // Browsers throw for actions they do not support.
        }
      }
    }
    const { state, text, engine } = this.snapshot;
    session.playbackState = state === 'PLAYING' ? 'playing' : state === 'PAUSED' ? 'paused' : 'none';
    if (state === 'STOPPED') {
      session.metadata = null;
    } else if (typeof MediaMetadata !== 'undefined') {
      // The engine is known only once the clip plays, so the album is refreshed then too.
      const album = engine ? engineLabels[engine] : libText('speech.album');
      if (session.metadata?.title !== titleOf(text) || session.metadata.album !== album) {
        session.metadata = new MediaMetadata({ title: titleOf(text), artist: 'Kotonoha', album });
      }
    }
  }
}

function titleOf(text: string): string {
  const line = text.split('\n')[0].trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

function defaultUtterance(clip: Extract<AudioClip, { kind: 'synth' }>): SpeechSynthesisUtterance {
  const utterance = new SpeechSynthesisUtterance(clip.text);
  utterance.lang = clip.lang;
  utterance.voice = clip.voice;
  utterance.rate = 1;
  return utterance;
}

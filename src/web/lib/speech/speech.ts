import { useSyncExternalStore } from 'react';
import { toast } from '../notify';
import { getSettings } from '../settings-store';
import { createEngines, engineOrder, type SpeechSettings } from './engines';
import type { EngineName } from './speech-names';
import { SpeechPlayer, type PlayerSnapshot, type SpeakResult } from './player';
import { siliconFlowSpeechClient } from './siliconflow-speech';

let player: SpeechPlayer | null = null;
/** Set only for the synchronous start of one speak (Settings → Speech → test, with the draft). */
let override: { names?: EngineName[]; settings?: SpeechSettings } | null = null;

/** The app-wide player (one for the whole app: a second speak stops the first). */
export function getPlayer(): SpeechPlayer {
  player ??= new SpeechPlayer({
    media: () => {
      const audio = new Audio();
      audio.preload = 'auto';
      return audio;
    },
    engines: () => {
      // Each speak keeps the settings it started with, so a later edit does not change its engines.
      const settings = override?.settings ?? getSettings().speech;
      const engines = createEngines({ settings: () => settings, siliconflow: siliconFlowSpeechClient });
      return (override?.names ?? engineOrder(settings)).map((name) => engines[name]);
    },
    synth: () => (typeof speechSynthesis === 'undefined' ? null : speechSynthesis),
    mediaSession: () => (typeof navigator !== 'undefined' && 'mediaSession' in navigator ? navigator.mediaSession : null),
    onError: (error) => toast(error.message, 'error'),
  });
  return player;
}

export function speak(text: string, lang?: string): Promise<SpeakResult> {
  return getPlayer().speak(text, lang);
}

/** Reads the texts one by one (queue mode, docs/behaviour.md "Speech"). */
export function speakQueue(texts: readonly string[], lang?: string): Promise<SpeakResult> {
  return getPlayer().speakQueue(texts, lang);
}

export function stopSpeaking(): void {
  getPlayer().stop();
}

/** The translator's Speak: stops when something is playing (docs/behaviour.md "Speech"), else reads the text. */
export function speakOrStop(text: string, lang?: string): void {
  if (getPlayer().getSnapshot().state !== 'STOPPED') stopSpeaking();
  else void speak(text, lang);
}

/** Reads `text` with these engines and (unsaved) speech settings: the settings screen's test. */
export function speakWith(options: { names?: EngineName[]; settings?: SpeechSettings }, text: string, lang?: string): Promise<SpeakResult> {
  override = options;
  try {
    return getPlayer().speak(text, lang);
  } finally {
    override = null;
  }
}

export function usePlayer(): PlayerSnapshot {
  const current = getPlayer();
  return useSyncExternalStore(current.subscribe, current.getSnapshot, current.getSnapshot);
}


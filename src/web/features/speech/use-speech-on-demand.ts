import { useState, useSyncExternalStore } from 'react';
import type { PlayerSnapshot } from '../../lib/speech/player';

type SpeechModule = typeof import('../../lib/speech/speech');

let loading: Promise<SpeechModule> | undefined;
/** Kept once loaded, so that coming back to the screen shows a test that is still playing. */
let loaded: SpeechModule | null = null;

/** The player and its engines, fetched on first use (pointing at "test speech" starts it). */
function loadSpeech(): Promise<SpeechModule> {
  loading ??= import('../../lib/speech/speech').then((module) => (loaded = module));
  return loading;
}

const noSubscription = () => () => {};
const idle: PlayerSnapshot = { state: 'STOPPED', text: '', mode: null, engine: null, index: 0, total: 0, error: null };
const idleSnapshot = () => idle;

/**
 * The speech module once something asked for it, and the player's state: STOPPED until then.
 * Settings → Speech shows its controls without the engines' code; a test loads it.
 */
export function useSpeechOnDemand() {
  const [speech, setSpeech] = useState<SpeechModule | null>(loaded);
  const player = speech?.getPlayer();
  const snapshot = useSyncExternalStore(player ? player.subscribe : noSubscription, player ? player.getSnapshot : idleSnapshot);
  const load = async () => {
    const module = await loadSpeech();
    setSpeech(module);
    return module;
  };
  return { player: snapshot, load, preload: () => void loadSpeech() };
}

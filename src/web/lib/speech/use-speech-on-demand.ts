import { useSyncExternalStore } from 'react';
import type { PlayerSnapshot } from './player';

type SpeechModule = typeof import('./speech');

let loading: Promise<SpeechModule> | undefined;
/** Kept once loaded, so that coming back to a screen shows what is still playing. */
let loaded: SpeechModule | null = null;
const listeners = new Set<() => void>();

/** The player and its engines, fetched on first use (pointing at a speak button starts it). */
export function loadSpeech(): Promise<SpeechModule> {
  loading ??= import('./speech').then((module) => {
    loaded = module;
    listeners.forEach((listener) => listener());
    return module;
  });
  return loading;
}

const subscribeLoaded = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const loadedModule = () => loaded;
const noSubscription = () => () => {};
const idle: PlayerSnapshot = { state: 'STOPPED', text: '', mode: null, engine: null, index: 0, total: 0, error: null };
const idleSnapshot = () => idle;

/**
 * The speech module once something asked for it, and the player's state: STOPPED until then.
 * A screen shows its speak buttons without the engines' code; the first use loads it, and every
 * component using this follows the player from then on.
 */
export function useSpeechOnDemand() {
  const speech = useSyncExternalStore(subscribeLoaded, loadedModule, loadedModule);
  const player = speech?.getPlayer();
  const snapshot = useSyncExternalStore(player ? player.subscribe : noSubscription, player ? player.getSnapshot : idleSnapshot, player ? player.getSnapshot : idleSnapshot);
  return { player: snapshot, load: loadSpeech, preload: () => void loadSpeech() };
}

/** Player states (docs/behaviour.md "Speech"). */
export type PlayerState = 'STOPPED' | 'PLAYING' | 'PAUSED' | 'LOADING';

/**
 * load: audio for the next piece is being fetched; play: audio started; ended: the last piece
 * finished (single-utterance and queue modes both end in STOPPED).
 */
export type PlayerEvent = 'load' | 'play' | 'pause' | 'resume' | 'stop' | 'ended';

/** docs/behaviour.md "Speech". Anything not listed leaves the state unchanged; stop is allowed from everywhere. */
const transitions: Record<PlayerState, Partial<Record<PlayerEvent, PlayerState>>> = {
  STOPPED: { load: 'LOADING', play: 'PLAYING', stop: 'STOPPED' },
  LOADING: { play: 'PLAYING', stop: 'STOPPED', ended: 'STOPPED' },
  PLAYING: { load: 'LOADING', pause: 'PAUSED', stop: 'STOPPED', ended: 'STOPPED' },
  PAUSED: { resume: 'PLAYING', stop: 'STOPPED' },
};

export function transition(state: PlayerState, event: PlayerEvent): PlayerState {
  return transitions[state][event] ?? state;
}

export function canTransition(state: PlayerState, event: PlayerEvent): boolean {
  return transitions[state][event] !== undefined;
}

/** The toggle (docs/behaviour.md "Speech") picks the action from the state: play, pause, resume, or stop a load. */
export function toggleAction(state: PlayerState): 'play' | 'pause' | 'resume' | 'stop' {
  switch (state) {
    case 'STOPPED':
      return 'play';
    case 'PLAYING':
      return 'pause';
    case 'PAUSED':
      return 'resume';
    case 'LOADING':
      return 'stop';
  }
}

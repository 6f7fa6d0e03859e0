import { describe, expect, it } from 'vitest';
import { canTransition, toggleAction, transition, type PlayerEvent, type PlayerState } from './player-state';

const states: PlayerState[] = ['STOPPED', 'PLAYING', 'PAUSED', 'LOADING'];
const events: PlayerEvent[] = ['load', 'play', 'pause', 'resume', 'stop', 'ended'];

describe('player state machine (docs/behaviour.md "Speech")', () => {
  it('has exactly the documented transitions', () => {
    const table = Object.fromEntries(states.map((state) => [state, Object.fromEntries(events.map((event) => [event, transition(state, event)]))]));
    expect(table).toEqual({
      STOPPED: { load: 'LOADING', play: 'PLAYING', pause: 'STOPPED', resume: 'STOPPED', stop: 'STOPPED', ended: 'STOPPED' },
      LOADING: { load: 'LOADING', play: 'PLAYING', pause: 'LOADING', resume: 'LOADING', stop: 'STOPPED', ended: 'STOPPED' },
      PLAYING: { load: 'LOADING', play: 'PLAYING', pause: 'PAUSED', resume: 'PLAYING', stop: 'STOPPED', ended: 'STOPPED' },
      PAUSED: { load: 'PAUSED', play: 'PAUSED', pause: 'PAUSED', resume: 'PLAYING', stop: 'STOPPED', ended: 'PAUSED' },
    });
  });

  it('stop is allowed from every state; pause only while playing; resume only while paused', () => {
    for (const state of states) expect(canTransition(state, 'stop')).toBe(true);
    expect(states.filter((state) => canTransition(state, 'pause'))).toEqual(['PLAYING']);
    expect(states.filter((state) => canTransition(state, 'resume'))).toEqual(['PAUSED']);
  });

  it('the toggle picks the action from the state', () => {
    expect(states.map(toggleAction)).toEqual(['play', 'pause', 'resume', 'stop']);
  });
});

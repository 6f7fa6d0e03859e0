/**
 * A hybrid logical clock (docs/sync.md "Merging"): a stamp is the wall time in ms, a counter and
 * the device's id, written so that comparing two stamps as strings orders them. A device's clock
 * never goes back and, once it has seen another device's stamp, moves past it: so an edit made
 * after seeing another is ordered after it even when the two devices' clocks disagree by hours.
 */
export type Hlc = string;

const wallDigits = 11;
const counterDigits = 5;

/** Before every real stamp: a record nobody has edited (a setting still at its default). */
export const zeroHlc: Hlc = stamp(0, 0, '0');

function stamp(wall: number, counter: number, device: string): Hlc {
  return `${wall.toString(36).padStart(wallDigits, '0')}-${counter.toString(36).padStart(counterDigits, '0')}-${device}`;
}

function parse(hlc: Hlc): { wall: number; counter: number } {
  const [wall = '0', counter = '0'] = hlc.split('-');
  return { wall: parseInt(wall, 36) || 0, counter: parseInt(counter, 36) || 0 };
}

export const isHlc = (value: unknown): value is Hlc => typeof value === 'string' && /^[0-9a-z]{11}-[0-9a-z]{5}-[0-9A-Za-z_-]{1,40}$/.test(value);

/** The stamp of a change made now on this device, after `last` (the clock's previous reading). */
export function tick(last: Hlc, now: number, device: string): Hlc {
  const previous = parse(last);
  return now > previous.wall ? stamp(now, 0, device) : stamp(previous.wall, previous.counter + 1, device);
}

/** The clock after this device has seen `remote`: never behind it. */
export function receive(last: Hlc, remote: Hlc, now: number, device: string): Hlc {
  const mine = parse(last);
  const theirs = parse(remote);
  const wall = Math.max(now, mine.wall, theirs.wall);
  const counter =
    wall === mine.wall && wall === theirs.wall
      ? Math.max(mine.counter, theirs.counter) + 1
      : wall === mine.wall
        ? mine.counter + 1
        : wall === theirs.wall
          ? theirs.counter + 1
          : 0;
  return stamp(wall, counter, device);
}

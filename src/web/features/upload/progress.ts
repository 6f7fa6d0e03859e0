import { formatBytes } from '../../../common/bytes';

/** Bytes per second from progress samples, smoothed so the figure does not jump with every event. */
export class SpeedMeter {
  private lastBytes = 0;
  private lastTime = 0;
  private rate = 0;

  constructor(
    private readonly windowMs = 3000,
    private readonly minIntervalMs = 400,
  ) {}

  /** Starts (or restarts, after a pause) measuring from `bytes` at `now`. */
  reset(bytes: number, now: number): void {
    this.lastBytes = bytes;
    this.lastTime = now;
    this.rate = 0;
  }

  sample(bytes: number, now: number): number {
    const elapsed = now - this.lastTime;
    if (elapsed < this.minIntervalMs) return this.rate;
    const instant = ((bytes - this.lastBytes) * 1000) / elapsed;
    const weight = this.rate === 0 ? 1 : 1 - Math.exp(-elapsed / this.windowMs);
    this.rate = this.rate + weight * (instant - this.rate);
    this.lastBytes = bytes;
    this.lastTime = now;
    return this.rate;
  }
}

export function formatSpeed(bytesPerSecond: number): string {
  return bytesPerSecond > 0 ? `${formatBytes(Math.round(bytesPerSecond))}/s` : '—';
}

/** The units of a time left, in the interface language (the screen passes its catalogue's). */
export interface TimeUnits {
  h: string;
  min: string;
  s: string;
}

/** "12 s", "3 min 05 s", "1 h 02 min" ("3 分 05 秒" with zh units); a dash when nothing is known yet. */
export function formatTimeLeft(remainingBytes: number, bytesPerSecond: number, units: TimeUnits = { h: 'h', min: 'min', s: 's' }): string {
  if (bytesPerSecond <= 0 || !Number.isFinite(remainingBytes / bytesPerSecond)) return '—';
  const seconds = Math.ceil(remainingBytes / bytesPerSecond);
  if (seconds < 60) return `${seconds} ${units.s}`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} ${units.min} ${String(seconds % 60).padStart(2, '0')} ${units.s}`;
  return `${Math.floor(minutes / 60)} ${units.h} ${String(minutes % 60).padStart(2, '0')} ${units.min}`;
}

import { describe, expect, it } from 'vitest';
import { formatBytes, formatSpeed, formatTimeLeft, SpeedMeter } from './progress';

describe('SpeedMeter', () => {
  it('measures the rate and smooths changes', () => {
    const meter = new SpeedMeter(3000, 400);
    meter.reset(0, 0);
    expect(meter.sample(1_000_000, 1000)).toBeCloseTo(1_000_000);
    // Too soon for a new figure.
    expect(meter.sample(1_100_000, 1100)).toBeCloseTo(1_000_000);
    const next = meter.sample(5_000_000, 2000);
    expect(next).toBeGreaterThan(1_000_000);
    expect(next).toBeLessThan(4_000_000);
  });

  it('starts afresh after a pause', () => {
    const meter = new SpeedMeter();
    meter.reset(0, 0);
    meter.sample(10_000_000, 1000);
    meter.reset(10_000_000, 60_000);
    expect(meter.sample(10_500_000, 61_000)).toBeCloseTo(500_000);
  });
});

describe('formatting', () => {
  it('formats sizes, speeds and time left', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1024 ** 3)).toBe('1.0 GB');
    expect(formatBytes(300 * 1024 * 1024)).toBe('300 MB');
    expect(formatSpeed(0)).toBe('—');
    expect(formatSpeed(2 * 1024 * 1024)).toBe('2.0 MB/s');
    expect(formatTimeLeft(100, 0)).toBe('—');
    expect(formatTimeLeft(10_000, 1000)).toBe('10 s');
    expect(formatTimeLeft(185_000, 1000)).toBe('3 min 05 s');
    expect(formatTimeLeft(3_720_000, 1000)).toBe('1 h 02 min');
  });
});

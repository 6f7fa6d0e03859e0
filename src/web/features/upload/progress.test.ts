import { describe, expect, it } from 'vitest';
import { formatSpeed, formatTimeLeft, SpeedMeter } from './progress';

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
  it('formats speeds and time left', () => {
    expect(formatSpeed(0)).toBe('—');
    expect(formatSpeed(2_000_000)).toBe('2.0 MB/s');
    expect(formatSpeed(1499.6)).toBe('1.5 KB/s');
    expect(formatTimeLeft(100, 0)).toBe('—');
    expect(formatTimeLeft(10_000, 1000)).toBe('10 s');
    expect(formatTimeLeft(185_000, 1000)).toBe('3 min 05 s');
    expect(formatTimeLeft(3_720_000, 1000)).toBe('1 h 02 min');
  });
});

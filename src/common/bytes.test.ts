import { describe, expect, it } from 'vitest';
import { formatBytes, kilobytes } from './bytes';

describe('formatBytes', () => {
  it('counts a KB as 1,000 bytes', () => {
    expect(formatBytes(1000)).toBe('1.0 KB');
    expect(formatBytes(1500)).toBe('1.5 KB');
    expect(formatBytes(1_500_000)).toBe('1.5 MB');
    expect(formatBytes(2_000_000_000)).toBe('2.0 GB');
    expect(formatBytes(3e12)).toBe('3.0 TB');
  });

  it('shows whole bytes below a KB', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
  });

  it('gives one decimal below 10 and whole numbers from there', () => {
    expect(formatBytes(9_940)).toBe('9.9 KB');
    expect(formatBytes(9_960)).toBe('10 KB');
    expect(formatBytes(300_000_000)).toBe('300 MB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
  });

  it('moves to the next unit rather than show 1000 of one', () => {
    expect(formatBytes(999_400)).toBe('999 KB');
    expect(formatBytes(999_600)).toBe('1.0 MB');
    expect(formatBytes(1_046_400_227)).toBe('1.0 GB');
  });

  it('stops at TB', () => {
    expect(formatBytes(5e15)).toBe('5000 TB');
  });
});

describe('formatBytes of a limit', () => {
  it('says a limit set in binary units in them', () => {
    expect(formatBytes(4 * 1024 ** 3, 'limit')).toBe('4 GiB');
    expect(formatBytes(200 * 1024 ** 2, 'limit')).toBe('200 MiB');
    expect(formatBytes(1536 * 1024 ** 2, 'limit')).toBe('1536 MiB');
    expect(formatBytes(64 * 1024, 'limit')).toBe('64 KiB');
    expect(formatBytes(2 * 1024 ** 4, 'limit')).toBe('2 TiB');
  });

  it('says a limit set in decimal units, or in none, in decimal ones', () => {
    expect(formatBytes(5_000_000_000, 'limit')).toBe('5.0 GB');
    expect(formatBytes(256_000, 'limit')).toBe('256 KB');
    expect(formatBytes(4 * 1024 ** 3 + 1, 'limit')).toBe('4.3 GB');
    expect(formatBytes(512, 'limit')).toBe('512 B');
  });

  it('leaves a measured size in decimal units, even a whole number of MiB', () => {
    expect(formatBytes(4 * 1024 ** 3)).toBe('4.3 GB');
  });
});

describe('kilobytes', () => {
  it('is KB of 1,000 bytes with one decimal', () => {
    expect(kilobytes(163_000)).toBe(163);
    expect(kilobytes(1024)).toBe(1);
    expect(kilobytes(12_750)).toBe(12.8);
  });
});

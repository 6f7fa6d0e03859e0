import { describe, expect, it } from 'vitest';
import { formatCue, readerStart } from './reader-window';

describe('reader window', () => {
  it('opens three sentences before a known position, never before the first', () => {
    expect(readerStart('s-9', 10)).toBe('7');
    expect(readerStart('s-1', 1)).toBe('0');
    expect(readerStart('abc')).toBe('abc');
  });
  it('formats cue times', () => {
    expect(formatCue(75.5)).toBe('1:15.5');
    expect(formatCue(3725)).toBe('1:02:05.0');
  });
});

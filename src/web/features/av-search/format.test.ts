import { describe, expect, it } from 'vitest';
import { formatTime, imageSource, splitMatch } from './format';

describe('formatTime', () => {
  it('shows minutes and seconds, and hours when there are any', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(75.9)).toBe('1:15');
    expect(formatTime(3725)).toBe('1:02:05');
  });
});

describe('imageSource', () => {
  const origin = 'http://127.0.0.1:8787';
  it('keeps same-origin thumbnails and relays others only when asked to', () => {
    expect(imageSource('/api/media/abc/thumb?t=3', true, origin)).toBe('/api/media/abc/thumb?t=3');
    expect(imageSource('https://cdn.example/t.jpg', false, origin)).toBe('https://cdn.example/t.jpg');
    expect(imageSource('https://cdn.example/t.jpg?a=1&b=2', true, origin)).toBe('/api/img?url=https%3A%2F%2Fcdn.example%2Ft.jpg%3Fa%3D1%26b%3D2');
  });
  it('drops what is not an http(s) image', () => {
    expect(imageSource('javascript:alert(1)', false, origin)).toBeNull();
    expect(imageSource(null, true, origin)).toBeNull();
  });
});

describe('splitMatch', () => {
  it('splits around the match and ignores a match outside the text', () => {
    expect(splitMatch('今日は猫が好き', { start: 3, end: 4 })).toEqual(['今日は', '猫', 'が好き']);
    expect(splitMatch('猫', { start: 3, end: 9 })).toEqual(['猫', '', '']);
  });
});

import { describe, expect, it } from 'vitest';
import { nameWithSuffix, sanitizeFileName } from './file-names';

describe('sanitizeFileName', () => {
  it('keeps ordinary, Japanese and Chinese names as they are', () => {
    expect(sanitizeFileName('lesson-01.mp3')).toBe('lesson-01.mp3');
    expect(sanitizeFileName('第1話 字幕.srt')).toBe('第1話 字幕.srt');
    expect(sanitizeFileName('日语学习资料（第二册）.epub')).toBe('日语学习资料（第二册）.epub');
  });

  it('never lets a name leave the folder', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('etc_passwd');
    expect(sanitizeFileName('..\\..\\windows\\win.ini')).toBe('windows_win.ini');
    expect(sanitizeFileName('/absolute/path.txt')).toBe('absolute_path.txt');
    expect(sanitizeFileName('..')).toBeNull();
    expect(sanitizeFileName('.')).toBeNull();
    expect(sanitizeFileName('a..b')).toBe('a.b');
  });

  it('drops control characters and bidirectional overrides', () => {
    expect(sanitizeFileName('a\u0000b')).toBe('ab');
    expect(sanitizeFileName('line\nbreak\t.txt')).toBe('linebreak.txt');
    expect(sanitizeFileName('evil\u202etxt.exe')).toBe('eviltxt.exe');
  });

  it('refuses a leading dot and trailing dots or spaces', () => {
    expect(sanitizeFileName('.bashrc')).toBe('bashrc');
    expect(sanitizeFileName('  ...hidden.txt')).toBe('hidden.txt');
    expect(sanitizeFileName('name. . ')).toBe('name');
  });

  it('renames Windows reserved names and replaces forbidden characters', () => {
    expect(sanitizeFileName('con')).toBe('_con');
    expect(sanitizeFileName('CON.txt')).toBe('_CON.txt');
    expect(sanitizeFileName('lpt1')).toBe('_lpt1');
    expect(sanitizeFileName('console.log')).toBe('console.log');
    expect(sanitizeFileName('what?<now>:"x"|*.txt')).toBe('what__now___x___.txt');
  });

  it('returns null when nothing is left', () => {
    expect(sanitizeFileName('')).toBeNull();
    expect(sanitizeFileName('\u0000\u0001')).toBeNull();
    expect(sanitizeFileName('  /  ')).toBeNull();
  });

  it('shortens long names by whole characters and keeps the extension', () => {
    const name = sanitizeFileName('字'.repeat(200) + '.txt')!;
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(240);
    expect(name.endsWith('字.txt')).toBe(true);
  });
});

describe('nameWithSuffix', () => {
  it('puts the number before the extension', () => {
    expect(nameWithSuffix('第1話.srt', 2)).toBe('第1話 (2).srt');
    expect(nameWithSuffix('README', 3)).toBe('README (3)');
  });
});

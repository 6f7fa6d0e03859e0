import { describe, expect, it } from 'vitest';
import type { XpanEntry } from '../../../common/xpan';
import { crumbsOf, fileKind, foldersFirst, normaliseDir, sortEntries, srtToVtt, subtitlesFor } from './xpan-files';

const entry = (name: string, isdir: number, size = 0, mtime = 0, category = 6): XpanEntry => ({
  fs_id: size + mtime + name.length,
  path: `/${name}`,
  server_filename: name,
  isdir,
  size,
  server_mtime: mtime,
  category,
});

describe('drive files', () => {
  it('tells kinds by extension first, then by Baidu category', () => {
    expect(fileKind(entry('第1課.srt', 0))).toBe('text');
    expect(fileKind(entry('lesson.MP4', 0))).toBe('video');
    expect(fileKind(entry('朗読.m4a', 0))).toBe('audio');
    expect(fileKind(entry('no-extension', 0, 0, 0, 3))).toBe('image');
    expect(fileKind(entry('教材.7z', 0))).toBe('other');
    expect(fileKind(entry('字幕', 1))).toBe('folder');
  });

  it('normalises folder paths from the address bar and splits them into crumbs', () => {
    expect(normaliseDir(null)).toBe('/');
    expect(normaliseDir('/日本語教材//字幕/../.')).toBe('/日本語教材/字幕');
    expect(crumbsOf('/日本語教材/字幕')).toEqual([
      { name: '日本語教材', path: '/日本語教材' },
      { name: '字幕', path: '/日本語教材/字幕' },
    ]);
    expect(crumbsOf('/')).toEqual([]);
  });

  it('sorts folders first by name, size or date', () => {
    const items = [entry('b.txt', 0, 30, 3), entry('z', 1, 0, 1), entry('a.txt', 0, 10, 9), entry('a', 1, 0, 2)];
    expect(sortEntries(items, 'name', false).map((e) => e.server_filename)).toEqual(['a', 'z', 'a.txt', 'b.txt']);
    expect(sortEntries(items, 'size', true).map((e) => e.server_filename)).toEqual(['z', 'a', 'b.txt', 'a.txt']);
    expect(sortEntries(items, 'time', false).map((e) => e.server_filename)).toEqual(['z', 'a', 'b.txt', 'a.txt']);
    expect(foldersFirst(items).map((e) => e.server_filename)).toEqual(['z', 'a', 'b.txt', 'a.txt']);
  });

  it('finds subtitles kept beside a video and turns SubRip into WebVTT', () => {
    const video = entry('第1課.mp4', 0);
    const siblings = [video, entry('第1課.srt', 0), entry('第1課.ja.vtt', 0), entry('第10課.srt', 0), entry('第1課.txt', 0), entry('第1課.srt', 1)];
    expect(subtitlesFor(video, siblings).map((e) => `${e.server_filename}:${e.isdir}`)).toEqual(['第1課.srt:0', '第1課.ja.vtt:0']);
    expect(srtToVtt('\uFEFF1\r\n00:00:00,500 --> 00:00:02,500\r\n吾輩は猫である。\r\n')).toBe('WEBVTT\n\n1\n00:00:00.500 --> 00:00:02.500\n吾輩は猫である。\n');
  });
});

import fs from 'node:fs';
import path from 'node:path';
import Encoding from 'encoding-japanese';
import { describe, expect, it } from 'vitest';
import { buildEpub } from '../../../test-support/build-epub';
import { decodeText, extractFile, ImportError } from './extract';

const prose = fs.readFileSync(path.join(import.meta.dirname, '../../../test-support/fixtures/ja-manpages-prose.txt'), 'utf8');

function encode(text: string, to: 'SJIS' | 'EUCJP'): Uint8Array {
  return Uint8Array.from(Encoding.convert(Encoding.stringToCode(text), { to, from: 'UNICODE' }));
}

function refusal(run: () => unknown): ImportError {
  try {
    run();
  } catch (error) {
    if (error instanceof ImportError) return error;
    throw error;
  }
  throw new Error('expected an ImportError');
}

describe('decodeText', () => {
  const sample = prose.slice(0, 4000);

  it('reads UTF-8 (with or without a BOM)', () => {
    expect(decodeText('a.txt', new TextEncoder().encode(sample))).toEqual({ text: sample, encoding: 'UTF-8' });
    expect(decodeText('a.txt', new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('猫')])).text).toBe('猫');
  });

  it('detects Shift_JIS and EUC-JP in real text', () => {
    expect(decodeText('sjis.txt', encode(sample, 'SJIS'))).toEqual({ text: sample, encoding: 'Shift_JIS' });
    expect(decodeText('euc.txt', encode(sample, 'EUCJP'))).toEqual({ text: sample, encoding: 'EUC-JP' });
  });

  it('refuses bytes that are none of them, naming the file', () => {
    const error = refusal(() => decodeText('noise.txt', Uint8Array.from([0x82, 0xff, 0xfe, 0x80, 0x81, 0xfd, 0xfc, 0x90])));
    expect(error.status).toBe(400);
    expect(error.message).toContain('noise.txt');
  });
});

describe('extractFile', () => {
  it('refuses unsupported types (415) and empty files (400) by name', () => {
    expect(refusal(() => extractFile('scan.pdf', new Uint8Array([1])))).toMatchObject({ status: 415 });
    expect(refusal(() => extractFile('scan.pdf', new Uint8Array([1]))).message).toContain('scan.pdf');
    expect(refusal(() => extractFile('empty.txt', new Uint8Array()))).toMatchObject({ status: 400 });
  });

  it('reads Markdown and HTML as text (ruby readings dropped)', () => {
    const md = extractFile('notes.md', new TextEncoder().encode('# 見出し\n\n**猫**が[好き](http://x)です。\n\n```\ncode\n```\n'));
    expect(md.blocks.map((block) => block.text)).toEqual(['見出し', '猫が好きです。']);
    const html = extractFile(
      'page.html',
      new TextEncoder().encode('<html><head><title>記事 &amp; 題</title><style>p{}</style></head><body><p><ruby>漢字<rt>かんじ</rt></ruby>を読む。</p><script>x()</script><p>次の段落。</p></body></html>'),
    );
    expect(html.title).toBe('記事 & 題');
    expect(html.blocks.map((block) => block.text)).toEqual(['漢字を読む。', '次の段落。']);
    const sjisHtml = extractFile('old.htm', encode('<p>古いページです。</p>', 'SJIS'));
    expect(sjisHtml.encoding).toBe('Shift_JIS');
    expect(sjisHtml.blocks[0].text).toBe('古いページです。');
  });

  it('reads an EPUB in spine order with its metadata', () => {
    const epub = buildEpub(
      [
        { file: 'b.xhtml', html: '<p>第二章の文。</p>' },
        { file: 'a.xhtml', html: '<h1>第一章</h1><p>第一章の文。</p>' },
      ],
      ['a.xhtml', 'b.xhtml'],
    );
    const extracted = extractFile('book.epub', epub);
    expect(extracted).toMatchObject({ kind: 'epub', title: 'テスト本', author: '著者名', pubYear: 1999 });
    expect(extracted.blocks.map((block) => block.text)).toEqual(['第一章', '第一章の文。', '第二章の文。']);
  });

  it('refuses a cut or damaged EPUB by name', () => {
    const epub = buildEpub([{ file: 'a.xhtml', html: '<p>文。</p>' }], ['a.xhtml']);
    const cut = refusal(() => extractFile('cut.epub', epub.subarray(0, Math.floor(epub.length / 2))));
    expect(cut.status).toBe(400);
    expect(cut.message).toContain('cut.epub');
    const noSpine = buildEpub([{ file: 'a.xhtml', html: '<p>文。</p>' }], []);
    expect(refusal(() => extractFile('empty.epub', noSpine)).message).toMatch(/empty\.epub.*spine/);
  });

  it('keeps cue times from SRT, WebVTT and ASS', () => {
    const srt = extractFile('ep1.srt', new TextEncoder().encode('1\r\n00:00:01,500 --> 00:00:03,000\r\nこんにちは。<i>元気？</i>\r\n\r\n2\r\n00:01:02,000 --> 00:01:04,250\r\nまたね\r\n'));
    expect(srt.blocks).toEqual([
      { text: 'こんにちは。元気？', start: 1.5, end: 3 },
      { text: 'またね', start: 62, end: 64.25 },
    ]);
    const vtt = extractFile('ep1.vtt', new TextEncoder().encode('WEBVTT\n\nintro\n00:00.500 --> 00:02.000 align:start\n<v 太郎>行こう。\n\n01:00:00.000 --> 01:00:01.000\n終わり\n'));
    expect(vtt.blocks).toEqual([
      { text: '行こう。', start: 0.5, end: 2 },
      { text: '終わり', start: 3600, end: 3601 },
    ]);
    const ass = extractFile(
      'ep1.ass',
      new TextEncoder().encode(
        '[Script Info]\nTitle: x\n\n[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\nDialogue: 0,0:00:05.10,0:00:07.00,Default,,0,0,0,,{\\i1}そうだね、\\Nわかった。\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,最初\n',
      ),
    );
    expect(ass.blocks).toEqual([
      { text: '最初', start: 1, end: 2 },
      { text: 'そうだね、\nわかった。', start: 5.1, end: 7 },
    ]);
    expect(refusal(() => extractFile('broken.srt', new TextEncoder().encode('no cues here'))).message).toContain('broken.srt');
  });
});

import { describe, expect, it } from 'vitest';
import { chunkText, maxChunkLength, prepareQueue, splitSentences } from './text-queue';

describe('queue reading (docs/behaviour.md "Speech")', () => {
  it('skips empty lines and lines starting with a full-width opening bracket', () => {
    const lines = ['今日は晴れです。', '', '   ', '「会話」は読まない', '【見出し】', '（注）', '『書名』', '〔補足〕', '〈括弧〉', '《二重》', '［角］', '｛波｝', '最後の行'];
    expect(prepareQueue(lines)).toEqual(['今日は晴れです。', '最後の行']);
  });

  it('keeps lines whose bracket is half-width or not at the start', () => {
    expect(prepareQueue(['(half) width', '彼は「はい」と言った'])).toEqual(['(half) width', '彼は「はい」と言った']);
  });

  it('strips bullet and asterisk characters and list markers', () => {
    expect(prepareQueue(['* **大事**な点', '• 一つ目', '- 二つ目', '・三つ目', '1. 四つ目', '＊全角＊', '※注意', 'a-b and x*y'])).toEqual([
      '大事な点',
      '一つ目',
      '二つ目',
      '三つ目',
      '四つ目',
      '全角',
      '注意',
      'a-b and xy',
    ]);
  });

  it('splits multi-line texts into their lines and drops lines that are only bullets', () => {
    expect(prepareQueue(['一行目\n\n二行目\r\n* \n【見出し】\n三行目'])).toEqual(['一行目', '二行目', '三行目']);
  });
});

describe('sentence splitting (long texts start quickly)', () => {
  it('splits at 。！？.!? and newlines, keeping closing quotes with their sentence', () => {
    expect(splitSentences('吾輩は猫である。名前はまだ無い！本当？「はい。」と言った\nNext line. Is it? Yes! 3.14 stays')).toEqual([
      '吾輩は猫である。',
      '名前はまだ無い！',
      '本当？',
      '「はい。」',
      'と言った',
      'Next line.',
      'Is it?',
      'Yes!',
      '3.14 stays',
    ]);
  });

  it('keeps runs of terminators together', () => {
    expect(splitSentences('えっ！？本当……。Wait... really?!')).toEqual(['えっ！？', '本当……。', 'Wait...', 'really?!']);
  });

  it('reads the first sentence alone, then merges the rest up to the chunk limit', () => {
    const text = '一文目。二文目。三文目。四文目。';
    expect(chunkText(text)).toEqual(['一文目。', '二文目。三文目。四文目。']);
    expect(chunkText('First one. Second one. Third.')).toEqual(['First one.', 'Second one. Third.']);
  });

  it('cuts an overlong sentence at commas, and never returns a chunk above the limit', () => {
    const long = `${'あ'.repeat(200)}、${'い'.repeat(200)}、${'う'.repeat(400)}。`;
    const chunks = chunkText(long);
    expect(chunks.join('')).toBe(long);
    expect(chunks[0]).toBe(`${'あ'.repeat(200)}、`);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(maxChunkLength);
  });

  it('gives nothing for blank text', () => {
    expect(chunkText('  \n ')).toEqual([]);
  });
});

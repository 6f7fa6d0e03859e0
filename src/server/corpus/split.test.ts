import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitSentences } from './split';

const texts = (input: string) => splitSentences(input).map((span) => span.text);

describe('splitSentences', () => {
  it('splits at 。！？ and keeps runs of them together', () => {
    expect(texts('吾輩は猫である。名前はまだ無い。本当か！？うそだろ!?')).toEqual(['吾輩は猫である。', '名前はまだ無い。', '本当か！？', 'うそだろ!?']);
  });

  it('does not split inside 「」 or 『』 unless the quote closes the sentence', () => {
    expect(texts('彼は「行くぞ！急げ。」と言った。私は黙っていた。')).toEqual(['彼は「行くぞ！急げ。」と言った。', '私は黙っていた。']);
    expect(texts('「行くぞ！」「待って。」彼女が叫んだ。')).toEqual(['「行くぞ！」', '「待って。」', '彼女が叫んだ。']);
    expect(texts('『坊っちゃん』を読んだ。面白かった。')).toEqual(['『坊っちゃん』を読んだ。', '面白かった。']);
    expect(texts('「はい。」彼は答えた。')).toEqual(['「はい。」', '彼は答えた。']);
  });

  it('keeps ellipses inside a sentence and ends one at an ellipsis before a break', () => {
    expect(texts('それは……猫だった。')).toEqual(['それは……猫だった。']);
    expect(texts('そうか……\nまあいい。')).toEqual(['そうか……', 'まあいい。']);
    expect(texts('そうか……。まあいい‥‥')).toEqual(['そうか……。', 'まあいい‥‥']);
  });

  it('ends a sentence at a line break, but an open quote carries over a line', () => {
    expect(texts('一行目\n二行目\n\n三行目')).toEqual(['一行目', '二行目', '三行目']);
    expect(texts('「長い台詞は\n次の行に続く。」と言った。')).toEqual(['「長い台詞は\n次の行に続く。」と言った。']);
    // An unclosed quote never swallows the paragraph after a blank line.
    expect(texts('「閉じない\n\n次の段落。')).toEqual(['「閉じない', '次の段落。']);
  });

  it('keeps decimal points, abbreviations and parentheses whole', () => {
    expect(texts('バージョン 3.5 を使う (例: e.g. の場合)。次へ。')).toEqual(['バージョン 3.5 を使う (例: e.g. の場合)。', '次へ。']);
    expect(texts('This is one. This is two.')).toEqual(['This is one.', 'This is two.']);
  });

  it('gives offsets into the input and trims spaces', () => {
    const input = '　冒頭の文。  次の文。';
    for (const span of splitSentences(input)) expect(input.slice(span.start, span.end)).toBe(span.text);
    expect(texts(input)).toEqual(['冒頭の文。', '次の文。']);
  });

  it('cuts a runaway sentence without breaking a surrogate pair', () => {
    const spans = texts('𠮷'.repeat(700));
    expect(spans.length).toBeGreaterThan(1);
    expect(spans.join('')).toBe('𠮷'.repeat(700));
  });

  it('splits real prose (manpages-ja) into sentences that end where the text says', () => {
    const prose = fs.readFileSync(path.join(import.meta.dirname, '../../../test-support/fixtures/ja-manpages-prose.txt'), 'utf8');
    const paragraphs = prose.split('\n\n');
    const sentences = paragraphs.flatMap(texts);
    expect(sentences.length).toBeGreaterThan(paragraphs.length * 2);
    expect(sentences.join('').replace(/\s/g, '')).toBe(prose.replace(/\s/g, ''));
    const first = texts(paragraphs[0]);
    expect(first[0]).toBe('lessはmore (1) と同様なプログラムであるが、ファイル内での前方移動と同様に後方移動も可能となっている。');
    // No sentence starts with a closing bracket or punctuation: nothing was cut in the wrong place.
    for (const sentence of sentences) expect(sentence).not.toMatch(/^[」』）)。、！？]/);
  });
});

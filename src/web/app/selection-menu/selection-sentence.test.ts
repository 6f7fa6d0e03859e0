import { describe, expect, it } from 'vitest';
import { selectionSentence } from './selection-sentence';

function select(html: string, word: string, occurrence = 0) {
  document.body.innerHTML = html;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let seen = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    let at = node.textContent!.indexOf(word);
    while (at >= 0) {
      if (seen++ === occurrence) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + word.length);
        return range;
      }
      at = node.textContent!.indexOf(word, at + 1);
    }
  }
  throw new Error(`no ${word}`);
}

describe('selectionSentence', () => {
  it('leaves out the readings of a line with furigana', () => {
    document.body.innerHTML = '<p>昨日は晴れ。<ruby>図書館<rt>としょかん</rt></ruby>で<ruby>本<rt>ほん</rt></ruby>を<ruby>読<rt>よ</rt></ruby>む。</p>';
    const ruby = document.querySelectorAll('ruby')[1];
    const range = document.createRange();
    range.selectNodeContents(ruby);
    expect(selectionSentence(range)).toEqual({ text: '図書館で本を読む。', mark: { start: 4, end: 5 } });
  });

  it('cuts the block at 。 and marks the selection', () => {
    const range = select('<p>今日は雨だ。図書館で<b>本</b>を読んだ。明日は晴れ。</p>', '図書館');
    expect(selectionSentence(range)).toEqual({ text: '図書館で本を読んだ。', mark: { start: 0, end: 3 } });
  });

  it('finds the right occurrence and stops at line ends', () => {
    const range = select('<div>猫が好き\n犬も猫も好き！</div>', '猫', 1);
    expect(selectionSentence(range)).toEqual({ text: '犬も猫も好き！', mark: { start: 2, end: 3 } });
  });
});

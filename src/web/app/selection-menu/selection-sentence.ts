import type { MarkedText } from '../../lib/anki/anki-note';
import { plainRangeText } from '../../lib/reading/plain-range';

const blockSelector = 'p, li, td, th, dd, dt, blockquote, h1, h2, h3, h4, h5, h6, pre, [role="cell"], [role="row"], article, section, div';
const sentenceEnd = /[。！？!?\n]/;

/**
 * The sentence a selection sits in (its block's text cut at 。！？ and line ends, without
 * furigana), with the selection's place in it: what a card shows with the word in bold.
 */
export function selectionSentence(range: Range, maxLength = 400): MarkedText | undefined {
  const start = range.startContainer;
  const element = start instanceof Element ? start : start.parentElement;
  const block = element?.closest(blockSelector);
  if (!block) return undefined;
  // Readings drawn over the line (furigana) are not part of its text.
  const whole = document.createRange();
  whole.selectNodeContents(block);
  const text = plainRangeText(whole);
  const before = document.createRange();
  before.setStart(block, 0);
  before.setEnd(range.startContainer, range.startOffset);
  const offset = plainRangeText(before).length;
  const length = plainRangeText(range).length;
  let from = offset;
  while (from > 0 && !sentenceEnd.test(text[from - 1]) && offset - from < maxLength) from--;
  let to = offset + length;
  while (to < text.length && !sentenceEnd.test(text[to - 1] ?? '') && to - offset < maxLength) to++;
  // Keep the closing mark (。) with its sentence, not a line end.
  const sentence = text.slice(from, to);
  const trimmedStart = sentence.length - sentence.trimStart().length;
  const trimmed = sentence.trim();
  if (!trimmed) return undefined;
  const markStart = offset - from - trimmedStart;
  return { text: trimmed, mark: markStart >= 0 && markStart + length <= trimmed.length ? { start: markStart, end: markStart + length } : undefined };
}

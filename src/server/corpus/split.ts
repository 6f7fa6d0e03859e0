/**
 * Sentence splitting for Japanese prose, subtitles and mixed text. A sentence ends at 。．！？
 * (and runs of them, `！？`, `……。`), at an ellipsis followed by a break, or at a line break — but
 * not inside 「」『』（）, unless the quote itself closes a sentence (`「行くぞ！」` on its own
 * line, or followed by another quote). An unclosed quote never swallows more than a paragraph.
 */

export interface SentenceSpan {
  start: number;
  end: number;
  text: string;
}

const terminators = new Set(['。', '．', '！', '？', '!', '?', '‼', '⁇', '⁈', '⁉', '｡']);
const ellipses = new Set(['…', '‥']);
const opening = new Set(['「', '『', '（', '(', '【', '〈', '《', '〔', '［', '“', '｢']);
const closing = new Set(['」', '』', '）', ')', '】', '〉', '》', '〕', '］', '”', '｣']);
// Only quotes can close a sentence; a closing parenthesis is part of the sentence around it.
const closingQuotes = new Set(['」', '』', '”', '｣', '》']);
// After a closing quote these continue the sentence: 「…」と言った, 「…」って, 「…」、
const continuesAfterQuote = /^[とっ、，,のはもをがにで]/;
const maxSentence = 1000;
const maxQuoteLines = 6;

// One table lookup per character instead of several Set lookups: splitting runs at import speed.
const TERMINATOR = 1;
const ELLIPSIS = 2;
const OPENING = 4;
const CLOSING = 8;
const QUOTE_CLOSE = 16;
const DOT = 32;
const classes = new Uint8Array(0x10000);
for (const char of terminators) classes[char.charCodeAt(0)] |= TERMINATOR;
for (const char of ellipses) classes[char.charCodeAt(0)] |= ELLIPSIS;
for (const char of opening) classes[char.charCodeAt(0)] |= OPENING;
for (const char of closing) classes[char.charCodeAt(0)] |= CLOSING;
for (const char of closingQuotes) classes[char.charCodeAt(0)] |= QUOTE_CLOSE;
classes[46] |= DOT;

function isSpace(char: string) {
  return char === ' ' || char === '\t' || char === '\u3000' || char === '\r';
}

/** Whether the line break at `i` is followed by a blank line: another break within seven characters, only spaces between. */
function blankLineAt(text: string, i: number): boolean {
  let j = i + 1;
  while (j < i + 8 && j < text.length && isSpace(text[j])) j++;
  return j < i + 8 && text[j] === '\n';
}

export function splitSentences(text: string): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  let begin = 0;
  let depth = 0;
  let quoteLines = 0;

  const cut = (end: number) => {
    let s = begin;
    let e = end;
    while (s < e && (isSpace(text[s]) || text[s] === '\n')) s++;
    while (e > s && (isSpace(text[e - 1]) || text[e - 1] === '\n')) e--;
    if (e > s) spans.push({ start: s, end: e, text: text.slice(s, e) });
    begin = end;
    depth = 0;
    quoteLines = 0;
  };

  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    const kind = classes[code];
    if (kind === 0 && code !== 10) {
      i++;
      // A runaway sentence (no punctuation at all) is cut, never between a surrogate pair.
      if (i - begin >= maxSentence && !(code >= 0xd800 && code <= 0xdbff)) cut(i);
      continue;
    }
    const char = text[i];
    if (char === '\n') {
      if (depth === 0 || blankLineAt(text, i) || ++quoteLines > maxQuoteLines) cut(i + 1);
      i++;
      continue;
    }
    if (opening.has(char)) {
      depth++;
      i++;
      continue;
    }
    if (closing.has(char)) {
      if (depth > 0) depth--;
      i++;
      if (depth === 0 && closingQuotes.has(char)) {
        const before = text[i - 2] ?? '';
        const rest = text.slice(i, i + 2);
        const atBreak = rest === '' || isSpace(rest[0]) || rest[0] === '\n' || opening.has(rest[0]);
        const endedSentence = terminators.has(before) || ellipses.has(before);
        if (atBreak || (endedSentence && !continuesAfterQuote.test(rest))) cut(i);
      }
      continue;
    }
    if (depth === 0 && (terminators.has(char) || ellipses.has(char) || char === '.')) {
      let j = i;
      let strong = false;
      while (j < text.length && (terminators.has(text[j]) || ellipses.has(text[j]) || text[j] === '.')) {
        if (terminators.has(text[j])) strong = true;
        j++;
      }
      const next = text[j];
      const atBreak = next === undefined || isSpace(next) || next === '\n';
      const onlyDots = /^\.+$/.test(text.slice(i, j));
      // "3.5" and "e.g." stay whole: an ASCII full stop ends a sentence only before a space.
      if (onlyDots ? atBreak : strong || atBreak || opening.has(next)) {
        cut(j);
        i = j;
        continue;
      }
      i = j;
      continue;
    }
    i++;
  }
  cut(text.length);
  return spans;
}

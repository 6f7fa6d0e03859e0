/**
 * Search normalisation: NFKC (full/half width, compatibility forms) and lower case. The original
 * text is what people see; `normalizeWithMap` says where each normalised character came from so a
 * match found in the normalised text is cut from the original.
 */

// A base character and the marks that NFKC may compose into it (combining marks, and the
// half-width voiced sound marks ﾞ ﾟ, which are not \p{M} but compose with the kana before them).
const segment = /[^\p{M}\uFF9E\uFF9F][\p{M}\uFF9E\uFF9F]*|[\p{M}\uFF9E\uFF9F]+/gsu;

export function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

export interface NormalizedText {
  text: string;
  /** For each UTF-16 unit of `text`: the index in the original where its segment starts. */
  start: Int32Array;
  /** For each UTF-16 unit of `text`: the index in the original just after its segment. */
  end: Int32Array;
}

/** `normalize`, segment by segment, keeping the offsets; `text` equals `normalize(original)` for real text. */
export function normalizeWithMap(original: string): NormalizedText {
  let text = '';
  const starts: number[] = [];
  const ends: number[] = [];
  for (const match of original.matchAll(segment)) {
    const piece = normalize(match[0]);
    const from = match.index;
    const to = from + match[0].length;
    for (let i = 0; i < piece.length; i++) {
      starts.push(from);
      ends.push(to);
    }
    text += piece;
  }
  return { text, start: Int32Array.from(starts), end: Int32Array.from(ends) };
}

/** The original span [start, end) for the normalised span [from, to). */
export function originalSpan(map: NormalizedText, from: number, to: number): [number, number] {
  if (to <= from) return [map.start[from] ?? 0, map.start[from] ?? 0];
  return [map.start[from], map.end[to - 1]];
}

/**
 * The unigram index's text: one token per character. The FTS5 `ascii` tokenizer takes every
 * non-ASCII code point as a token character and ASCII letters and digits too, so ASCII
 * punctuation and spaces are moved to the private use area to become tokens as well.
 */
export function charTokens(normalized: string): string {
  return normalized.replace(asciiSeparator, (char) => String.fromCharCode(0xe000 + char.charCodeAt(0))).replace(eachButLast, '$1 ');
}

// ASCII characters the `ascii` tokenizer would treat as separators: everything but letters and digits.
// eslint-disable-next-line no-control-regex -- the ASCII control characters are separators too
const asciiSeparator = /[\x00-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]/g;
const eachButLast = /(.)(?=.)/gsu;

export function charToken(char: string): string {
  const code = char.codePointAt(0)!;
  if (code < 0x80 && !/[a-zA-Z0-9]/.test(char)) return String.fromCodePoint(0xe000 + code);
  return char;
}

/** An FTS5 string literal: the text is matched as it is, never read as query syntax. */
export function ftsString(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** An FTS5 phrase over the unigram index for a 1–2 character (or longer) normalised query. */
export function charPhrase(normalized: string): string {
  return ftsString(charTokens(normalized));
}

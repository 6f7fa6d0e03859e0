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
  /** For each UTF-16 unit of `text`: the index in the original where its segment starts (null: the text was already normal). */
  start: Int32Array | null;
  /** For each UTF-16 unit of `text`: the index in the original just after its segment. */
  end: Int32Array | null;
}

/** `normalize`, segment by segment, keeping the offsets; `text` equals `normalize(original)` for real text. */
export function normalizeWithMap(original: string): NormalizedText {
  // Most sentences are already normal (kana and kanji are): no map to build.
  if (normalize(original) === original) return { text: original, start: null, end: null };
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
  if (!map.start || !map.end) return [from, Math.max(from, to)];
  if (to <= from) return [map.start[from] ?? 0, map.start[from] ?? 0];
  return [map.start[from], map.end[to - 1]];
}

/** Full-width opening brackets: a line starting with one is a heading or aside, not read in a queue. */
const fullWidthOpening = /^[「『【（〔〈《〖〘〚［｛｟〝＜]/;
/** Bullets and asterisks are stripped anywhere; `-`, `+`, `・` only as a list marker at the start. */
const bulletsAndAsterisks = /[*＊•●○◦▪▫■□◆◇‣⁃※►▶]/g;
const listMarker = /^\s*(?:[-+]\s+|[・·]\s*|\d+[.)]\s+)/;

/** Queue reading (docs/behaviour.md "Speech"): the lines to read, in order, cleaned. */
export function prepareQueue(texts: readonly string[]): string[] {
  const result: string[] = [];
  for (const text of texts) {
    for (const rawLine of text.split(/\r?\n/)) {
      const line = rawLine.trim();
      if (!line || fullWidthOpening.test(line)) continue;
      const cleaned = line.replace(listMarker, '').replace(bulletsAndAsterisks, '').replace(/\s+/g, ' ').trim();
      if (cleaned) result.push(cleaned);
    }
  }
  return result;
}

const terminators = new Set(['。', '！', '？', '!', '?']);
const closers = new Set(['」', '』', '）', ')', '"', "'", '”', '’', '】']);

/** Splits after 。！？!? (with any closing quotes), after `.` followed by a space or the end, and at newlines. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    let buffer = '';
    for (let i = 0; i < line.length; i++) {
      const char = line[i];
      buffer += char;
      const next = line[i + 1];
      const ends = terminators.has(char) || (char === '.' && (next === undefined || /\s/.test(next) || closers.has(next)));
      if (!ends) continue;
      while (i + 1 < line.length && (terminators.has(line[i + 1]) || line[i + 1] === '.' || closers.has(line[i + 1]))) buffer += line[++i];
      if (buffer.trim()) sentences.push(buffer.trim());
      buffer = '';
    }
    if (buffer.trim()) sentences.push(buffer.trim());
  }
  return sentences;
}

/** Pieces above this length are cut further at commas or spaces, then hard. */
export const maxChunkLength = 300;

function cutLong(sentence: string): string[] {
  if (sentence.length <= maxChunkLength) return [sentence];
  const pieces: string[] = [];
  let rest = sentence;
  while (rest.length > maxChunkLength) {
    const window = rest.slice(0, maxChunkLength);
    const cut = Math.max(window.lastIndexOf('、'), window.lastIndexOf('，'), window.lastIndexOf(','), window.lastIndexOf(' '));
    const at = cut > maxChunkLength / 3 ? cut + 1 : maxChunkLength;
    pieces.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

/**
 * Chunks for synthesis: the first sentence alone so playback starts quickly, the rest merged up
 * to `maxChunkLength` so a long text does not become hundreds of requests.
 */
export function chunkText(text: string): string[] {
  const sentences = splitSentences(text).flatMap(cutLong);
  if (sentences.length <= 1) return sentences;
  const chunks = [sentences[0]];
  let current = '';
  for (const sentence of sentences.slice(1)) {
    const joined = current ? `${current}${/[\u3000-\u9fff\uff00-\uffef]$/.test(current) ? '' : ' '}${sentence}` : sentence;
    if (current && joined.length > maxChunkLength) {
      chunks.push(current);
      current = sentence;
    } else current = joined;
  }
  if (current) chunks.push(current);
  return chunks;
}

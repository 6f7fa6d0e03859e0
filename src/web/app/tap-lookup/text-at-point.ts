/** A place in the page's text: a text node and an offset (UTF-16 units) in it. */
export interface TextPoint {
  node: Text;
  offset: number;
}

/**
 * What a tap scans: the Japanese text from the character under the finger onwards (at most
 * `scanLength` characters, within its block, readings left out), and where each of its UTF-16
 * units sits in the page, so the part the dictionary matched can be marked.
 */
export interface ScannedText {
  text: string;
  /** `points[i]` is where `text[i]` is; `points[text.length]` is just after the last one. */
  points: TextPoint[];
}

/** As far as the server's scanning looks for a word (src/server/dict/lookup.ts `scanMaxChars`). */
export const scanLength = 20;

// Kana (with ー and the iteration marks), kanji, 々〆ヶ, half-width kana. Punctuation, Latin
// letters and digits end a scan: the server would read a Latin run as romaji.
const japanese = /[\u3041-\u309f\u30a0-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f\u3005\u3006\u3031-\u3035\u30fc\u{20000}-\u{3134f}]/u;

export function isJapaneseCharacter(character: string): boolean {
  return japanese.test(character);
}

const isReading = (node: Node) => node.parentElement?.closest('rt, rp') != null;

/** The caret under a point, from whichever API the browser has. */
function caretAt(x: number, y: number): TextPoint | null {
  const withPosition = document as Document & { caretPositionFromPoint?: (x: number, y: number) => { offsetNode: Node; offset: number } | null };
  if (typeof withPosition.caretPositionFromPoint === 'function') {
    const position = withPosition.caretPositionFromPoint(x, y);
    return position && position.offsetNode instanceof Text ? { node: position.offsetNode, offset: position.offset } : null;
  }
  const range = document.caretRangeFromPoint?.(x, y);
  return range && range.startContainer instanceof Text ? { node: range.startContainer, offset: range.startOffset } : null;
}

/** The character (one code point) starting at `offset`, with its length in UTF-16 units. */
function characterAt(text: string, offset: number): string {
  const code = text.codePointAt(offset);
  return code === undefined ? '' : String.fromCodePoint(code);
}

/** Whether the character starting at `offset` is drawn under the point (a caret is only the nearest gap). */
function drawnAt(point: TextPoint, x: number, y: number): boolean {
  const character = characterAt(point.node.data, point.offset);
  if (!character) return false;
  const range = document.createRange();
  range.setStart(point.node, point.offset);
  range.setEnd(point.node, point.offset + character.length);
  // A character broken over two lines has two boxes.
  for (const box of range.getClientRects()) {
    if (x >= box.left - 1 && x <= box.right + 1 && y >= box.top - 1 && y <= box.bottom + 1) return true;
  }
  return false;
}

/** The character under a point: the caret's gap lies before or after it. */
export function characterUnder(x: number, y: number): TextPoint | null {
  const caret = caretAt(x, y);
  if (!caret || isReading(caret.node)) return null;
  const candidates = [caret.offset, caret.offset - 1, caret.offset - 2];
  for (const offset of candidates) {
    if (offset < 0 || offset >= caret.node.data.length) continue;
    // Not the second half of a surrogate pair.
    if (offset > 0 && /[\udc00-\udfff]/.test(caret.node.data[offset]) && /[\ud800-\udbff]/.test(caret.node.data[offset - 1])) continue;
    const point = { node: caret.node, offset };
    if (drawnAt(point, x, y)) return point;
  }
  return null;
}

/** The nearest ancestor laid out as a block: a scan does not run on into the next cell or paragraph. */
function blockOf(node: Node): Element | null {
  for (let element = node.parentElement; element; element = element.parentElement) {
    const display = getComputedStyle(element).display;
    if (!display.startsWith('inline') && !display.startsWith('ruby') && display !== 'contents') return element;
  }
  return null;
}

/** The Japanese text at a point, or null when the finger is not on a Japanese character. */
export function scanAt(x: number, y: number): ScannedText | null {
  const start = characterUnder(x, y);
  if (!start || !isJapaneseCharacter(characterAt(start.node.data, start.offset))) return null;
  const block = blockOf(start.node);
  // The character must be what is seen there, not text clipped away under something else.
  const seen = document.elementFromPoint(x, y);
  if (!block || !seen || !seen.contains(start.node) || !block.contains(seen)) return null;
  const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
  walker.currentNode = start.node;
  let text = '';
  const points: TextPoint[] = [];
  let node: Text | null = start.node;
  let offset = start.offset;
  let characters = 0;
  let last: TextPoint = { node: start.node, offset: start.offset };
  scan: while (node) {
    if (!isReading(node) && (node === start.node || blockOf(node) === block)) {
      const data = node.data;
      while (offset < data.length) {
        const character = characterAt(data, offset);
        if (!isJapaneseCharacter(character) || characters >= scanLength) break scan;
        for (let unit = 0; unit < character.length; unit++) points.push({ node, offset: offset + unit });
        text += character;
        characters++;
        offset += character.length;
        last = { node, offset };
      }
    }
    node = walker.nextNode() as Text | null;
    offset = 0;
  }
  points.push(last);
  return { text, points };
}

/** The page's range for `text.slice(start, end)` of a scan. */
export function rangeOf(scanned: ScannedText, start: number, end: number): Range {
  const from = scanned.points[Math.max(0, Math.min(start, scanned.text.length))];
  const to = end >= scanned.text.length ? scanned.points[scanned.text.length] : scanned.points[end];
  const range = document.createRange();
  range.setStart(from.node, from.offset);
  range.setEnd(to.node, to.offset);
  return range;
}

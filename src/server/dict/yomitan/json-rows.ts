/**
 * The rows of a bank file (a JSON array of rows) as slices of its text, with where a row's
 * glossary column (index 5) lies. Each row is then parsed on its own: short-lived objects the
 * young generation collects, instead of a 10 MB tree kept alive for the whole file; and the
 * glossary, once checked, is stored as the dictionary wrote it, not serialised again.
 */
export interface RowSlice {
  start: number;
  end: number;
  /** Start and end of the row's sixth element (the glossary of a term bank row), when it has one. */
  glossaryStart: number;
  glossaryEnd: number;
}

export class JsonShapeError extends Error {}

const space = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

export function* jsonRows(text: string): Generator<RowSlice> {
  let at = 0;
  const skip = () => {
    while (at < text.length && space(text.charCodeAt(at))) at++;
  };
  skip();
  if (text.charCodeAt(at) !== 0x5b) throw new JsonShapeError('the file must hold a list of rows');
  at++;
  skip();
  if (text.charCodeAt(at) === 0x5d) {
    at++;
    skip();
    if (at !== text.length) throw new JsonShapeError(`unexpected text after the list at offset ${at}`);
    return;
  }
  for (;;) {
    skip();
    const start = at;
    let depth = 0;
    let column = 0;
    let glossaryStart = -1;
    let glossaryEnd = -1;
    while (at < text.length) {
      const code = text.charCodeAt(at);
      if (code === 0x22) {
        // A string: to its closing quote, past escapes.
        at++;
        while (at < text.length) {
          const inner = text.charCodeAt(at);
          if (inner === 0x5c) at += 2;
          else if (inner === 0x22) break;
          else at++;
        }
        if (at >= text.length) throw new JsonShapeError('a string is not closed');
      } else if (code === 0x5b || code === 0x7b) {
        depth++;
      } else if (code === 0x5d || code === 0x7d) {
        if (depth === 0) break;
        depth--;
        if (depth === 0) {
          at++;
          if (column === 5 && glossaryStart >= 0) glossaryEnd = at - 1;
          break;
        }
      } else if (code === 0x2c) {
        if (depth === 0) break;
        if (depth === 1) {
          if (column === 5) glossaryEnd = at;
          column++;
          if (column === 5) glossaryStart = at + 1;
        }
      }
      at++;
    }
    if (at === start) throw new JsonShapeError(`an empty row at offset ${start}`);
    yield { start, end: at, glossaryStart, glossaryEnd };
    skip();
    const next = text.charCodeAt(at);
    if (next === 0x2c) {
      at++;
      continue;
    }
    if (next === 0x5d) {
      at++;
      skip();
      if (at !== text.length) throw new JsonShapeError(`unexpected text after the list at offset ${at}`);
      return;
    }
    throw new JsonShapeError(`expected , or ] at offset ${at}`);
  }
}

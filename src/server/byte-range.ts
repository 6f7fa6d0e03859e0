export type RangeResult = { start: number; end: number } | 'unsatisfiable' | null;

/**
 * One `bytes=` range of a `size`-byte file (inclusive end), `'unsatisfiable'` for a range that
 * starts past the end, or null to send the whole file (no header, a malformed one, or several
 * ranges: browsers' media elements ask for one).
 */
export function parseByteRange(header: string | undefined, size: number): RangeResult {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}

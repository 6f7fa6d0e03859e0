import type { DictLookup } from '../../../common/dict';

/**
 * How many UTF-16 units of the scanned text the dictionary's answer is for, counted from the
 * tapped character: its longest word there (`matched`), or 0 when no word starts at the tap (the
 * server's first word lies further on, or none was found).
 */
export function scannedSpan(answer: DictLookup, scanned: string): number {
  const { matched, searched, segments } = answer;
  if (!matched || !searched.startsWith(matched)) return 0;
  if (segments && !(segments[0]?.start === 0 && segments[0].matched !== undefined)) return 0;
  // The server folds some characters (half-width kana) before it scans; the span is then as long
  // as the match, cut to what was sent.
  return Math.min(matched.length, scanned.length);
}

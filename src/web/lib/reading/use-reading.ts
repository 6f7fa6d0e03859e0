import { useCallback, useSyncExternalStore } from 'react';
import type { ReadingToken } from '../../../common/reading';
import { readingOf, subscribeReading } from './reading-client';

const nothing = () => () => undefined;

/** `text`'s reading tokens once they arrive (undefined until then, null: shown plain); nothing is asked while disabled. */
export function useReading(text: string, enabled: boolean): ReadingToken[] | null | undefined {
  const subscribe = useCallback((listener: () => void) => subscribeReading(text, listener), [text]);
  const snapshot = useCallback(() => readingOf(text), [text]);
  const none = useCallback(() => null, []);
  return useSyncExternalStore(enabled ? subscribe : nothing, enabled ? snapshot : none, enabled ? snapshot : none);
}

/**
 * The tokens of the span [from, to) of the text they were read from: a line read whole (so the words
 * at a KWIC column's edge are read in their sentence) drawn column by column. A word cut by the
 * edge keeps its characters and loses its reading.
 */
export function sliceTokens(tokens: readonly ReadingToken[], from: number, to: number): ReadingToken[] {
  const out: ReadingToken[] = [];
  let at = 0;
  for (const token of tokens) {
    const start = at;
    const end = at + token.surface.length;
    at = end;
    if (end <= from) continue;
    if (start >= to) break;
    if (start >= from && end <= to) out.push(token);
    else out.push({ surface: token.surface.slice(Math.max(0, from - start), Math.min(token.surface.length, to - start)) });
  }
  return out;
}

import type { AvEvent, AvResult, AvSource } from '../../../common/av-search';
import { coded, type Coded } from '../../../common/server-errors';

/** Why a source could not search: English words and a code (docs/errors.md) for the screen to word. */
export class SourceError extends Error {
  constructor(
    message: string,
    readonly coded: Coded,
  ) {
    super(message);
  }
}

/** A source yields its results as it finds them and stops when the signal aborts. */
export type SourceSearch = (signal: AbortSignal) => AsyncIterable<AvResult>;

/**
 * Runs every source at once and reports each result the moment its source yields it, so a slow
 * source never holds back a fast one; a failing source reports `error` and the others go on.
 */
export async function runSearch(sources: ReadonlyMap<AvSource, SourceSearch>, signal: AbortSignal, emit: (event: AvEvent) => void): Promise<void> {
  let total = 0;
  await Promise.all(
    [...sources].map(async ([source, search]) => {
      let count = 0;
      try {
        for await (const result of search(signal)) {
          if (signal.aborted) return;
          count++;
          total++;
          emit({ type: 'result', data: result });
        }
        if (!signal.aborted) emit({ type: 'source-done', data: { source, count } });
      } catch (error) {
        if (signal.aborted) return;
        const why = error instanceof SourceError ? error.coded : coded('internal');
        emit({ type: 'error', data: { source, error: error instanceof Error ? error.message : String(error), ...why } });
        emit({ type: 'source-done', data: { source, count } });
      }
    }),
  );
  if (!signal.aborted) emit({ type: 'done', data: { count: total } });
}

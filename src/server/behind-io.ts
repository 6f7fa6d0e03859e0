/**
 * Work that may wait behind the server's own cheap answers (GET /api/health, statuses): a caller
 * awaits its turn, one per turn of the event loop, each after the I/O that turn brought. Under
 * load the event loop meets dozens of requests at once; answered in arrival order, a health check
 * waited behind every search that came in before it (p99 39 ms against a 20 ms budget with 64
 * clients searching). Taken in turns, it waits behind one at most.
 */
const waiting: Array<() => void> = [];
let scheduled = false;

function release() {
  scheduled = false;
  waiting.shift()?.();
  // An immediate set from an immediate runs on the next turn, after that turn's I/O.
  if (waiting.length > 0) schedule();
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  setImmediate(release);
}

/** Resolves on a later turn of the event loop than the requests that arrived with this one. */
export function behindIo(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    schedule();
  });
}

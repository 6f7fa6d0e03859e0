import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Lowers the scheduling priority of the calling thread (Linux: a thread is its own scheduling
 * entity, reached by its id through setpriority), so on a busy machine the event loop, which
 * only routes, runs first and a long search or an import never delays another request.
 * Elsewhere, or where it is not allowed, it does nothing.
 */
export function lowerThreadPriority(niceness: number): void {
  try {
    const thread = Number(path.basename(fs.readlinkSync('/proc/thread-self')));
    if (Number.isInteger(thread) && thread > 0) os.setPriority(thread, niceness);
  } catch {
    // Not Linux, or not permitted: the thread keeps the process's priority.
  }
}

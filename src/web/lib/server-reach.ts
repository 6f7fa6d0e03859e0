import { useSyncExternalStore } from 'react';

/**
 * Whether Kotonoha's own server answers (docs/decisions/0022-installable-app.md): the one place every
 * screen learns that it is out of reach, so the shell says so once instead of each screen
 * spinning. Any answer from it (an error status included) means reachable; a request that got no
 * answer at all means unreachable. The http client reports every request to it; `checkServer`
 * asks on its own for a screen that needs the server before that screen has asked anything.
 */
export type ServerReach = 'unknown' | 'reachable' | 'unreachable';

let reach: ServerReach = 'unknown';
const listeners = new Set<() => void>();
let recheck: ReturnType<typeof setTimeout> | undefined;
let awaitingOnline = false;

/** While out of reach, asked again this often (and whenever the browser says it is back online). */
export const recheckMs = 10_000;

export const serverReach = (): ServerReach => reach;

export function reportServerReach(next: Exclude<ServerReach, 'unknown'>): void {
  if (next === 'reachable') clearTimeout(recheck);
  else if (reach !== 'unreachable') scheduleRecheck();
  if (next === reach) return;
  reach = next;
  for (const listener of listeners) listener();
}

function scheduleRecheck() {
  clearTimeout(recheck);
  recheck = setTimeout(() => void checkServer(), recheckMs);
  if (awaitingOnline) return;
  awaitingOnline = true;
  window.addEventListener(
    'online',
    () => {
      awaitingOnline = false;
      void checkServer();
    },
    { once: true },
  );
}

/** Asks the server's liveness route; the answer (or its absence) is reported like any request's. */
export async function checkServer(): Promise<ServerReach> {
  try {
    await fetch('/api/health', { cache: 'no-store' });
    reportServerReach('reachable');
  } catch {
    reportServerReach('unreachable');
    scheduleRecheck();
  }
  return reach;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const current = () => reach;

export function useServerReach(): ServerReach {
  return useSyncExternalStore(subscribe, current, current);
}

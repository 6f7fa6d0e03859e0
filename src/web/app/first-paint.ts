import { useEffect } from 'react';
import { afterPaint } from '../lib/use-after-paint';

let markShellPainted: () => void = () => {};
let markScreenPainted: () => void = () => {};

/** Settles once the shell (sidebar, the screen's heading and description, a spinner) has painted. */
export const shellPainted = new Promise<void>((resolve) => {
  markShellPainted = resolve;
});

/** How long after the shell's paint what waits for the screen's goes anyway: a screen whose code does not come (offline) never paints. */
export const screenPaintedAtLatestMs = 2000;

/**
 * Settles once the first screen has painted too, or `screenPaintedAtLatestMs` after the shell did.
 * What the page does for itself rather than for the screen (the access check, the server check, tap
 * to look up) waits for it: over HTTP/1.1 a page has six connections, and each request beside the
 * screen's own files pushes them a round trip later (decision 0014, addendum "After the screen").
 */
export const screenPainted = new Promise<void>((resolve) => {
  markScreenPainted = resolve;
  void shellPainted.then(() => setTimeout(resolve, screenPaintedAtLatestMs));
});

/**
 * A screen's chunk is requested after the shell's first paint rather than during its render. That
 * paint (the largest thing on it is the screen's description) needs none of the chunk; requested
 * earlier, the chunk's files sit in the first paint's critical path, and a slow phone's network
 * model (Lighthouse's) counts them against it (decision 0014). Later navigations find this settled.
 */
export function useShellPainted() {
  useEffect(() => afterPaint(() => markShellPainted()), []);
}

/** Rendered beside the screen, inside the boundary that waits for its code: mounts when the screen does. */
export function ScreenPaintedMark() {
  useEffect(() => afterPaint(() => markScreenPainted()), []);
  return null;
}

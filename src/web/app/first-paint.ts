import { useEffect } from 'react';
import { afterPaint } from '../lib/use-after-paint';

let markPainted: () => void = () => {};

/** Settles once the shell (sidebar, the screen's heading and description, a spinner) has painted. */
export const shellPainted = new Promise<void>((resolve) => {
  markPainted = resolve;
});

/**
 * A screen's chunk is requested after the shell's first paint rather than during its render. That
 * paint (the largest thing on it is the screen's description) needs none of the chunk; requested
 * earlier, the chunk's files sit in the first paint's critical path, and a slow phone's network
 * model (Lighthouse's) counts them against it (decision 0014). Later navigations find this settled.
 */
export function useShellPainted() {
  useEffect(() => afterPaint(() => markPainted()), []);
}

import { useEffect } from 'react';

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
 * A hidden tab paints no frames, so a timer settles it too.
 */
export function useShellPainted() {
  useEffect(() => {
    const settle = () => markPainted();
    const frame = requestAnimationFrame(() => setTimeout(settle, 0));
    const fallback = setTimeout(settle, 250);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(fallback);
    };
  }, []);
}

import { useEffect, useState } from 'react';

/**
 * False on a component's first render, true once the page has painted it (a frame, then a task):
 * what waits for this loads and renders after that paint instead of holding it up. A hidden tab
 * paints no frames, so a timer settles it too.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    const fallback = setTimeout(() => setPainted(true), 250);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      clearTimeout(fallback);
    };
  }, [painted]);
  return painted;
}

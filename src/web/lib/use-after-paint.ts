import { useEffect, useState } from 'react';

/**
 * Runs `callback` once the page has painted what is on it now, so what it starts never holds up
 * that paint. The frame after next, then a task: a frame reaches the screen some milliseconds
 * after its animation frame callbacks, and a download started in between (a chat's conversation)
 * was counted in the paint's critical path by Lighthouse. A hidden tab paints no frames, so a
 * timer runs it too. Returns a cancel.
 */
export function afterPaint(callback: () => void): () => void {
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (done) return;
    done = true;
    callback();
  };
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      timer = setTimeout(run, 0);
    });
  });
  const fallback = setTimeout(run, 250);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    clearTimeout(fallback);
  };
}

/** False on a component's first render, true once the page has painted it (see `afterPaint`). */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => (painted ? undefined : afterPaint(() => setPainted(true))), [painted]);
  return painted;
}

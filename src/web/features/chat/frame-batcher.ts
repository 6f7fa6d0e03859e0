const schedule: (callback: () => void) => number =
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (callback) => setTimeout(callback, 16) as unknown as number;
const unschedule: (handle: number) => void = typeof cancelAnimationFrame === 'function' ? cancelAnimationFrame : clearTimeout;

/** Applies only the latest pushed value, at most once per animation frame. */
export function createFrameBatcher<T>(apply: (value: T) => void) {
  let handle: number | null = null;
  let pending: { value: T } | null = null;
  const flush = () => {
    if (handle !== null) unschedule(handle);
    handle = null;
    if (pending) {
      const { value } = pending;
      pending = null;
      apply(value);
    }
  };
  return {
    push(value: T) {
      pending = { value };
      handle ??= schedule(flush);
    },
    flush,
    cancel() {
      if (handle !== null) unschedule(handle);
      handle = null;
      pending = null;
    },
  };
}

/** Calls `fn` at most once per `ms`, trailing call included; `cancel` drops a scheduled call. */
export function throttle(fn: () => void, ms: number) {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const run = () => {
    timer = null;
    last = Date.now();
    fn();
  };
  const throttled = () => {
    if (timer) return;
    const wait = last + ms - Date.now();
    if (wait <= 0) run();
    else timer = setTimeout(run, wait);
  };
  throttled.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  return throttled;
}

/**
 * Lazily loaded code that could not come (offline without a service worker: plain http on the home
 * network) is asked for again when the network is back, or half a minute later; meanwhile what
 * waits for it stays as it is (a Suspense fallback, a store holding toasts) instead of taking the
 * screen down ("Something went wrong"). Every `lazy()` part of a screen loads through it; an action
 * the learner started (sending a file) says it failed instead.
 */
export const untilLoaded = <T>(load: () => Promise<T>): Promise<T> =>
  load().catch(
    () =>
      new Promise<T>((resolve) => {
        const retry = () => {
          window.removeEventListener('online', retry);
          clearTimeout(timer);
          resolve(untilLoaded(load));
        };
        const timer = setTimeout(retry, 30_000);
        window.addEventListener('online', retry);
      }),
  );

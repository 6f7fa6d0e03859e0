/** Where the build puts the worker (vite-plugin-pwa, vite.config.ts); its scope is the whole app. */
const workerUrl = '/sw.js';
/** An installed app may stay open for days: on coming back to it, ask for a new version at most this often. */
const updateCheckMs = 60 * 60 * 1000;

/** The toast that offers a new version loads when there is one (most visits have none). */
const offerUpdate = (waiting: ServiceWorker) => void import('./update-toast').then((module) => module.offerUpdate(waiting));

/**
 * Registers the service worker. A new version installs beside the running one and waits: the
 * learner is told, and it takes over only when they press reload. Until then the old worker keeps
 * serving the chunks this page was built with, so nothing goes blank mid-session. The first
 * install is not announced: there is nothing to reload for.
 */
export async function registerServiceWorker(): Promise<void> {
  // In an idle moment: installing fetches and stores the whole app (3 MB).
  await new Promise((resolve) => (window.requestIdleCallback ? window.requestIdleCallback(resolve, { timeout: 3000 }) : resolve(undefined)));
  const registration = await navigator.serviceWorker.register(workerUrl, { scope: '/' });
  // A version installed on an earlier visit and never taken.
  if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller) offerUpdate(installing);
    });
  });
  let checked = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - checked < updateCheckMs) return;
    checked = Date.now();
    void registration.update().catch(() => {});
  });
}

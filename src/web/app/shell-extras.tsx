import { lazy, Suspense, useEffect, useState } from 'react';
import { registerAccessDialog } from './access-dialog';
import { registerAppEventHandlers } from './events/register';
import { FloatingAssistant } from './floating-assistant';
import { screenPainted } from './first-paint';
import { startSyncAfterPaint } from './sync/sync-shell';
import { untilLoaded } from '../lib/until-loaded';
import { useLoadedWhen } from '../lib/use-loaded-when';

// With the page's first selection: most visits to a screen select nothing, and the shell is at its budget.
const SelectionMenu = lazy(() => untilLoaded(() => import('./selection-menu/selection-menu')).then((m) => ({ default: m.SelectionMenu })));
const hasTouch = typeof navigator !== 'undefined' && navigator.maxTouchPoints > 0;

// Tap to look up listens only where there is a touch screen, from just after the screen's first paint.
const loadTapLookup = () => screenPainted.then(() => untilLoaded(() => import('./tap-lookup/tap-lookup'))).then((module) => module.TapLookup);

/**
 * The service worker (the installable app, offline use, updates) registers from its own chunk, a
 * few seconds after the page's load: installing it fetches the whole app, which must not compete
 * with the screen's own first files. A browser without service workers (plain HTTP off
 * localhost) loads nothing for it.
 */
function registerServiceWorkerLater(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const later = () => setTimeout(() => void import('./installable/register-service-worker').then((module) => module.registerServiceWorker(), () => {}), 3000);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

/**
 * Notes queued for Anki before a reload go out when Anki answers, whatever screen is open. The queue's
 * code loads only when its database exists (someone has used "add to Anki" in this browser).
 */
function resumeAnkiQueue(): () => void {
  const timer = window.setTimeout(() => {
    void (indexedDB.databases?.() ?? Promise.resolve([]))
      .then((databases) => {
        if (databases.some((database) => database.name === 'kotonoha-anki')) return import('../lib/anki/anki-queue').then((queue) => queue.resumeQueue());
      })
      .catch(() => {});
  }, 1000);
  return () => window.clearTimeout(timer);
}

/** False until the page first holds a non-empty selection, then true for good. */
function useFirstSelection(): boolean {
  const [selected, setSelected] = useState(false);
  useEffect(() => {
    if (selected) return;
    const onSelectionChange = () => {
      const selection = document.getSelection();
      if (selection && !selection.isCollapsed) setSelected(true);
    };
    document.addEventListener('selectionchange', onSelectionChange);
    return () => document.removeEventListener('selectionchange', onSelectionChange);
  }, [selected]);
  return selected;
}

/** Shell-wide overlays and the app event handlers that open the modals of features. */
export function ShellExtras() {
  const selected = useFirstSelection();
  const TapLookup = useLoadedWhen(hasTouch, loadTapLookup);
  useEffect(() => registerAppEventHandlers(), []);
  useEffect(() => resumeAnkiQueue(), []);
  useEffect(() => registerAccessDialog(), []);
  useEffect(registerServiceWorkerLater, []);
  // This device's sync (when on) starts after the first paint, whatever the screen.
  useEffect(startSyncAfterPaint, []);
  return (
    <>
      {selected && (
        <Suspense fallback={null}>
          <SelectionMenu />
        </Suspense>
      )}
      {TapLookup && <TapLookup />}
      <FloatingAssistant />
    </>
  );
}

import { lazy, Suspense, useSyncExternalStore } from 'react';
import { onStorageWritten, readJson, storageKeys } from '../../lib/storage';
import { shellPainted } from '../first-paint';
import { untilLoaded } from '../../lib/until-loaded';

/**
 * What the shell holds of sync: whether this device syncs (one localStorage read; not
 * lib/sync/sync-config.ts, whose whole module would then be in the shell's file), and, when it
 * does, the engine and the sidebar's badge, both loaded after the first paint.
 */
const loadBadge = () => shellPainted.then(() => import('./sync-badge'));
const SyncBadge = lazy(() => untilLoaded(loadBadge).then((module) => ({ default: module.SyncBadge })));

const subscribe = (changed: () => void) => {
  const unsubscribe = onStorageWritten((key) => key === storageKeys.sync && changed());
  window.addEventListener('storage', changed);
  return () => {
    unsubscribe();
    window.removeEventListener('storage', changed);
  };
};
/** `kotonoha.sync`'s `on` (docs/storage.md "Sync"). */
const syncIsOn = () => readJson<{ on?: unknown } | null>(storageKeys.sync, null)?.on === true;

/** Whether this device syncs, following Settings → Sync (and other tabs). */
export function useSyncOn(): boolean {
  return useSyncExternalStore(subscribe, syncIsOn, () => false);
}

/** Starts the engine after the first paint, when this device syncs. */
export function startSyncAfterPaint(): void {
  if (syncIsOn()) void loadBadge().then((module) => module.startSync(), () => {});
}

/** The sidebar's foot: the sync badge when this device syncs, nothing otherwise. */
export function SidebarSync({ collapsed }: { collapsed: boolean }) {
  return useSyncOn() ? (
    <Suspense fallback={null}>
      <SyncBadge collapsed={collapsed} />
    </Suspense>
  ) : null;
}

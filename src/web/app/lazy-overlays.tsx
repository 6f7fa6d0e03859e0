import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useNotifications } from '@mantine/notifications';
import { useModalStore } from '../lib/modal-store';
import { QueryBoundary } from './query-boundary';

/**
 * An overlay's code that could not come (offline without a service worker: plain http on the home
 * network) is asked for again when the network is back, or half a minute later; meanwhile the
 * overlay waits unseen (Mantine's store keeps the toasts) instead of taking the screen down.
 */
const untilLoaded = <T,>(load: () => Promise<T>): Promise<T> =>
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

const ModalHost = lazy(() => untilLoaded(() => import('../components/modal/modal-host')).then((m) => ({ default: m.ModalHost })));
const Toasts = lazy(() => untilLoaded(() => import('./toasts')).then((m) => ({ default: m.Toasts })));

/** Mounts `children` (a lazy component) the first time it is wanted, and keeps it mounted. */
function OnceWanted({ wanted, children }: { wanted: boolean; children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (wanted) setMounted(true);
  }, [wanted]);
  return mounted || wanted ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** The modal host loads with the first modal, so first paint does not pay for it. */
export function LazyModalHost() {
  const wanted = useModalStore((state) => state.current !== null);
  return (
    <OnceWanted wanted={wanted}>
      <QueryBoundary>
        <ModalHost />
      </QueryBoundary>
    </OnceWanted>
  );
}

/** The toasts container loads with the first toast; Mantine's store holds it until then. */
export function LazyToasts() {
  const { notifications, queue } = useNotifications();
  return (
    <OnceWanted wanted={notifications.length + queue.length > 0}>
      <Toasts />
    </OnceWanted>
  );
}

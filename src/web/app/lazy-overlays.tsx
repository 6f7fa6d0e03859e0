import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useNotifications } from '@mantine/notifications';
import { useModalStore } from '../lib/modal-store';
import { untilLoaded } from '../lib/until-loaded';
import { QueryBoundary } from './query-boundary';

// An overlay's code that could not come waits unseen until it can (Mantine's store keeps the toasts).
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

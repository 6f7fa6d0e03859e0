import { lazy, Suspense, useEffect, useState } from 'react';
import { useNotifications } from '@mantine/notifications';
import { useModalStore } from '../lib/modal-store';

const ModalHost = lazy(() => import('../components/modal/modal-host').then((m) => ({ default: m.ModalHost })));
const Toasts = lazy(() => import('./toasts').then((m) => ({ default: m.Toasts })));

/** The modal host loads with the first modal, so first paint does not pay for it. */
export function LazyModalHost() {
  const wanted = useModalStore((state) => state.current !== null);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (wanted) setMounted(true);
  }, [wanted]);
  return mounted || wanted ? (
    <Suspense fallback={null}>
      <ModalHost />
    </Suspense>
  ) : null;
}

/** The toasts container loads with the first toast; Mantine's store holds it until then. */
export function LazyToasts() {
  const { notifications, queue } = useNotifications();
  const requested = notifications.length + queue.length > 0;
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (requested) setMounted(true);
  }, [requested]);
  return mounted || requested ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

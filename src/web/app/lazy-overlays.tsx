import { lazy, Suspense, useEffect, useState } from 'react';
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

/** Toasts shown before this loads wait in Mantine's store and appear when it mounts. */
export function LazyToasts() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 200));
    idle(() => setReady(true));
  }, []);
  return ready ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

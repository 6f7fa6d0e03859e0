import { Component, lazy, Suspense, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { useNotifications } from '@mantine/notifications';
import { useModalStore } from '../lib/modal-store';
import { QueryBoundary } from './query-boundary';

/**
 * Renders nothing when its lazy child's code could not come (offline, no service worker: plain
 * http on the home network) instead of taking the screen down; the next `attempt` tries again.
 */
class StaysAway extends Component<{ attempt: number; onFailed: () => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch() {
    this.props.onFailed();
  }

  componentDidUpdate(previous: { attempt: number }) {
    if (previous.attempt !== this.props.attempt && this.state.failed) this.setState({ failed: false });
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Mounts a lazily loaded overlay the first time it is wanted, and keeps it mounted. A load that
 * failed is tried again, with a fresh import, the next time it is wanted.
 */
function OnceWanted({ wanted, load, wrap = (child) => child }: { wanted: number; load: () => Promise<{ default: ComponentType }>; wrap?: (child: ReactNode) => ReactNode }) {
  const [mounted, setMounted] = useState(false);
  const [failedAt, setFailedAt] = useState<number | null>(null);
  const [attempt, setAttempt] = useState(0);
  // React keeps a lazy component's failure for good: another attempt needs another lazy component.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `attempt` is the reason to make a new one
  const Overlay = useMemo(() => lazy(load), [load, attempt]);
  useEffect(() => {
    if (wanted) setMounted(true);
    if (failedAt !== null && wanted > 0 && wanted !== failedAt) {
      setFailedAt(null);
      setAttempt((count) => count + 1);
    }
  }, [wanted, failedAt]);
  if (!mounted && !wanted) return null;
  return (
    <StaysAway attempt={attempt} onFailed={() => setFailedAt(wanted)}>
      <Suspense fallback={null}>{wrap(<Overlay />)}</Suspense>
    </StaysAway>
  );
}

const loadModalHost = () => import('../components/modal/modal-host').then((m) => ({ default: m.ModalHost }));
const loadToasts = () => import('./toasts').then((m) => ({ default: m.Toasts }));
const withQueryClient = (child: ReactNode) => <QueryBoundary>{child}</QueryBoundary>;

/** The modal host loads with the first modal, so first paint does not pay for it. */
export function LazyModalHost() {
  const opened = useModalStore((state) => state.current);
  // Each modal opened is a new chance for a host whose code did not come.
  const [opens, setOpens] = useState(0);
  useEffect(() => {
    if (opened !== null) setOpens((count) => count + 1);
  }, [opened]);
  return <OnceWanted wanted={opened === null ? 0 : opens} load={loadModalHost} wrap={withQueryClient} />;
}

/** The toasts container loads with the first toast; Mantine's store holds it until then. */
export function LazyToasts() {
  const { notifications, queue } = useNotifications();
  const waiting = notifications.length + queue.length;
  // The newest toast's id changes with each toast: a new chance for a container whose code did not come.
  const newest = notifications.at(-1)?.id ?? queue.at(-1)?.id;
  const [toasts, setToasts] = useState(0);
  useEffect(() => {
    if (newest !== undefined) setToasts((count) => count + 1);
  }, [newest]);
  return <OnceWanted wanted={waiting > 0 ? toasts : 0} load={loadToasts} />;
}

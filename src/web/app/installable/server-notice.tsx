import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { checkServer, useServerReach } from '../../lib/server-reach';
import { screenPainted } from '../first-paint';
import { useRouteHandle } from '../route-table';

// Its code and words come from the service worker's cache when the server is out of reach. Without
// a worker (plain http, the first visit) they may not come at all: then the notice stays away
// rather than take the screen down with it.
const OfflineNotice = lazy<ComponentType<{ needsServer: boolean }>>(() =>
  import('./offline-notice')
    .then((module) => module.withItsWords())
    .catch(() => ({ default: () => null })),
);

/**
 * The one way a screen says the server is out of reach (instead of each screen spinning): shown on
 * every screen once a request found no server, and asked for up front by a screen that needs it
 * (its route's `needsServer`), which may have sent nothing yet (an empty search box).
 */
export function ServerNotice() {
  const needsServer = useRouteHandle()?.needsServer === true;
  const reach = useServerReach();
  useEffect(() => {
    if (!needsServer) return;
    let cancelled = false;
    void screenPainted.then(() => {
      if (!cancelled) void checkServer();
    });
    return () => {
      cancelled = true;
    };
  }, [needsServer]);
  if (reach !== 'unreachable') return null;
  return (
    <Suspense fallback={null}>
      <OfflineNotice needsServer={needsServer} />
    </Suspense>
  );
}

import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, useRef } from 'react';
import { useNear } from '../../components/use-near/use-near';
import { useSyncOn } from './sync-shell';
import { untilLoaded } from '../../lib/until-loaded';

// Neither the form nor the status is in Settings' first paint (the page is long and Sync is near its
// end): they load when the section comes near, with their words.
const SyncSetup = lazy(() => untilLoaded(() => import('./sync-setup')).then((module) => ({ default: module.SyncSetup })));
const SyncPanel = lazy(() => untilLoaded(() => import('./sync-panel')).then((module) => ({ default: module.SyncPanel })));

/**
 * Settings → Sync (docs/on-screen-names.md "Settings"): off, the set-up form (sync-setup.tsx); on,
 * the status and its controls (sync-panel.tsx). Nothing here is part of the settings draft: it acts at once.
 */
export function SyncSection() {
  const on = useSyncOn();
  const anchor = useRef<HTMLDivElement>(null);
  const near = useNear(anchor);
  if (!near) return <div ref={anchor} style={{ minHeight: 120 }} />;
  return (
    <Suspense
      fallback={
        <Center mih={120}>
          <Loader size="sm" aria-hidden />
        </Center>
      }
    >
      {on ? <SyncPanel /> : <SyncSetup />}
    </Suspense>
  );
}

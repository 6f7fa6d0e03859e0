import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { common } from '../../lib/i18n/common';
import { loadCatalogue, translate } from '../../lib/i18n/i18n';
import { useT } from '../../lib/i18n/use-t';
import { catalogue } from './i18n';

/** Where the build puts the worker (vite-plugin-pwa, vite.config.ts); its scope is the whole app. */
const workerUrl = '/sw.js';
const updateToastId = 'kotonoha-update';
/** An installed app may stay open for days: on coming back to it, ask for a new version at most this often. */
const updateCheckMs = 60 * 60 * 1000;

function UpdateAvailable({ onReload }: { onReload: () => void }) {
  const t = useT(catalogue);
  const [reloading, setReloading] = useState(false);
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm">{t('update.available')}</Text>
      <Button
        size="xs"
        style={{ flexShrink: 0 }}
        loading={reloading}
        onClick={() => {
          setReloading(true);
          onReload();
        }}
      >
        {t('update.reload')}
      </Button>
    </Group>
  );
}

/** The new version takes over (the worker's SKIP_WAITING message), then the page reloads under it. */
function offerUpdate(waiting: ServiceWorker): void {
  const takeOver = () => {
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    waiting.postMessage({ type: 'SKIP_WAITING' });
  };
  void loadCatalogue(catalogue).then(() =>
    notifications.show({
      id: updateToastId,
      message: <UpdateAvailable onReload={takeOver} />,
      color: 'blue',
      autoClose: false,
      withCloseButton: true,
      closeButtonProps: { 'aria-label': translate(common, 'close') },
      role: 'status',
    } as Parameters<typeof notifications.show>[0]),
  );
}

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

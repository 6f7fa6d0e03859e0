import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { registerSW } from 'virtual:pwa-register';
import { common } from '../../lib/i18n/common';
import { loadCatalogue, translate } from '../../lib/i18n/i18n';
import { useT } from '../../lib/i18n/use-t';
import { catalogue } from './i18n';

const updateToastId = 'kotonoha-update';

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

/**
 * Registers the service worker (built by vite-plugin-pwa, vite.config.ts). A new version installs
 * beside the running one and waits: the learner is told, and it takes over only when they press
 * reload (skipWaiting, then the page reloads once the new worker controls it). Until then the old
 * worker keeps serving the chunks this page was built with, so nothing goes blank mid-session.
 */
export function registerServiceWorker(): void {
  const updateServiceWorker = registerSW({
    onNeedRefresh() {
      void loadCatalogue(catalogue).then(() =>
        notifications.show({
          id: updateToastId,
          message: <UpdateAvailable onReload={() => void updateServiceWorker(true)} />,
          color: 'blue',
          autoClose: false,
          withCloseButton: true,
          closeButtonProps: { 'aria-label': translate(common, 'close') },
          role: 'status',
        } as Parameters<typeof notifications.show>[0]),
      );
    },
  });
}

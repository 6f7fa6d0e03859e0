import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
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

/** The new version takes over (the worker's SKIP_WAITING message), then the page reloads under it. */
export function offerUpdate(waiting: ServiceWorker): void {
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

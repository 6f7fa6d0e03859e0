import { Button, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { common } from '../lib/i18n/common';
import { useT } from '../lib/i18n/use-t';

/** Shown when a screen fails to load or render, e.g. a lazy chunk missing after a deploy. */
export function RouteError() {
  const t = useT(common);
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : String(error);
  return (
    <Stack align="center" mt="xl" gap="sm" role="alert">
      <Title order={2}>{t('routeError.heading')}</Title>
      <Text c="dimmed" translate="no">
        {message}
      </Text>
      <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
    </Stack>
  );
}

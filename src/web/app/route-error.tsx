import { Button, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown when a screen fails to load or render, e.g. a lazy chunk missing after a deploy. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : String(error);
  return (
    <Stack align="center" mt="xl" gap="sm" role="alert">
      <Title order={2}>Something went wrong</Title>
      <Text c="dimmed">{message}</Text>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </Stack>
  );
}

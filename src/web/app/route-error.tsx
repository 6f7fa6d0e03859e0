import { Button, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { common } from '../lib/i18n/common';
import { useT } from '../lib/i18n/use-t';

interface BoundaryProps {
  /** A new value (the next screen's path) clears the error: the person has gone elsewhere. */
  resetKey?: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: { error: unknown } | null;
  resetKey: string | undefined;
}

/** Catches what throws while rendering (a screen inside the shell, or the shell itself) and shows `RouteError` in its place. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { failed: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: { error } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: null, resetKey: props.resetKey };
  }

  render() {
    return this.state.failed ? <RouteError error={this.state.failed.error} /> : this.props.children;
  }
}

/** Shown when a screen fails to render. */
function RouteError({ error }: { error: unknown }) {
  const t = useT(common);
  const message = error instanceof Error ? error.message : String(error);
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

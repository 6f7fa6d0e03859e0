// Screens load the Mantine component sheets with their lazy chunk; the shell loads only its part.
import '../screen-styles/screen-styles';
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader, pageFrameProps, useRouteHeading } from './page-header';

interface PageFrameProps {
  /** Defaults to the route's `heading`. */
  title?: string;
  /** Defaults to the route's `description`. */
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}

/** The common frame of a screen: a heading, an optional line of description and actions. */
export function PageFrame({ title, description, actions, children }: PageFrameProps) {
  const route = useRouteHeading();
  return (
    <Stack {...pageFrameProps}>
      <PageHeader title={title ?? route.heading} description={description ?? route.description} actions={actions} />
      {children}
    </Stack>
  );
}

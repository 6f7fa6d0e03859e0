// Screens load the Mantine component sheets with their lazy chunk; the shell loads only its part.
import '../screen-styles/screen-styles';
import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PageFrameProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}

/** The common frame of a screen: a heading, an optional line of description and actions. */
export function PageFrame({ title, description, actions, children }: PageFrameProps) {
  return (
    <Stack gap="md" component="section" aria-labelledby="page-title" maw={1200} mx="auto" w="100%">
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Title order={2} id="page-title">
            {title}
          </Title>
          {description ? (
            <Text c="dimmed" size="sm">
              {description}
            </Text>
          ) : null}
        </div>
        {actions}
      </div>
      {children}
    </Stack>
  );
}

import { Paper, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import classes from './settings.module.css';

interface SettingsCardProps {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** One section of the settings screen: a card with a heading, reachable as a named region. */
export function SettingsCard({ id, title, description, children }: SettingsCardProps) {
  const headingId = useId();
  return (
    <Paper component="section" id={id} aria-labelledby={headingId} withBorder radius="lg" className={classes.card}>
      <Stack gap={4} mb="md">
        <Title order={3} id={headingId} className={classes.cardTitle}>
          {title}
        </Title>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
      </Stack>
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}

import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useId } from 'react';
import { useT } from '../../lib/i18n/use-t';
import { catalogue } from './i18n';

export interface VoicesHeadingProps {
  id: string;
  onRefresh?: () => void;
  loading?: boolean;
}

/** The cloned voices' heading and refresh button, the same with or without the manager loaded. */
export function VoicesHeading({ id, onRefresh, loading = false }: VoicesHeadingProps) {
  const t = useT(catalogue);
  return (
    <Group justify="space-between" wrap="nowrap">
      <Title order={4} size="h5" id={id}>
        {t('voices.heading')}
      </Title>
      <Button variant="default" size="xs" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRefresh} loading={loading} disabled={!onRefresh}>
        {t('voices.refresh')}
      </Button>
    </Group>
  );
}

/**
 * The voices group before the manager's code is there: without a SiliconFlow key it says one is
 * needed (and the manager, its recorder and the voice client are never loaded); with one, it
 * stands in while the manager loads.
 */
export function VoicesPlaceholder({ needKey }: { needKey: boolean }) {
  const t = useT(catalogue);
  const id = useId();
  return (
    <Stack gap="sm" aria-labelledby={`${id}-heading`} role="group">
      <VoicesHeading id={`${id}-heading`} loading={!needKey} />
      {needKey && (
        <Text size="sm" c="dimmed">
          {t('voices.needKey')}
        </Text>
      )}
    </Stack>
  );
}

import { Alert, Text } from '@mantine/core';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';
import { useQueueStatus } from '../model/review-queue';

/** How many review-time updates wait for Notion, and why, when any do. */
export function QueueStatus() {
  const t = useT(catalogue);
  const { pending, lastError } = useQueueStatus();
  if (pending === 0) return null;
  return (
    <Alert color={lastError ? 'yellow' : 'blue'} role="status" aria-label={t('queue.label')} py={6}>
      <Text size="sm">{lastError ? t('queue.waitingError', { count: pending, error: lastError }) : t('queue.waiting', { count: pending })}</Text>
    </Alert>
  );
}

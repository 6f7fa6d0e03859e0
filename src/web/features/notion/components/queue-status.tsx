import { Alert, Text } from '@mantine/core';
import { useQueueStatus } from '../model/review-queue';

/** How many review-time updates wait for Notion, and why, when any do. */
export function QueueStatus() {
  const { pending, lastError } = useQueueStatus();
  if (pending === 0) return null;
  return (
    <Alert color={lastError ? 'yellow' : 'blue'} role="status" aria-label="review-time updates" py={6}>
      <Text size="sm">
        {pending === 1 ? '1 review-time update waits' : `${pending} review-time updates wait`} to be saved in Notion{lastError ? `: ${lastError}` : '…'} They are kept in this
        browser and sent again automatically.
      </Text>
    </Alert>
  );
}

import { Text } from '@mantine/core';
import { PageFrame } from '../../components/page-frame/page-frame';

export function AvSearchPage() {
  return (
    <PageFrame>
      <Text c="dimmed">Video search arrives in a later release.</Text>
    </PageFrame>
  );
}

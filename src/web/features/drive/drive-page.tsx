import { Text } from '@mantine/core';
import { PageFrame } from '../../components/page-frame/page-frame';

export function DrivePage() {
  return (
    <PageFrame>
      <Text c="dimmed">The drive view arrives in a later release.</Text>
    </PageFrame>
  );
}

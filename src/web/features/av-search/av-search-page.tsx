import { Text } from '@mantine/core';
import { PageFrame } from '../../components/page-frame/page-frame';

export function AvSearchPage() {
  return (
    <PageFrame title="Video search" description="Search videos from local, remote or cloud-drive sources.">
      <Text c="dimmed">Video search arrives in a later release.</Text>
    </PageFrame>
  );
}

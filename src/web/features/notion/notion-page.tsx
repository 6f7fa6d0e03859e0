import { Text } from '@mantine/core';
import { PageFrame } from '../../components/page-frame/page-frame';

export function NotionPage() {
  return (
    <PageFrame>
      <Text c="dimmed">Configure a Notion database in Settings; the browser arrives in a later release.</Text>
    </PageFrame>
  );
}

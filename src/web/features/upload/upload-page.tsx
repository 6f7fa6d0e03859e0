import { Text } from '@mantine/core';
import { PageFrame } from '../../components/page-frame/page-frame';

export function UploadPage() {
  return (
    <PageFrame>
      <Text c="dimmed">Uploads arrive in a later release; set an upload token in Settings to prepare.</Text>
    </PageFrame>
  );
}

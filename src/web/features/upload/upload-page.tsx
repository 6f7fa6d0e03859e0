import { Text } from '@mantine/core';
import { PageFrame } from '../../components/page-frame/page-frame';

export function UploadPage() {
  return (
    <PageFrame title="Upload" description="Upload files to the server's upload area.">
      <Text c="dimmed">Uploads arrive in a later release; set an upload token in Settings to prepare.</Text>
    </PageFrame>
  );
}

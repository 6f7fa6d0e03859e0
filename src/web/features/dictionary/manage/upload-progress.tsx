import { Progress, Stack, Text } from '@mantine/core';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from './i18n';

export interface Upload {
  key: number;
  name: string;
  sent: number;
  total: number;
}

/** One bar per file on its way to the server. */
export function UploadProgress({ uploads }: { uploads: Upload[] }) {
  const t = useT(catalogue);
  return uploads.map((upload) => (
    <Stack key={upload.key} gap={4}>
      <Text size="sm">
        {t('upload.sending', { percent: upload.total > 0 ? Math.round((upload.sent / upload.total) * 100) : 0 })} <span translate="no">{upload.name}</span>
      </Text>
      <Progress value={upload.total > 0 ? (upload.sent / upload.total) * 100 : 0} aria-label={t('upload.progress', { name: upload.name })} />
    </Stack>
  ));
}

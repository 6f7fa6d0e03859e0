import { Button, Group, Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { PageFrame } from '../../components/page-frame/page-frame';
import { useT } from '../../lib/i18n/use-t';
import { toast } from '../../lib/notify';
import { useSettings } from '../../lib/settings-store';
import { useRefreshFiles } from './api/files-api';
import { DropZone } from './components/drop-zone';
import { FileList, NoTokenNotice } from './components/file-list';
import { ResumableList } from './components/resumable-list';
import { UploadRow } from './components/upload-row';
import { catalogue } from './i18n';
import { addFiles, clearFinished, loadResumables, useUploads } from './upload-manager';

export function UploadPage() {
  const t = useT(catalogue);
  const token = useSettings((settings) => settings.uploadToken.trim());
  const items = useUploads((state) => state.items);
  const refresh = useRefreshFiles();

  useEffect(() => {
    void loadResumables();
  }, []);

  const onFiles = (files: File[], folderSkipped: boolean) => {
    if (folderSkipped) toast(t('toast.folderSkipped'), 'warning');
    const { skipped } = addFiles(files, token, () => void refresh());
    if (skipped.length > 0) toast(t('toast.alreadyUploading', { names: skipped.join(t('list.separator')) }), 'info');
  };

  return (
    <PageFrame>
      {!token && <NoTokenNotice />}
      <DropZone onFiles={onFiles} disabled={!token} />
      {items.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="uploads-heading">
          <Group justify="space-between">
            <Title order={3} size="h5" id="uploads-heading">
              {t('uploads.heading')}
            </Title>
            {items.some((item) => item.status === 'done' || item.status === 'cancelled') && (
              <Button size="compact-sm" variant="subtle" color="gray" onClick={clearFinished}>
                {t('uploads.clearFinished')}
              </Button>
            )}
          </Group>
          {items.map((item) => (
            <UploadRow key={item.id} item={item} />
          ))}
        </Stack>
      )}
      {token && <ResumableList token={token} />}
      {token && <FileList token={token} />}
    </PageFrame>
  );
}

import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconFolderUp, IconUpload } from '@tabler/icons-react';
import { useEffect } from 'react';
import { DropZone } from '../../components/drop-zone/drop-zone';
import { PageFrame } from '../../components/page-frame/page-frame';
import { useT } from '../../lib/i18n/use-t';
import { toast } from '../../lib/notify';
import { useSettings } from '../../lib/settings-store';
import { useRefreshFiles } from './api/files-api';
import { FileList, NoTokenNotice } from './components/file-list';
import { ResumableList } from './components/resumable-list';
import { UploadRow } from './components/upload-row';
import { catalogue } from './i18n';
import { addFiles, clearFinished, loadResumables, maxParallelUploads, useUploads } from './upload-manager';

export function UploadPage() {
  const t = useT(catalogue);
  const token = useSettings((settings) => settings.uploadToken.trim());
  const items = useUploads((state) => state.items);
  const refresh = useRefreshFiles();

  useEffect(() => {
    void loadResumables();
  }, []);

  // A dropped folder cannot be read; folders come through their own picker.
  const onFiles = (files: File[], droppedFolders: string[]) => {
    if (droppedFolders.length > 0) toast(t('toast.folderSkipped'), 'warning');
    const { skipped } = addFiles(files, token, () => void refresh());
    if (skipped.length > 0) toast(t('toast.alreadyUploading', { names: skipped.join(t('list.separator')) }), 'info');
  };

  return (
    <PageFrame>
      {!token && <NoTokenNotice />}
      <DropZone onFiles={onFiles} disabled={!token} multiple inputLabel={t('drop.filesInput')} folderInputLabel={t('drop.folderInput')}>
        {({ chooseFiles, chooseFolder }) => (
          <Stack gap="sm" align="center">
            <IconUpload size={32} aria-hidden stroke={1.5} />
            <Text fw={500}>{t('drop.title')}</Text>
            <Group gap="sm" justify="center">
              <Button disabled={!token} leftSection={<IconUpload size={16} aria-hidden />} onClick={chooseFiles}>
                {t('drop.chooseFiles')}
              </Button>
              <Button disabled={!token} variant="default" leftSection={<IconFolderUp size={16} aria-hidden />} onClick={chooseFolder}>
                {t('drop.chooseFolder')}
              </Button>
            </Group>
            <Text size="sm" c="dimmed">
              {t('drop.hint', { count: maxParallelUploads })}
            </Text>
          </Stack>
        )}
      </DropZone>
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

import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBooks, IconCopy, IconDownload, IconMovie, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatBytes } from '../../../../common/bytes';
import { isLibraryFile } from '../../../../common/shonagon';
import { httpErrorMessage } from '../../../lib/http/http-client';
import { toast } from '../../../lib/notify';
import { copyText } from '../../../lib/secure-context';
import { deleteFile, fileLink, sendToShonagon, useFiles, useRefreshFiles, type FileEntry } from '../api/files-api';
import classes from './upload.module.css';
import { formatDateTime } from '../../../lib/i18n/format';
import { RichText } from '../../../lib/i18n/rich-text';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';

const isMedia = (type: string) => type.startsWith('video/') || type.startsWith('audio/');

export function FileList({ token }: { token: string }) {
  const t = useT(catalogue);
  const files = useFiles(token);
  return (
    <Stack gap="xs" component="section" aria-labelledby="files-heading">
      <Group justify="space-between">
        <Title order={3} size="h5" id="files-heading">
          {t('files.heading')}
        </Title>
        {files.isFetching && <Loader size="xs" aria-label={t('files.loading')} />}
      </Group>
      {files.isError && (
        <Alert color="red" title={t('files.error')}>
          {httpErrorMessage(files.error)}
        </Alert>
      )}
      {files.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('files.empty')}
        </Text>
      )}
      {files.data?.map((file) => (
        <FileRow key={file.name} file={file} token={token} />
      ))}
    </Stack>
  );
}

function FileRow({ file, token }: { file: FileEntry; token: string }) {
  const t = useT(catalogue);
  const refresh = useRefreshFiles();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (!confirming) return;
    const timer = setTimeout(() => setConfirming(false), 4000);
    return () => clearTimeout(timer);
  }, [confirming]);

  const remove = async () => {
    if (!confirming) return setConfirming(true);
    setDeleting(true);
    try {
      await deleteFile(token, file.name);
      toast(t('toast.deleted', { name: file.name }), 'success');
      await refresh();
    } catch (error) {
      toast(httpErrorMessage(error), 'error');
    } finally {
      setDeleting(false);
      setConfirming(false);
    }
  };
  const send = async () => {
    setSending(true);
    try {
      const imported = await sendToShonagon(token, file.name);
      toast(t('toast.sent', { title: imported.title, sentences: imported.sentences }), 'success');
    } catch (error) {
      toast(httpErrorMessage(error), 'error');
    } finally {
      setSending(false);
    }
  };
  const copy = async () => {
    if (await copyText(fileLink(token, file.name, true))) toast(t('toast.linkCopied'), 'success');
    else toast(t('toast.copyFailed'), 'error');
  };

  return (
    <Paper withBorder radius="md" p="sm" className={classes.row} aria-label={t('file.label', { name: file.name })}>
      <Group justify="space-between" gap="xs" align="center">
        <Stack gap={2} className={classes.name} style={{ flex: '1 1 16rem' }}>
          <Text fw={500} className={classes.name} translate="no">
            {file.name}
          </Text>
          <Text size="sm" c="dimmed" className={classes.figures}>
            {t('file.figures', { size: formatBytes(file.size), date: formatDateTime(file.mtime), type: file.type })}
          </Text>
        </Stack>
        <Group gap={6}>
          <Button component="a" href={fileLink(token, file.name)} download={file.name} size="compact-sm" variant="default" leftSection={<IconDownload size={14} aria-hidden />}>
            {t('file.download')}
          </Button>
          <Button size="compact-sm" variant="default" leftSection={<IconCopy size={14} aria-hidden />} onClick={() => void copy()}>
            {t('file.copyLink')}
          </Button>
          {isLibraryFile(file.name) && (
            <Button size="compact-sm" variant="default" loading={sending} leftSection={<IconBooks size={14} aria-hidden />} onClick={() => void send()}>
              {t('file.sendToShonagon')}
            </Button>
          )}
          {isMedia(file.type) && (
            <Button component={Link} to="/av-search" size="compact-sm" variant="default" leftSection={<IconMovie size={14} aria-hidden />} title={t('file.videoSearch.hint')}>
              {t('file.videoSearch')}
            </Button>
          )}
          <Button
            size="compact-sm"
            variant={confirming ? 'filled' : 'subtle'}
            color="red"
            loading={deleting}
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => void remove()}
          >
            {confirming ? t('file.deleteConfirm') : t('file.delete')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

export function NoTokenNotice() {
  const t = useT(catalogue);
  return (
    <Alert color="yellow" title={t('noToken.title')} styles={{ title: { color: 'var(--upload-warning-title)' } }}>
      <RichText
        text={t('noToken.body')}
        parts={{
          code: (name) => <code translate="no">{name}</code>,
          link: (words) => (
            // In the alert's text colour (legible on its yellow in both themes), told apart by its underline.
            <Anchor component={Link} to="/settings#upload" inherit c="inherit" underline="always" fw={600}>
              {words}
            </Anchor>
          ),
        }}
      />
    </Alert>
  );
}

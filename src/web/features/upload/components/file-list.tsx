import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBooks, IconCopy, IconDownload, IconMovie, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatBytes } from '../../../../common/bytes';
import { isLibraryFile } from '../../../../common/shonagon';
import { httpErrorMessage } from '../../../lib/http/http-client';
import { toast } from '../../../lib/notify';
import { deleteFile, fileLink, sendToShonagon, useFiles, useRefreshFiles, type FileEntry } from '../api/files-api';
import classes from './upload.module.css';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const isMedia = (type: string) => type.startsWith('video/') || type.startsWith('audio/');

export function FileList({ token }: { token: string }) {
  const files = useFiles(token);
  return (
    <Stack gap="xs" component="section" aria-labelledby="files-heading">
      <Group justify="space-between">
        <Title order={3} size="h5" id="files-heading">
          Files on the server
        </Title>
        {files.isFetching && <Loader size="xs" aria-label="loading the file list" />}
      </Group>
      {files.isError && (
        <Alert color="red" title="Cannot list the files">
          {httpErrorMessage(files.error)}
        </Alert>
      )}
      {files.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          No files yet.
        </Text>
      )}
      {files.data?.map((file) => (
        <FileRow key={file.name} file={file} token={token} />
      ))}
    </Stack>
  );
}

function FileRow({ file, token }: { file: FileEntry; token: string }) {
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
      toast(`Deleted ${file.name}`, 'success');
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
      toast(`Added “${imported.title}” to the Shonagon library (${imported.sentences} ${imported.sentences === 1 ? 'sentence' : 'sentences'})`, 'success');
    } catch (error) {
      toast(httpErrorMessage(error), 'error');
    } finally {
      setSending(false);
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(fileLink(token, file.name, true));
      toast('Link copied (it contains your upload token)', 'success');
    } catch {
      toast('The browser did not allow copying', 'error');
    }
  };

  return (
    <Paper withBorder radius="md" p="sm" className={classes.row} aria-label={`file ${file.name}`}>
      <Group justify="space-between" gap="xs" align="center">
        <Stack gap={2} className={classes.name} style={{ flex: '1 1 16rem' }}>
          <Text fw={500} className={classes.name}>
            {file.name}
          </Text>
          <Text size="sm" c="dimmed" className={classes.figures}>
            {formatBytes(file.size)} · {dateFormat.format(new Date(file.mtime))} · {file.type}
          </Text>
        </Stack>
        <Group gap={6}>
          <Button component="a" href={fileLink(token, file.name)} download={file.name} size="compact-sm" variant="default" leftSection={<IconDownload size={14} aria-hidden />}>
            Download
          </Button>
          <Button size="compact-sm" variant="default" leftSection={<IconCopy size={14} aria-hidden />} onClick={() => void copy()}>
            Copy link
          </Button>
          {isLibraryFile(file.name) && (
            <Button size="compact-sm" variant="default" loading={sending} leftSection={<IconBooks size={14} aria-hidden />} onClick={() => void send()}>
              Send to Shonagon
            </Button>
          )}
          {isMedia(file.type) && (
            <Button component={Link} to="/av-search" size="compact-sm" variant="default" leftSection={<IconMovie size={14} aria-hidden />} title="Finished uploads are part of the local video library">
              Video search
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
            {confirming ? 'Delete for good?' : 'Delete'}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

export function NoTokenNotice() {
  return (
    <Alert color="yellow" title="No upload token in Settings">
      Uploads need the token the server was started with (<code>UPLOAD_TOKEN</code>). Enter it in{' '}
      <Anchor component={Link} to="/settings#upload" inherit>
        Settings → File upload
      </Anchor>
      .
    </Alert>
  );
}

import { Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { formatBytes } from '../../../../common/bytes';
import { uploadOffset } from '../api/files-api';
import { forgetResumable, setStored, useUploads, type ResumableUpload } from '../upload-manager';
import classes from './upload.module.css';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';

/**
 * Uploads an earlier visit left unfinished. A browser cannot reopen a file by itself, so the person
 * picks or drops the same file again and the upload continues from what the server holds.
 */
export function ResumableList({ token }: { token: string }) {
  const t = useT(catalogue);
  const resumables = useUploads((state) => state.resumables);
  const keys = resumables.map((entry) => entry.key).join(',');

  useEffect(() => {
    for (const entry of useUploads.getState().resumables) {
      if (entry.stored === undefined) void uploadOffset(token, entry.uploadUrl).then((stored) => setStored(entry.key, stored));
    }
  }, [keys, token]);

  if (resumables.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="resumable-heading">
      <Title order={3} size="h5" id="resumable-heading">
        {t('resumable.heading')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('resumable.hint')}
      </Text>
      {resumables.map((entry) => (
        <ResumableRow key={entry.key} entry={entry} token={token} />
      ))}
    </Stack>
  );
}

function ResumableRow({ entry, token }: { entry: ResumableUpload; token: string }) {
  const t = useT(catalogue);
  const percent = entry.stored !== undefined && entry.size > 0 ? Math.floor((entry.stored / entry.size) * 100) : 0;
  return (
    <Paper withBorder radius="md" p="sm" className={classes.row} aria-label={t('resumable.label', { name: entry.name })}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text fw={500} className={classes.name} translate="no">
            {entry.name}
          </Text>
          <Button size="compact-sm" variant="subtle" color="gray" onClick={() => void forgetResumable(entry, token)}>
            {t('resumable.forget')}
          </Button>
        </Group>
        <Progress value={percent} color="gray" aria-label={t('resumable.progress', { name: entry.name })} />
        <Text size="sm" c="dimmed" className={classes.figures}>
          {entry.stored === undefined
            ? t('resumable.asking')
            : t('resumable.figures', { percent, stored: formatBytes(entry.stored), total: formatBytes(entry.size) })}
        </Text>
      </Stack>
    </Paper>
  );
}

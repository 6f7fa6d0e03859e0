import { Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconX } from '@tabler/icons-react';
import { formatBytes } from '../../../../common/bytes';
import { formatSpeed, formatTimeLeft } from '../progress';
import { cancelUpload, dismissUpload, pauseUpload, resumeUpload, type UploadItem, type UploadStatus } from '../upload-manager';
import classes from './upload.module.css';

const statusLabel: Record<UploadStatus, string> = {
  queued: 'waiting',
  uploading: 'uploading',
  retrying: 'reconnecting',
  paused: 'paused',
  done: 'done',
  error: 'failed',
  cancelled: 'cancelled',
};
const statusColor: Record<UploadStatus, string> = {
  queued: 'gray',
  uploading: 'blue',
  retrying: 'yellow',
  paused: 'gray',
  done: 'teal',
  error: 'red',
  cancelled: 'gray',
};

export function UploadRow({ item }: { item: UploadItem }) {
  const percent = item.size > 0 ? Math.floor((item.sent / item.size) * 100) : item.status === 'done' ? 100 : 0;
  const moving = item.status === 'uploading';
  const canPause = item.status === 'uploading' || item.status === 'queued' || item.status === 'retrying';
  const canResume = item.status === 'paused' || item.status === 'error';
  const finished = item.status === 'done' || item.status === 'cancelled';
  return (
    <Paper withBorder radius="md" p="sm" className={classes.row} aria-label={`upload ${item.name}`} data-status={item.status}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Text fw={500} className={classes.name}>
            {item.name}
          </Text>
          <Group gap={6} wrap="nowrap" className={classes.badges}>
            {item.resumed && !finished && (
              <Badge variant="light" color="violet">
                resumed
              </Badge>
            )}
            <Badge variant="light" color={statusColor[item.status]}>
              {statusLabel[item.status]}
            </Badge>
          </Group>
        </Group>
        <Progress value={percent} animated={moving} color={statusColor[item.status]} aria-label={`${item.name} progress`} />
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed" className={classes.figures}>
            {percent}% · {formatBytes(item.sent)} of {formatBytes(item.size)}
            {moving && item.speed <= 0 && ' · measuring speed…'}
            {moving && item.speed > 0 && (
              <>
                {' · '}
                <span className={classes.keep}>{formatSpeed(item.speed)}</span>
                {' · '}
                <span className={classes.keep}>{formatTimeLeft(item.size - item.sent, item.speed)} left</span>
              </>
            )}
            {item.status === 'done' && item.finalName && item.finalName !== item.name && ` · saved as ${item.finalName}`}
          </Text>
          <Group gap={6}>
            {canPause && (
              <Button size="compact-sm" variant="default" leftSection={<IconPlayerPause size={14} aria-hidden />} onClick={() => pauseUpload(item.id)}>
                Pause
              </Button>
            )}
            {canResume && (
              <Button size="compact-sm" variant="default" leftSection={<IconPlayerPlay size={14} aria-hidden />} onClick={() => resumeUpload(item.id)}>
                Resume
              </Button>
            )}
            {!finished && (
              <Button size="compact-sm" variant="subtle" color="red" leftSection={<IconX size={14} aria-hidden />} onClick={() => cancelUpload(item.id)}>
                Cancel
              </Button>
            )}
            {finished && (
              <Button size="compact-sm" variant="subtle" color="gray" onClick={() => dismissUpload(item.id)}>
                Dismiss
              </Button>
            )}
          </Group>
        </Group>
        {item.error && (
          <Text size="sm" c={item.status === 'retrying' ? 'yellow.8' : 'red'} role={item.status === 'error' ? 'alert' : undefined}>
            {item.status === 'retrying' ? `Connection lost (${item.error}); trying again…` : item.error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

import { Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconX } from '@tabler/icons-react';
import { formatBytes } from '../../../../common/bytes';
import { formatSpeed, formatTimeLeft } from '../progress';
import { cancelUpload, dismissUpload, pauseUpload, resumeUpload, type UploadItem, type UploadStatus } from '../upload-manager';
import classes from './upload.module.css';
import { RichText } from '../../../lib/i18n/rich-text';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';

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
  const t = useT(catalogue);
  const percent = item.size > 0 ? Math.floor((item.sent / item.size) * 100) : item.status === 'done' ? 100 : 0;
  const moving = item.status === 'uploading';
  const canPause = item.status === 'uploading' || item.status === 'queued' || item.status === 'retrying';
  const canResume = item.status === 'paused' || item.status === 'error';
  const finished = item.status === 'done' || item.status === 'cancelled';
  return (
    <Paper withBorder radius="md" p="sm" className={classes.row} aria-label={t('row.label', { name: item.name })} data-status={item.status}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Text fw={500} className={classes.name} translate="no">
            {item.name}
          </Text>
          <Group gap={6} wrap="nowrap" className={classes.badges}>
            {item.resumed && !finished && (
              <Badge variant="light" color="violet">
                {t('row.resumed')}
              </Badge>
            )}
            <Badge variant="light" color={statusColor[item.status]}>
              {t(`row.status.${item.status}`)}
            </Badge>
          </Group>
        </Group>
        <Progress value={percent} animated={moving} color={statusColor[item.status]} aria-label={t('row.progress', { name: item.name })} />
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed" className={classes.figures}>
            {t('row.figures', { percent, sent: formatBytes(item.sent), total: formatBytes(item.size) })}
            {moving && item.speed <= 0 && <> · {t('row.measuring')}</>}
            {moving && item.speed > 0 && (
              <>
                {' · '}
                <span className={classes.keep} translate="no">
                  {formatSpeed(item.speed)}
                </span>
                {' · '}
                <span className={classes.keep}>
                  {t('row.timeLeft', { time: formatTimeLeft(item.size - item.sent, item.speed, { h: t('time.h'), min: t('time.min'), s: t('time.s') }) })}
                </span>
              </>
            )}
            {item.status === 'done' && item.finalName && item.finalName !== item.name && (
              <>
                {' · '}
                <RichText text={t('row.savedAs')} parts={{ name: () => <span translate="no">{item.finalName}</span> }} />
              </>
            )}
          </Text>
          <Group gap={6}>
            {canPause && (
              <Button size="compact-sm" variant="default" leftSection={<IconPlayerPause size={14} aria-hidden />} onClick={() => pauseUpload(item.id)}>
                {t('row.pause')}
              </Button>
            )}
            {canResume && (
              <Button size="compact-sm" variant="default" leftSection={<IconPlayerPlay size={14} aria-hidden />} onClick={() => resumeUpload(item.id)}>
                {t('row.resume')}
              </Button>
            )}
            {!finished && (
              <Button size="compact-sm" variant="subtle" color="red" leftSection={<IconX size={14} aria-hidden />} onClick={() => cancelUpload(item.id)}>
                {t('row.cancel')}
              </Button>
            )}
            {finished && (
              <Button size="compact-sm" variant="subtle" color="gray" onClick={() => dismissUpload(item.id)}>
                {t('row.dismiss')}
              </Button>
            )}
          </Group>
        </Group>
        {item.error && (
          <Text size="sm" className={item.status === 'retrying' ? classes.warningText : classes.errorText} role={item.status === 'error' ? 'alert' : undefined}>
            {item.status === 'retrying' ? t('row.retrying', { error: item.error }) : item.error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

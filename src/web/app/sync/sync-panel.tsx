import { Alert, Button, Checkbox, Group, List, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { formatBytes } from '../../../common/bytes';
import { formatDateTime, formatRelativeTime } from '../../lib/i18n/format';
import { useT } from '../../lib/i18n/use-t';
import { toast } from '../../lib/notify';
import { readSyncConfig, syncKinds, type SyncConfig, type SyncKind } from '../../lib/sync/sync-config';
import { useSyncStatus } from '../../lib/sync/sync-status';
import { catalogue } from './i18n';
import { listSnapshots, restoreFromSnapshot, setApiKeys, setKind, startSyncIfOn, syncNow, turnOffSync } from './sync-app';
import { problemWords, shortReason, typeWords } from './sync-words';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Settings → Sync while this device syncs: how it went, what travels, the vault's snapshots, off. */
export function SyncPanel() {
  const t = useT(catalogue);
  const status = useSyncStatus();
  const [config, setConfig] = useState<SyncConfig>(readSyncConfig);
  const [withdrawing, setWithdrawing] = useState<'removing' | 'removed' | null>(null);
  const [syncing, setSyncing] = useState(false);
  const [turningOff, setTurningOff] = useState(false);
  const kindsId = useId();

  // The shell starts the engine after its first paint; a visit straight to Settings may be earlier.
  useEffect(startSyncIfOn, []);

  const changeKind = (kind: SyncKind, on: boolean) => {
    setConfig((current) => ({ ...current, kinds: { ...current.kinds, [kind]: on } }));
    void setKind(kind, on);
  };
  const changeApiKeys = async (on: boolean) => {
    setConfig((current) => ({ ...current, apiKeys: on }));
    setWithdrawing(on ? null : 'removing');
    try {
      await setApiKeys(on);
      if (!on) setWithdrawing('removed');
    } catch (error) {
      setWithdrawing(null);
      toast(t('problem.server', { message: messageOf(error) }), 'error');
    }
  };

  return (
    <Stack gap="md">
      <StatusLine status={status} vaultName={config.vaultName} />
      <Group gap="sm">
        <Button
          variant="default"
          loading={syncing}
          onClick={() => {
            setSyncing(true);
            void syncNow().finally(() => setSyncing(false));
          }}
        >
          {t('syncNow')}
        </Button>
      </Group>

      <Stack gap={6} role="group" aria-labelledby={kindsId}>
        <Text size="sm" fw={500} id={kindsId}>
          {t('kinds.title')}
        </Text>
        {syncKinds.map((kind) => (
          <Checkbox key={kind} label={t(`kind.${kind}`)} checked={config.kinds[kind]} onChange={(event) => changeKind(kind, event.currentTarget.checked)} />
        ))}
      </Stack>
      <Checkbox
        label={t('setup.apiKeys')}
        description={t('setup.apiKeys.description')}
        checked={config.apiKeys}
        onChange={(event) => void changeApiKeys(event.currentTarget.checked)}
      />
      {withdrawing ? (
        <Text size="sm" c="dimmed" aria-live="polite">
          {t(withdrawing === 'removing' ? 'apiKeys.removing' : 'apiKeys.removed')}
        </Text>
      ) : null}

      {status.unreadable.length > 0 ? (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('unreadable.title')}
          </Text>
          <List size="sm" aria-label={t('unreadable.title')}>
            {status.unreadable.map(({ type, count }) => (
              <List.Item key={type}>{t('unreadable.item', { count, type: typeWords(t, type) })}</List.Item>
            ))}
          </List>
          <Text size="xs" c="dimmed">
            {t('unreadable.note')}
          </Text>
        </Stack>
      ) : null}

      <Snapshots />

      <Stack gap={4}>
        <div>
          <Button
            color="red"
            variant="light"
            loading={turningOff}
            onClick={() => {
              setTurningOff(true);
              void turnOffSync().finally(() => setTurningOff(false));
            }}
          >
            {t('turnOff')}
          </Button>
        </div>
        <Text size="xs" c="dimmed">
          {t('turnOff.description')}
        </Text>
      </Stack>
    </Stack>
  );
}

/** The state, when it last went well, and what went wrong in the learner's words. */
export function StatusLine({ status, vaultName }: { status: ReturnType<typeof useSyncStatus.getState>; vaultName: string }) {
  const t = useT(catalogue);
  const state = status.state === 'off' ? 'syncing' : status.state;
  const lead =
    state === 'syncing'
      ? t('status.syncing')
      : state === 'synced'
        ? status.syncedAt
          ? t('status.synced', { when: formatRelativeTime(status.syncedAt) })
          : t('status.syncedNever')
        : state === 'offline'
          ? t('status.offline')
          : t('status.error', { reason: shortReason(t, status.problem) });
  return (
    <Stack gap={4} role="status">
      <Text size="sm" fw={500} c={state === 'error' ? 'red' : undefined} title={status.syncedAt ? formatDateTime(status.syncedAt) : undefined}>
        {lead}
      </Text>
      {state === 'error' && status.problem ? <Text size="sm">{problemWords(t, status.problem)}</Text> : null}
      <Text size="xs" c="dimmed">
        {vaultName ? t('status.vault', { name: vaultName }) : t('status.defaultVault')}
      </Text>
    </Stack>
  );
}

interface Snapshot {
  day: string;
  seq: number;
  records: number;
  bytes: number;
}

/** The vault's daily snapshots, newest first, each restorable after a confirm. */
function Snapshots() {
  const t = useT(catalogue);
  const [snapshots, setSnapshots] = useState<Snapshot[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [asking, setAsking] = useState<string | null>(null);
  const [restoring, setRestoring] = useState<string | null>(null);
  const syncedAt = useSyncStatus((state) => state.syncedAt);

  useEffect(() => {
    const stopper = new AbortController();
    listSnapshots(stopper.signal).then(
      (list) => {
        setSnapshots([...list].sort((a, b) => (a.day < b.day ? 1 : -1)));
        setFailed(null);
      },
      (error: unknown) => !stopper.signal.aborted && setFailed(messageOf(error)),
    );
    return () => stopper.abort();
  }, [syncedAt]);

  const restore = async (day: string) => {
    setAsking(null);
    setRestoring(day);
    try {
      const { restored, unreadable } = await restoreFromSnapshot(day);
      toast(t('restore.done', { restored, unreadable }), 'success');
    } catch (error) {
      toast(t('restore.failed', { message: messageOf(error) }), 'error');
    } finally {
      setRestoring(null);
    }
  };

  return (
    <Stack gap={6}>
      <Title order={4} size="sm">
        {t('snapshots.title')}
      </Title>
      {failed ? (
        <Text size="sm" c="red">
          {t('snapshots.failed', { message: failed })}
        </Text>
      ) : snapshots === null ? (
        <Text size="sm" c="dimmed">
          {t('snapshots.loading')}
        </Text>
      ) : snapshots.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('snapshots.none')}
        </Text>
      ) : null}
      <ul aria-label={t('snapshots.name')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {(snapshots ?? []).map((snapshot) => (
          <li key={snapshot.day}>
            <Group gap="sm" py={4} wrap="wrap">
              <Text size="sm" style={{ flex: 1, minWidth: 200 }}>
                {t('snapshots.item', { day: snapshot.day, records: snapshot.records, size: formatBytes(snapshot.bytes) })}
              </Text>
              <Button size="compact-sm" variant="default" loading={restoring === snapshot.day} disabled={restoring !== null} onClick={() => setAsking(snapshot.day)}>
                {t('restore')}
              </Button>
            </Group>
            {asking === snapshot.day ? (
              <Alert color="yellow" variant="light" role="alertdialog" aria-label={t('restore.yes', { day: snapshot.day })}>
                <Text size="sm">{t('restore.confirm', { day: snapshot.day })}</Text>
                <Group gap="sm" mt="xs">
                  <Button size="compact-sm" color="yellow" onClick={() => void restore(snapshot.day)}>
                    {t('restore.yes', { day: snapshot.day })}
                  </Button>
                  <Button size="compact-sm" variant="default" onClick={() => setAsking(null)}>
                    {t('restore.cancel')}
                  </Button>
                </Group>
              </Alert>
            ) : null}
          </li>
        ))}
      </ul>
    </Stack>
  );
}

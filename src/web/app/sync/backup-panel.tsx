import { Button, Checkbox, Group, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { formatDateTime } from '../../lib/i18n/format';
import { useT } from '../../lib/i18n/use-t';
import { download } from '../../lib/download';
import { toast } from '../../lib/notify';
import { BackupError, backupFileName, readBackupHeader } from '../../lib/sync/backup';
import { minPassphraseLength, readSyncConfig } from '../../lib/sync/sync-config';
import type { BackupTask } from './backup-buttons';
import { catalogue } from './i18n';
import { exportEverything, importEverything } from './sync-app';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What `export all` asks (a passphrase, whether keys go in) and what `import all` may need (the file's passphrase). */
export function BackupPanel({ task, onDone }: { task: BackupTask; onDone: () => void }) {
  return task.kind === 'export' ? <ExportForm onDone={onDone} /> : <ImportFile file={task.file} onDone={onDone} />;
}

function ExportForm({ onDone }: { onDone: () => void }) {
  const t = useT(catalogue);
  const [passphrase, setPassphrase] = useState('');
  const [apiKeys, setApiKeys] = useState(() => readSyncConfig().apiKeys);
  const [short, setShort] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (passphrase && passphrase.length < minPassphraseLength) {
      setShort(true);
      return;
    }
    setBusy(true);
    try {
      const text = await exportEverything({ apiKeys, passphrase: passphrase || undefined });
      download(backupFileName(), text, 'application/json');
      onDone();
    } catch (error) {
      toast(t('export.failed', { message: messageOf(error) }), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="sm" radius="md" component="form" onSubmit={(event: FormEvent) => void submit(event)}>
      <Stack gap="sm">
        <PasswordInput
          label={t('export.passphrase')}
          description={t('export.passphrase.description', { min: minPassphraseLength })}
          error={short ? t('export.short', { min: minPassphraseLength }) : undefined}
          value={passphrase}
          onChange={(event) => {
            setPassphrase(event.currentTarget.value);
            setShort(false);
          }}
          autoComplete="new-password"
        />
        <Checkbox label={t('export.apiKeys')} description={t('export.apiKeys.description')} checked={apiKeys} onChange={(event) => setApiKeys(event.currentTarget.checked)} />
        <Group gap="sm">
          <Button type="submit" loading={busy}>
            {t('export.download')}
          </Button>
          <Button variant="default" onClick={onDone} disabled={busy}>
            {t('export.cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

type Header = ReturnType<typeof readBackupHeader>;

function ImportFile({ file, onDone }: { file: File; onDone: () => void }) {
  const t = useT(catalogue);
  const [sealed, setSealed] = useState<{ text: string; header: Header } | null>(null);
  const [passphrase, setPassphrase] = useState('');
  const [wrong, setWrong] = useState(false);
  const [busy, setBusy] = useState(false);

  const apply = async (text: string, filePassphrase?: string): Promise<void> => {
    try {
      const { applied, unreadable } = await importEverything(text, filePassphrase);
      toast(t('import.done', { applied, unreadable }), 'success');
      onDone();
    } catch (error) {
      if (error instanceof BackupError && error.code === 'wrong-passphrase') setWrong(true);
      else {
        toast(error instanceof BackupError && error.code === 'not-backup' ? t('import.notBackup') : t('import.failed', { message: messageOf(error) }), 'error');
        onDone();
      }
    }
  };

  useEffect(() => {
    let live = true;
    void file.text().then(async (text) => {
      if (!live) return;
      let header: Header;
      try {
        header = readBackupHeader(text);
      } catch {
        toast(t('import.notBackup'), 'error');
        onDone();
        return;
      }
      if (header.sealed) setSealed({ text, header });
      else await apply(text);
    });
    return () => {
      live = false;
    };
    // Read once per file (the panel is keyed by it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!sealed) return null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setWrong(false);
    setBusy(true);
    await apply(sealed.text, passphrase);
    setBusy(false);
  };
  return (
    <Paper withBorder p="sm" radius="md" component="form" onSubmit={(event: FormEvent) => void submit(event)}>
      <Stack gap="sm">
        <Text size="sm">{t('import.sealed', { name: file.name, records: sealed.header.records, exportedAt: formatDateTime(sealed.header.exportedAt) })}</Text>
        <PasswordInput
          label={t('import.passphrase')}
          error={wrong ? t('import.wrongPassphrase') : undefined}
          value={passphrase}
          onChange={(event) => {
            setPassphrase(event.currentTarget.value);
            setWrong(false);
          }}
          autoComplete="off"
          data-autofocus
        />
        <Group gap="sm">
          <Button type="submit" loading={busy} disabled={!passphrase}>
            {t('import.confirm')}
          </Button>
          <Button variant="default" onClick={onDone} disabled={busy}>
            {t('import.cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

import { Alert, Button, Checkbox, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useT } from '../../lib/i18n/use-t';
import { isSecureOrigin } from '../../lib/secure-context';
import { minPassphraseLength, readSyncConfig } from '../../lib/sync/sync-config';
import { catalogue } from './i18n';

/** The engine and its crypto come when the passphrase is typed (or the button pressed). */
const loadSync = () => import('./sync-app');

type Failure = { kind: 'wrong-passphrase' | 'insecure' } | { kind: 'failed'; message: string };

/**
 * Settings → Sync while this device does not sync: the vault's name, the passphrase (refused here
 * when short, before any work), whether keys travel, and `turn on sync`.
 */
export function SyncSetup() {
  const t = useT(catalogue);
  const [vaultName, setVaultName] = useState(() => readSyncConfig().vaultName);
  const [passphrase, setPassphrase] = useState('');
  const [apiKeys, setApiKeys] = useState(false);
  const [short, setShort] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const secure = isSecureOrigin();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (passphrase.length < minPassphraseLength) {
      setShort(true);
      return;
    }
    setBusy(true);
    try {
      const [{ turnOnSync }, { SyncSetupError }] = await Promise.all([loadSync(), import('../../lib/sync/sync-runner')]);
      try {
        await turnOnSync({ vaultName, passphrase, apiKeys });
        setPassphrase('');
      } catch (error) {
        if (error instanceof SyncSetupError && error.code === 'short-passphrase') setShort(true);
        else if (error instanceof SyncSetupError) setFailure({ kind: error.code === 'insecure' ? 'insecure' : 'wrong-passphrase' });
        else setFailure({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
      }
    } catch (error) {
      // The sync code itself did not come (offline, a new deploy).
      setFailure({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <TextInput label={t('setup.vaultName')} description={t('setup.vaultName.description')} value={vaultName} onChange={(event) => setVaultName(event.currentTarget.value)} autoComplete="off" spellCheck={false} />
        <PasswordInput
          label={t('setup.passphrase')}
          description={t('setup.passphrase.description', { min: minPassphraseLength })}
          error={short ? t('setup.passphrase.short', { min: minPassphraseLength }) : undefined}
          value={passphrase}
          onChange={(event) => {
            setPassphrase(event.currentTarget.value);
            setShort(false);
          }}
          // The code the button needs starts coming while the passphrase is typed.
          onFocus={() => void loadSync().catch(() => {})}
          autoComplete="new-password"
          spellCheck={false}
        />
        <Checkbox label={t('setup.apiKeys')} description={t('setup.apiKeys.description')} checked={apiKeys} onChange={(event) => setApiKeys(event.currentTarget.checked)} />
        {failure ? (
          <Alert color="red" role="alert" variant="light">
            {failure.kind === 'failed' ? t('setup.failed', { message: failure.message }) : t(failure.kind === 'insecure' ? 'setup.insecure' : 'setup.wrongPassphrase')}
          </Alert>
        ) : null}
        {secure ? null : (
          <Text size="sm" c="yellow.8" id="sync-insecure">
            {t('setup.insecure')}
          </Text>
        )}
        <div>
          <Button type="submit" loading={busy} disabled={!secure} aria-describedby={secure ? undefined : 'sync-insecure'}>
            {t('setup.turnOn')}
          </Button>
          {busy ? (
            <Text size="xs" c="dimmed" mt={6} aria-live="polite">
              {t('setup.turningOn')}
            </Text>
          ) : null}
        </div>
      </Stack>
    </form>
  );
}

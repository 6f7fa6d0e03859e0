import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { accessMessages, checkAccess, keepAccessToken, submitAccessToken, watchAccessToken } from '../lib/access';
import { emit, on } from '../lib/events';
import { httpErrorMessage } from '../lib/http/http-client';
import { openModal, useModalStore } from '../lib/modal-store';
import { getSettings } from '../lib/settings-store';

export const accessDialogTitle = 'Access token';

function AccessForm({ done }: { done: () => void }) {
  const [value, setValue] = useState(() => getSettings().accessToken);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const token = value.trim();
    if (!token) return setError(accessMessages.empty);
    setBusy(true);
    setError(null);
    try {
      if (!(await submitAccessToken(token))) return setError(accessMessages.wrong);
      keepAccessToken(token);
      // What failed for want of the token is asked again.
      void queryClient.invalidateQueries();
      emit('access-granted');
      done();
    } catch (failure) {
      setError(httpErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)}>
      <Stack>
        <Text size="sm">
          This Kotonoha server is open to your network, so it asks for its access token: the ACCESS_TOKEN it was started with. This browser keeps
          it in its settings.
        </Text>
        <PasswordInput
          label="access token"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          error={error}
          autoComplete="current-password"
          spellCheck={false}
          data-autofocus
          visibilityToggleButtonProps={{ 'aria-label': 'show access token' }}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            unlock
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function openAccessDialog() {
  if (useModalStore.getState().current?.title === accessDialogTitle) return;
  openModal({ title: accessDialogTitle, size: 'md', render: ({ close }) => <AccessForm done={close} /> });
}

/**
 * Asks for the server's access token when an API call answers 401 {code:"access-token"} (and on
 * start when the browser has no cookie yet), and keeps the cookie in step with Settings.
 */
export function registerAccessDialog(): () => void {
  const unsubscribers = [on('access-token-needed', openAccessDialog), watchAccessToken()];
  // A network failure here is reported by the screen whose own call fails.
  void checkAccess().catch(() => undefined);
  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}

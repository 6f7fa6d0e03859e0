import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTakeOverFocus } from '../components/on-demand/on-demand';
import { accessMessages, keepAccessToken, submitAccessToken } from '../lib/access';
import { emit } from '../lib/events';
import { httpErrorMessage } from '../lib/http/http-client';
import { getSettings } from '../lib/settings-store';

/** The "Access token" dialog's form; loaded only when a server asks for its token. */
export function AccessForm({ done }: { done: () => void }) {
  const [value, setValue] = useState(() => getSettings().accessToken);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  // Loaded after the modal opened, so the modal's own autofocus has already passed.
  const input = useTakeOverFocus<HTMLInputElement>(true);

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
          ref={input}
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

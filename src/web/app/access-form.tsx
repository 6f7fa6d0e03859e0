import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTakeOverFocus } from '../components/on-demand/on-demand';
import { keepAccessToken, submitAccessToken } from '../lib/access';
import { emit } from '../lib/events';
import { httpErrorMessage } from '../lib/http/http-client';
import { common } from '../lib/i18n/common';
import { useT } from '../lib/i18n/use-t';
import { getSettings } from '../lib/settings-store';

/** The "Access token" dialog's form; loaded only when a server asks for its token. */
export function AccessForm({ done }: { done: () => void }) {
  const t = useT(common);
  const [value, setValue] = useState(() => getSettings().accessToken);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  // Loaded after the modal opened, so the modal's own autofocus has already passed.
  const input = useTakeOverFocus<HTMLInputElement>(true);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const token = value.trim();
    if (!token) return setError(t('access.empty'));
    setBusy(true);
    setError(null);
    try {
      if (!(await submitAccessToken(token))) return setError(t('access.wrong'));
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
        <Text size="sm">{t('access.intro')}</Text>
        <PasswordInput
          label={t('access.token')}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          error={error}
          autoComplete="current-password"
          spellCheck={false}
          ref={input}
          visibilityToggleButtonProps={{ 'aria-label': t('access.show') }}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {t('access.unlock')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

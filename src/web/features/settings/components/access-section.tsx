import { PasswordInput } from '@mantine/core';
import type { SectionProps } from './section-props';
import { SettingsCard } from './settings-card';
import { secretInputProps } from './secret-input';

export function AccessSection({ draft, set }: SectionProps) {
  return (
    <SettingsCard
      id="access"
      title="Access"
      description="The server's ACCESS_TOKEN, when it is open to your network (HOST off loopback). Empty on this machine's own Kotonoha."
    >
      <PasswordInput
        label="access token"
        value={draft.accessToken}
        onChange={(event) => set('accessToken', event.currentTarget.value)}
        {...secretInputProps('access token')}
      />
    </SettingsCard>
  );
}

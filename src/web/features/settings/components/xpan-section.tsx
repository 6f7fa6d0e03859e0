import { PasswordInput } from '@mantine/core';
import type { SectionProps } from './section-props';
import { SettingsCard } from './settings-card';
import { secretInputProps } from './secret-input';

export function XpanSection({ draft, update }: SectionProps) {
  return (
    <SettingsCard
      id="xpan"
      title="XPan"
      description="The OAuth access token of your Baidu Netdisk (百度网盘) app. It stays in this browser and travels with each drive request; the server never stores or logs it."
    >
      <PasswordInput
        label="access token"
        value={draft.xpan.accessToken}
        onChange={(event) => update('xpan', { accessToken: event.currentTarget.value.trim() })}
        {...secretInputProps('access token')}
      />
    </SettingsCard>
  );
}

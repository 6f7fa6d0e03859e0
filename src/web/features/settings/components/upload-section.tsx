import { PasswordInput } from '@mantine/core';
import type { SectionProps } from './section-props';
import { SettingsCard } from './settings-card';
import { secretInputProps } from './secret-input';

export function UploadSection({ draft, set }: SectionProps) {
  return (
    <SettingsCard id="upload" title="File upload" description="The token the server's upload endpoint asks for.">
      <PasswordInput
        label="upload token"
        value={draft.uploadToken}
        onChange={(event) => set('uploadToken', event.currentTarget.value)}
        {...secretInputProps('upload token')}
      />
    </SettingsCard>
  );
}

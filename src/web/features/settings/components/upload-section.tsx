import { PasswordInput } from '@mantine/core';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';
import type { SectionProps } from './section-props';
import { SettingsCard } from './settings-card';
import { secretInputProps } from './secret-input';

export function UploadSection({ draft, set }: SectionProps) {
  const t = useT(catalogue);
  return (
    <SettingsCard id="upload" title={t('section.upload')} description={t('upload.description')}>
      <PasswordInput
        label={t('upload.token')}
        value={draft.uploadToken}
        onChange={(event) => set('uploadToken', event.currentTarget.value)}
        {...secretInputProps(t('secret.show', { field: t('upload.token') }))}
      />
    </SettingsCard>
  );
}

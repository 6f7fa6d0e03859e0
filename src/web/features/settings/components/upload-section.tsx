import { PasswordInput } from '@mantine/core';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';
import type { SectionProps } from './section-props';
import { secretInputProps } from './secret-input';

export function UploadSection({ draft, set }: SectionProps) {
  const t = useT(catalogue);
  return (
    <>
      <PasswordInput
        label={t('upload.token')}
        value={draft.uploadToken}
        onChange={(event) => set('uploadToken', event.currentTarget.value)}
        {...secretInputProps(t('secret.show', { field: t('upload.token') }))}
      />
    </>
  );
}

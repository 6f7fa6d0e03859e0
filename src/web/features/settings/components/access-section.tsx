import { PasswordInput } from '@mantine/core';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';
import type { SectionProps } from './section-props';
import { secretInputProps } from './secret-input';

export function AccessSection({ draft, set }: SectionProps) {
  const t = useT(catalogue);
  return (
    <>
      <PasswordInput
        label={t('access.token')}
        value={draft.accessToken}
        onChange={(event) => set('accessToken', event.currentTarget.value)}
        {...secretInputProps(t('secret.show', { field: t('access.token') }))}
      />
    </>
  );
}

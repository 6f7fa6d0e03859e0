import { PasswordInput } from '@mantine/core';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';
import type { SectionProps } from './section-props';
import { secretInputProps } from './secret-input';

export function XpanSection({ draft, update }: SectionProps) {
  const t = useT(catalogue);
  return (
    <>
      <PasswordInput
        label={t('xpan.token')}
        value={draft.xpan.accessToken}
        onChange={(event) => update('xpan', { accessToken: event.currentTarget.value.trim() })}
        {...secretInputProps(t('secret.show', { field: t('xpan.token') }))}
      />
    </>
  );
}

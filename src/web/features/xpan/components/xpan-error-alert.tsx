import { Alert, Text } from '@mantine/core';
import { RichText } from '../../../lib/i18n/rich-text';
import { useT } from '../../../lib/i18n/use-t';
import { xpanErrorStatus } from '../api/xpan-api';
import { catalogue } from '../i18n';
import { xpanErrorText } from '../xpan-errors';
import { settingsLink } from './xpan-alerts';

/** A failed drive call, worded in the interface language; an expired token leads to Settings. */
export function XpanErrorAlert({ error, title }: { error: Error; title: string }) {
  const t = useT(catalogue);
  const status = xpanErrorStatus(error);
  return (
    <Alert color="red" title={title}>
      <Text size="sm">{xpanErrorText(t, error)}</Text>
      {status === 401 ? (
        <Text size="sm" mt={4}>
          <RichText text={t('error.openSettings')} parts={{ link: settingsLink }} />
        </Text>
      ) : null}
    </Alert>
  );
}

import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { RichText } from '../../../lib/i18n/rich-text';
import { useT } from '../../../lib/i18n/use-t';
import { xpanErrorStatus } from '../api/xpan-api';
import { catalogue } from '../i18n';
import { xpanErrorText } from '../xpan-errors';

/**
 * "Settings → XPan" as a link, where a message marks it `<link>…</link>`. It sits in an alert's
 * text: that text's colour (legible on the alert's background in both themes), told apart by its underline.
 */
const settingsLink = (words: string) => (
  <Anchor component={Link} to="/settings#xpan" inherit c="inherit" underline="always" fw={600}>
    {words}
  </Anchor>
);

export function NoToken() {
  const t = useT(catalogue);
  return (
    <Alert color="blue" title={t('noToken.title')}>
      <Text size="sm">
        <RichText text={t('noToken.body')} parts={{ link: settingsLink }} />
      </Text>
    </Alert>
  );
}

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

import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { RichText } from '../../../lib/i18n/rich-text';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';

/**
 * "Settings → XPan" as a link, where a message marks it `<link>…</link>`. It sits in an alert's
 * text: that text's colour (legible on the alert's background in both themes), told apart by its underline.
 */
export const settingsLink = (words: string) => (
  <Anchor component={Link} to="/settings#xpan" inherit c="inherit" underline="always" fw={600}>
    {words}
  </Anchor>
);

/** Without a token the screen paints this notice and the tabs only: nothing here calls the drive (decision 0014). */
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

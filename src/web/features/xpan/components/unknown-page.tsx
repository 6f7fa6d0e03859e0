import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { RichText } from '../../../lib/i18n/rich-text';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';
import { XpanTabs } from './xpan-tabs';

const browseLink = (words: string) => (
  <Anchor component={Link} to="/yunpan/view" inherit c="inherit" underline="always" fw={600}>
    {words}
  </Anchor>
);

/** Any /yunpan/<page> other than view and search: the drive's screen says it has no such page. */
export function UnknownPage({ page }: { page: string }) {
  const t = useT(catalogue);
  return (
    <>
      <XpanTabs page={page} />
      <Alert color="blue" title={t('unknownPage.title')}>
        <Text size="sm">
          <RichText text={t('unknownPage.body')} parts={{ page: () => <span translate="no">{page}</span>, link: browseLink }} />
        </Text>
      </Alert>
    </>
  );
}

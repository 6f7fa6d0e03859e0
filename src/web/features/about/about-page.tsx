import { Anchor, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageFrame } from '../../components/page-frame/page-frame';
import { RichText } from '../../lib/i18n/rich-text';
import { useT } from '../../lib/i18n/use-t';
import { catalogue } from './i18n';

export function AboutPage() {
  const t = useT(catalogue);
  return (
    <PageFrame>
      <Stack gap="sm" maw={720}>
        <Text>{t('intro')}</Text>
        <Text fw={600}>{t('keys.title')}</Text>
        <List spacing={4}>
          <List.Item>{t('keys.accounts')}</List.Item>
          <List.Item>{t('keys.relay')}</List.Item>
          <List.Item>
            <RichText
              text={t('keys.export')}
              parts={{
                link: (words) => (
                  <Anchor component={Link} to="/settings">
                    {words}
                  </Anchor>
                ),
              }}
            />
          </List.Item>
        </List>
        <Text c="dimmed" size="sm">
          {t('shonagon')}
        </Text>
      </Stack>
    </PageFrame>
  );
}

import { Button, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { common } from '../lib/i18n/common';
import { useT } from '../lib/i18n/use-t';

export function NotFoundPage() {
  const t = useT(common);
  const { pathname } = useLocation();
  return (
    <Stack align="center" mt="xl" gap="sm">
      <Title order={2}>{t('notFound.heading')}</Title>
      <Text c="dimmed">{t('notFound.body', { path: pathname })}</Text>
      <Button component={Link} to="/">
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}

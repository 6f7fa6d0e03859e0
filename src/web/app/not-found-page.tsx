import { Button, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Stack align="center" mt="xl" gap="sm">
      <Title order={2}>Page not found</Title>
      <Text c="dimmed">
        Nothing lives at <code>{pathname}</code>.
      </Text>
      <Button component={Link} to="/">
        Back to Home
      </Button>
    </Stack>
  );
}

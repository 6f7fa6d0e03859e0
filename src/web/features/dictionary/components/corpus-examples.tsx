import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatNumber } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/use-t';
import { apiBase, searchCorpus } from '../../../lib/shonagon-client';
import { catalogue } from '../i18n';
import classes from './dictionary.module.css';
import { Furigana } from '../../../components/furigana/furigana';
import { FuriganaToggle } from '../../../components/furigana/furigana-toggle';

/** Example sentences shown under an entry, from the learner's own Shonagon corpus. */
export const exampleLimit = 5;

/**
 * Up to five sentences from the Shonagon library that use the looked-up word. The corpus is a
 * helper here: when it is empty or unreachable the modal says so in one quiet line, not a toast.
 */
export function CorpusExamples({ query }: { query: string }) {
  const t = useT(catalogue);
  const word = query.trim();
  const examples = useQuery({
    queryKey: ['shonagon', apiBase(), 'examples', word],
    enabled: word !== '' && Array.from(word).length <= 50,
    queryFn: ({ signal }) => searchCorpus({ q: word, limit: exampleLimit }, signal),
    retry: false,
    staleTime: 60_000,
  });
  if (!examples.isEnabled || examples.isPending) return null;
  if (examples.isError) {
    return (
      <Text size="xs" c="dimmed">
        {t('examples.unavailable')}
      </Text>
    );
  }
  const { items, total } = examples.data;
  if (items.length === 0) return null;
  return (
    <Stack gap={4} role="region" aria-label={t('examples.label')}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" fw={600} c="dimmed">
          {t('examples.heading', { count: formatNumber(total) })}
        </Text>
        <FuriganaToggle />
      </Group>
      {/* The corpus's sentences and titles: the library's own words. */}
      <Stack gap={4} role="list" translate="no">
        {items.slice(0, exampleLimit).map((item) => (
          <Text key={item.sentenceId} size="sm" role="listitem" lang="ja" lh={1.6} data-furigana-line>
            <Furigana text={item.left.slice(-24)} after={item.key + item.right.slice(0, 24)} />
            <Text span className={classes.key}>
              <Furigana text={item.key} before={item.left.slice(-24)} after={item.right.slice(0, 24)} />
            </Text>
            <Furigana text={item.right.slice(0, 24)} before={item.left.slice(-24) + item.key} />
            <Text span size="xs" c="dimmed" ml={6}>
              — {item.title}
            </Text>
          </Text>
        ))}
      </Stack>
      <Anchor size="xs" href={`/shonagon/single?query_string=${encodeURIComponent(word)}`} target="_blank" rel="noopener">
        {t('examples.all')}
      </Anchor>
    </Stack>
  );
}

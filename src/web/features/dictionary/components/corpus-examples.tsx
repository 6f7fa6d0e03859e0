import { Anchor, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { apiBase, searchCorpus } from '../../../lib/shonagon-client';

/** Example sentences shown under an entry, from the learner's own Shonagon corpus. */
export const exampleLimit = 5;

/**
 * Up to five sentences from the Shonagon library that use the looked-up word. The corpus is a
 * helper here: when it is empty or unreachable the modal says so in one quiet line, not a toast.
 */
export function CorpusExamples({ query }: { query: string }) {
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
        Example sentences from your library are unavailable.
      </Text>
    );
  }
  const { items, total } = examples.data;
  if (items.length === 0) return null;
  return (
    <Stack gap={4} role="region" aria-label="examples from your library">
      <Text size="xs" fw={600} c="dimmed">
        Examples from your library ({total.toLocaleString()})
      </Text>
      <Stack gap={4} role="list">
        {items.slice(0, exampleLimit).map((item) => (
          <Text key={item.sentenceId} size="sm" role="listitem" lang="ja" lh={1.6}>
            {item.left.slice(-24)}
            <Text span fw={700} c="red.8">
              {item.key}
            </Text>
            {item.right.slice(0, 24)}
            <Text span size="xs" c="dimmed" ml={6}>
              — {item.title}
            </Text>
          </Text>
        ))}
      </Stack>
      <Anchor size="xs" href={`/shonagon/single?query_string=${encodeURIComponent(word)}`} target="_blank" rel="noopener">
        all in Shonagon
      </Anchor>
    </Stack>
  );
}

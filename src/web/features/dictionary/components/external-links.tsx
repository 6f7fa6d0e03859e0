import { Anchor, Group, Text } from '@mantine/core';

/** Online dictionaries the modal links to; each takes the query in its path. */
export const externalDictionaries = [
  { name: 'Jisho', url: (query: string) => `https://jisho.org/search/${encodeURIComponent(query)}` },
  { name: 'Weblio', url: (query: string) => `https://www.weblio.jp/content/${encodeURIComponent(query)}` },
  { name: 'MOJi', url: (query: string) => `https://www.mojidict.com/searchText/${encodeURIComponent(query)}` },
] as const;

export function ExternalLinks({ query }: { query: string }) {
  if (query === '') return null;
  return (
    <Group gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed">
        Search <span lang="ja">{query}</span> on
      </Text>
      {externalDictionaries.map((dictionary) => (
        <Anchor key={dictionary.name} href={dictionary.url(query)} target="_blank" rel="noopener noreferrer" size="sm">
          {dictionary.name}
        </Anchor>
      ))}
    </Group>
  );
}

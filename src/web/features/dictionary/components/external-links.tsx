import { Anchor, Group, Text } from '@mantine/core';
import { RichText } from '../../../lib/i18n/rich-text';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';

/** Online dictionaries the modal links to; each takes the query in its path. */
export const externalDictionaries = [
  { name: 'Jisho', url: (query: string) => `https://jisho.org/search/${encodeURIComponent(query)}` },
  { name: 'Weblio', url: (query: string) => `https://www.weblio.jp/content/${encodeURIComponent(query)}` },
  { name: 'MOJi', url: (query: string) => `https://www.mojidict.com/searchText/${encodeURIComponent(query)}` },
] as const;

export function ExternalLinks({ query }: { query: string }) {
  const t = useT(catalogue);
  if (query === '') return null;
  return (
    <Group gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed">
        <RichText
          text={t('links.search', { query })}
          parts={{
            query: () => (
              <span lang="ja" translate="no">
                {query}
              </span>
            ),
          }}
        />
      </Text>
      {externalDictionaries.map((dictionary) => (
        <Anchor key={dictionary.name} href={dictionary.url(query)} target="_blank" rel="noopener noreferrer" size="sm" translate="no">
          {dictionary.name}
        </Anchor>
      ))}
    </Group>
  );
}

import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { dictQueryMaxLength, type DictLookup } from '../../../../common/dict';
import type { useDictLookup } from '../api/dict-api';
import { ResultCard } from './result-card';

export type DictLookupQuery = ReturnType<typeof useDictLookup>;

/** One lookup as the modal shows it: waiting, failed, or its entries. */
export function LookupAnswer({ query, lookup, prefer }: { query: string; lookup: DictLookupQuery; prefer?: string }) {
  if ([...query].length > dictQueryMaxLength) {
    return (
      <Alert color="yellow" role="alert">
        The dictionary looks up words of at most {dictQueryMaxLength} characters; shorten the search.
      </Alert>
    );
  }
  if (lookup.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Looking up {query}…</Text>
      </Group>
    );
  }
  if (lookup.isError) {
    return (
      <Alert color="red" title="Lookup failed" role="alert">
        {lookup.error.message}
      </Alert>
    );
  }
  return <ResultList query={query} answer={lookup.data} stale={lookup.isPlaceholderData} prefer={prefer} />;
}

/** The entries of one answer; `prefer` (a dictionary form) puts that word's entries first. */
export function ResultList({ query, answer, stale = false, prefer }: { query: string; answer: DictLookup; stale?: boolean; prefer?: string }) {
  const { searched } = answer;
  // Stable: the word the phrase scan found (して → する) before others spelled alike (仕手).
  const results = prefer ? [...answer.results].sort((a, b) => Number(b.matched === prefer) - Number(a.matched === prefer)) : answer.results;
  if (results.length === 0) {
    return (
      <Text role="status">
        No entries for <strong lang="ja">{query}</strong>
        {searched !== query ? <> ({searched})</> : null}.
      </Text>
    );
  }
  return (
    <Stack gap="sm" aria-busy={stale} style={{ opacity: stale ? 0.6 : 1 }}>
      <Text size="sm" c="dimmed" role="status">
        {results.length === 1 ? '1 entry' : `${results.length} entries`} for <span lang="ja">{answer.matched ?? searched}</span>
      </Text>
      <Stack gap="sm" role="list" aria-label="results">
        {results.map((entry) => (
          <div role="listitem" key={entry.id}>
            <ResultCard entry={entry} />
          </div>
        ))}
      </Stack>
    </Stack>
  );
}

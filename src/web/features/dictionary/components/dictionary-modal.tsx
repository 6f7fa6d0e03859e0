import { Alert, Button, Code, Group, Loader, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { dictQueryMaxLength } from '../../../../common/dict';
import { useDictLookup, useDictStatus } from '../api/dict-api';
import { ExternalLinks } from './external-links';
import { ResultCard } from './result-card';
import { SaveNoteButton } from './save-note-button';

export const importCommand = 'npm run dict:import -- /usr/share/edict/edict';

/** The dictionary modal (spec §1, opened by `open-dict`): search, results, links out. */
export function DictionaryModal({ initialQuery }: { initialQuery: string }) {
  const [input, setInput] = useState(initialQuery);
  const [query, setQuery] = useState(initialQuery.trim());
  const [debounced] = useDebouncedValue(input.trim(), 300);
  useEffect(() => setQuery(debounced), [debounced]);

  const status = useDictStatus();
  const state = status.data?.state;
  // During a re-import the previous dictionary still answers.
  const canLookUp = state === 'ready' || (status.data?.entries ?? 0) > 0;
  const lookup = useDictLookup(query, canLookUp);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery(input.trim());
  };

  return (
    <Stack gap="md">
      <form onSubmit={submit} role="search" aria-label="dictionary">
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            aria-label="search the dictionary"
            placeholder="kanji, kana or romaji"
            value={input}
            onChange={(event) => setInput(event.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
            lang="ja"
            style={{ flex: 1 }}
            data-autofocus
          />
          <Button type="submit" variant="light">
            search
          </Button>
        </Group>
      </form>

      {status.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          <Text c="dimmed">Checking the dictionary…</Text>
        </Group>
      ) : status.isError ? (
        <Alert color="red" title="The dictionary is unavailable" role="alert">
          {status.error.message}
        </Alert>
      ) : state === 'importing' ? (
        <ImportProgress progress={status.data!.progress} />
      ) : state === 'empty' ? (
        <NoDictionary error={status.data!.error} />
      ) : null}

      {canLookUp && query !== '' ? <Results query={query} lookup={lookup} /> : null}
      {canLookUp && query === '' ? <Text c="dimmed">Type a word in kanji, kana or romaji.</Text> : null}

      <ExternalLinks query={query || input.trim()} />
    </Stack>
  );
}

function Results({ query, lookup }: { query: string; lookup: ReturnType<typeof useDictLookup> }) {
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
  const { results, searched } = lookup.data;
  const stale = lookup.isPlaceholderData;
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
        {results.length === 1 ? '1 entry' : `${results.length} entries`} for <span lang="ja">{searched}</span>
      </Text>
      <Stack gap="sm" role="list" aria-label="results">
        {results.map((entry) => (
          <div role="listitem" key={entry.id}>
            <ResultCard entry={entry} />
            <SaveNoteButton entry={entry} />
          </div>
        ))}
      </Stack>
    </Stack>
  );
}

function ImportProgress({ progress }: { progress: number }) {
  const percent = Math.round(progress * 100);
  return (
    <Stack gap={6}>
      <Text role="status">Importing the dictionary… {percent}%</Text>
      <Progress value={percent} animated aria-label="dictionary import progress" />
      <Text size="sm" c="dimmed">
        The server is building its dictionary from EDICT; lookups start when it is done.
      </Text>
    </Stack>
  );
}

function NoDictionary({ error }: { error?: string }) {
  return (
    <Alert color="yellow" title="No dictionary is installed" role="status" styles={{ body: { minWidth: 0 } }}>
      <Stack gap={6} style={{ overflowWrap: 'anywhere' }}>
        <Text size="sm">
          The server has no Japanese–English dictionary yet. Import an EDICT file (EUC-JP or UTF-8) with
        </Text>
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {importCommand}
        </Code>
        <Text size="sm">
          or install Debian&apos;s <Code>edict</Code> package (<Code>apt install edict</Code>) and restart the server: it imports{' '}
          <Code>/usr/share/edict/edict</Code> on start-up. Meanwhile, the links below search online dictionaries.
        </Text>
        {error ? (
          <Text size="sm" c="red">
            The last import failed: {error}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}

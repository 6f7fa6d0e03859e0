import { Alert, Button, Code, Group, Loader, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useDictLookup, useDictStatus } from '../api/dict-api';
import { CorpusExamples } from './corpus-examples';
import { ExternalLinks } from './external-links';
import { PhraseSteps } from './phrase-steps';
import { LookupAnswer, type DictLookupQuery } from './results';

export const importCommand = 'npm run dict:import -- /usr/share/edict/edict';

/** The dictionary modal (spec §1, opened by `open-dict`): search, results, links out. */
export function DictionaryModal({ initialQuery }: { initialQuery: string }) {
  const [input, setInput] = useState(initialQuery);
  const [query, setQuery] = useState(initialQuery.trim());
  const [debounced] = useDebouncedValue(input.trim(), 300);
  useEffect(() => setQuery(debounced), [debounced]);
  /** In a phrase, the word shown: the links search for it. */
  const [word, setWord] = useState<string | null>(null);
  useEffect(() => setWord(null), [query]);

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

      {canLookUp && query !== '' ? (
        // A selection opened the modal: its phrase takes the keyboard, so arrows step at once.
        <Results key={query} query={query} lookup={lookup} focusPhrase={query === initialQuery.trim()} onWord={setWord} />
      ) : null}
      {canLookUp && query === '' ? <Text c="dimmed">Type a word in kanji, kana or romaji.</Text> : null}

      {query !== '' ? <CorpusExamples query={word ?? query} /> : null}
      <ExternalLinks query={word ?? (query || input.trim())} />
    </Stack>
  );
}

/** A phrase steps through its words; anything else is one answer. */
function Results({ query, lookup, focusPhrase, onWord }: { query: string; lookup: DictLookupQuery; focusPhrase: boolean; onWord: (word: string | null) => void }) {
  const segments = lookup.data?.segments;
  if (lookup.data && segments && segments.length > 1 && !lookup.isPlaceholderData) {
    return <PhraseSteps answer={lookup.data} focusOnMount={focusPhrase} onWord={onWord} />;
  }
  return <LookupAnswer query={query} lookup={lookup} />;
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

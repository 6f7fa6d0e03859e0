import { Alert, Button, Code, Group, Loader, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { RichText } from '../../../lib/i18n/rich-text';
import { useT } from '../../../lib/i18n/use-t';
import { useDictLookup, useDictStatus } from '../api/dict-api';
import { catalogue } from '../i18n';
import { CorpusExamples } from './corpus-examples';
import { ExternalLinks } from './external-links';
import { SelectedSentence } from './entry-anki';
import type { MarkedText } from '../../../lib/anki/anki-note';
import { LookUpProvider } from './look-up';
import { PhraseSteps } from './phrase-steps';
import { LookupAnswer, type DictLookupQuery } from './results';

export const importCommand = 'npm run dict:import -- /usr/share/edict/edict';

/**
 * The dictionary modal (docs/behaviour.md "Application events", opened by `open-dict`): search,
 * results, links out. It suspends until its catalogue has arrived (the modal's Suspense in
 * app/events/open-dict shows a loader).
 */
export function DictionaryModal({ initialQuery, sentence }: { initialQuery: string; sentence?: MarkedText }) {
  const t = useT(catalogue);
  const [input, setInput] = useState(initialQuery);
  const [query, setQuery] = useState(initialQuery.trim());
  const [debounced] = useDebouncedValue(input.trim(), 300);
  useEffect(() => setQuery(debounced), [debounced]);
  /** In a phrase, the word shown: the links search for it. */
  const [word, setWord] = useState<string | null>(null);

  const status = useDictStatus();
  const state = status.data?.state;
  // During a re-import the previous dictionary still answers.
  const canLookUp = state === 'ready' || (status.data?.entries ?? 0) > 0;
  const lookup = useDictLookup(query, canLookUp);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery(input.trim());
  };
  /** A `?query=` link or a kanji of a headword: searched for here, in the box too. */
  const lookUp = useCallback((word: string) => {
    setInput(word);
    setQuery(word);
  }, []);

  return (
    <LookUpProvider lookUp={lookUp}>
      <Stack gap="md">
        <form onSubmit={submit} role="search" aria-label={t('search.form')}>
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              aria-label={t('search.label')}
              placeholder={t('search.placeholder')}
              value={input}
              onChange={(event) => setInput(event.currentTarget.value)}
              leftSection={<IconSearch size={16} aria-hidden />}
              lang="ja"
              style={{ flex: 1 }}
              data-autofocus
            />
            <Button type="submit" variant="light">
              {t('search')}
            </Button>
          </Group>
        </form>

        {status.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="sm" aria-hidden />
            <Text c="dimmed">{t('status.checking')}</Text>
          </Group>
        ) : status.isError ? (
          <Alert color="red" title={t('status.unavailable')} role="alert">
            {status.error.message}
          </Alert>
        ) : state === 'importing' ? (
          <ImportProgress progress={status.data!.progress} />
        ) : state === 'empty' ? (
          <NoDictionary error={status.data!.error} />
        ) : null}

        {canLookUp && query !== '' ? (
          // A selection opened the modal: its phrase takes the keyboard, so arrows step at once.
          <SelectedSentence value={query === initialQuery.trim() ? sentence : undefined}>
            <Results key={query} query={query} lookup={lookup} focusPhrase={query === initialQuery.trim()} onWord={setWord} />
          </SelectedSentence>
        ) : null}
        {canLookUp && query === '' ? <Text c="dimmed">{t('search.empty')}</Text> : null}

        {query !== '' ? <CorpusExamples query={word ?? query} /> : null}
        <ExternalLinks query={word ?? (query || input.trim())} />
      </Stack>
    </LookUpProvider>
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
  const t = useT(catalogue);
  const percent = Math.round(progress * 100);
  return (
    <Stack gap={6}>
      <Text role="status">{t('import.progress', { percent })}</Text>
      <Progress value={percent} animated aria-label={t('import.progressLabel')} />
      <Text size="sm" c="dimmed">
        {t('import.hint')}
      </Text>
    </Stack>
  );
}

/** A command or a path in a sentence: written as is, never translated. */
const code = (text: string) => <Code translate="no">{text}</Code>;

function NoDictionary({ error }: { error?: string }) {
  const t = useT(catalogue);
  return (
    <Alert color="yellow" title={t('missing.title')} role="status" styles={{ body: { minWidth: 0 } }}>
      <Stack gap={6} style={{ overflowWrap: 'anywhere' }}>
        <Text size="sm">{t('missing.import')}</Text>
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} translate="no">
          {importCommand}
        </Code>
        <Text size="sm">
          <RichText text={t('missing.package')} parts={{ code }} />
        </Text>
        {error ? (
          <Text size="sm" c="red">
            {t('missing.failed', { error })}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}

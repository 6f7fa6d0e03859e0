import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { dictQueryMaxLength, type DictLookup } from '../../../../common/dict';
import { RichText } from '../../../lib/i18n/rich-text';
import { useT } from '../../../lib/i18n/use-t';
import type { useDictLookup } from '../api/dict-api';
import { catalogue } from '../i18n';
import { DictionaryStyles } from './dictionary-styles';
import { KanjiCard } from './kanji-card';
import { ResultCard } from './result-card';
import { SaveNoteButton } from './save-note-button';
import { EntryAnki } from './entry-anki';

export type DictLookupQuery = ReturnType<typeof useDictLookup>;

/** One lookup as the modal shows it: waiting, failed, or its entries. */
export function LookupAnswer({ query, lookup, prefer }: { query: string; lookup: DictLookupQuery; prefer?: string }) {
  const t = useT(catalogue);
  if ([...query].length > dictQueryMaxLength) {
    return (
      <Alert color="yellow" role="alert">
        {t('lookup.tooLong', { max: dictQueryMaxLength })}
      </Alert>
    );
  }
  if (lookup.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">
          <RichText text={t('lookup.pending', { query })} parts={{ query: () => <Word text={query} /> }} />
        </Text>
      </Group>
    );
  }
  if (lookup.isError) {
    return (
      <Alert color="red" title={t('lookup.failed')} role="alert">
        {lookup.error.message}
      </Alert>
    );
  }
  return <ResultList query={query} answer={lookup.data} stale={lookup.isPlaceholderData} prefer={prefer} />;
}

/** The entries of one answer; `prefer` (a dictionary form) puts that word's entries first. */
export function ResultList({ query, answer, stale = false, prefer }: { query: string; answer: DictLookup; stale?: boolean; prefer?: string }) {
  const t = useT(catalogue);
  const { searched } = answer;
  // Stable: the word the phrase scan found (して → する) before others spelled alike (仕手).
  const results = prefer ? [...answer.results].sort((a, b) => Number(b.matched === prefer) - Number(a.matched === prefer)) : answer.results;
  const kanji = answer.kanji && answer.kanji.entries.length > 0 ? <KanjiCard card={answer.kanji} /> : null;
  if (results.length === 0 && kanji) return kanji;
  if (results.length === 0) {
    return (
      <Text role="status">
        <RichText
          text={searched !== query ? t('lookup.noneSearched', { query, searched }) : t('lookup.none', { query })}
          parts={{
            query: () => (
              <strong lang="ja" translate="no">
                {query}
              </strong>
            ),
            searched: () => <Word text={searched} />,
          }}
        />
      </Text>
    );
  }
  return (
    <Stack gap="sm" aria-busy={stale} style={{ opacity: stale ? 0.6 : 1 }}>
      <DictionaryStyles ids={results.flatMap((entry) => entry.definitions?.map((group) => group.dictionary) ?? [])} />
      {kanji}
      <Text size="sm" c="dimmed" role="status">
        <RichText text={t('lookup.entries', { count: results.length, word: answer.matched ?? searched })} parts={{ word: () => <Word text={answer.matched ?? searched} /> }} />
      </Text>
      <Stack gap="sm" role="list" aria-label={t('results')}>
        {results.map((entry) => (
          <div role="listitem" key={entry.id}>
            <ResultCard entry={entry} />
            <SaveNoteButton entry={entry} />
            <EntryAnki entry={entry} />
          </div>
        ))}
      </Stack>
    </Stack>
  );
}

/** A word the learner searched for (kana, kanji or romaji) inside a message: never translated. */
function Word({ text }: { text: string }) {
  return (
    <span lang="ja" translate="no">
      {text}
    </span>
  );
}

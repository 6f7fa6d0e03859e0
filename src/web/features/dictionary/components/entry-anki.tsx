import { createContext, useContext, type ReactNode } from 'react';
import type { DictEntry } from '../../../../common/dict';
import { AddToAnki } from '../../../components/add-to-anki/add-to-anki';
import type { AnkiCard, MarkedText } from '../../../lib/anki/anki-note';
import { definitionsHtml, meaningText } from './glossary-text';
import { downstepNumber } from './pitch';
import { primaryForm, readingOf } from './result-card';

const SentenceContext = createContext<MarkedText | undefined>(undefined);

/** The sentence the looked-up text was selected from, for every entry's card. */
export function SelectedSentence({ value, children }: { value: MarkedText | undefined; children: ReactNode }) {
  return <SentenceContext value={value}>{children}</SentenceContext>;
}

/** "たべる [2]": each pitch accent of the card's reading once, the downstep number beside it. */
function pitchText(entry: DictEntry): string {
  const reading = entry.reading;
  const accents = (entry.pitches ?? []).filter((pitch) => !reading || pitch.reading === reading).flatMap((pitch) => pitch.pitches.map((accent) => `${pitch.reading} [${downstepNumber(accent.position)}]`));
  return [...new Set(accents)].join(', ');
}

/** "JPDB: 1234, BCCWJ: 687", as the card shows them. */
function frequencyText(entry: DictEntry): string {
  return (entry.frequencies ?? [])
    .filter((frequency) => !frequency.reading || !entry.reading || frequency.reading === entry.reading)
    .map((frequency) => `${frequency.title}: ${frequency.displayValue ?? frequency.value}`)
    .join(', ');
}

/** What "add to Anki" sends for an entry: its word, reading and meanings, pitch, frequency, the first dictionary's definitions, and the sentence. */
export function ankiCardOf(entry: DictEntry, sentence?: MarkedText): AnkiCard {
  const first = entry.definitions?.[0];
  return {
    word: primaryForm(entry),
    reading: readingOf(entry),
    meaning: meaningText(entry),
    pitch: pitchText(entry),
    frequency: frequencyText(entry),
    glossary: first ? definitionsHtml(first) : '',
    sentence,
  };
}

/** "add to Anki" for one entry, with the sentence it was selected from (the word in bold). */
export function EntryAnki({ entry }: { entry: DictEntry }) {
  const sentence = useContext(SentenceContext);
  // Level with "save to notes" beside it (which sits 4 px down).
  return (
    <span style={{ display: 'inline-block', marginTop: 4, verticalAlign: 'top' }}>
      <AddToAnki cardId={`${entry.id}:${sentence?.text ?? ''}`} card={() => ankiCardOf(entry, sentence)} />
    </span>
  );
}

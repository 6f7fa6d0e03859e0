import { createContext, useContext, type ReactNode } from 'react';
import type { DictEntry } from '../../../../common/dict';
import { AddToAnki } from '../../../components/add-to-anki/add-to-anki';
import type { MarkedText } from '../../../lib/anki/anki-note';

const SentenceContext = createContext<MarkedText | undefined>(undefined);

/** The sentence the looked-up text was selected from, for every entry's card. */
export function SelectedSentence({ value, children }: { value: MarkedText | undefined; children: ReactNode }) {
  return <SentenceContext value={value}>{children}</SentenceContext>;
}

/** "add to Anki" for one entry: word, reading, meanings, and the sentence it was selected from with the word in bold. */
export function EntryAnki({ entry }: { entry: DictEntry }) {
  const sentence = useContext(SentenceContext);
  const word = entry.headwords[0]?.text ?? entry.readings[0]?.text ?? '';
  const reading = entry.headwords.length ? entry.readings.map((form) => form.text).join('・') : '';
  const meaning = entry.senses.map((sense) => sense.glosses.join(', ')).join('; ');
  // Level with "save to notes" beside it (which sits 4 px down).
  return (
    <span style={{ display: 'inline-block', marginTop: 4, verticalAlign: 'top' }}>
      <AddToAnki cardId={`${entry.id}:${sentence?.text ?? ''}`} card={() => ({ word, reading, meaning, sentence })} />
    </span>
  );
}

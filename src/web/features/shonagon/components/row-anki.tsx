import { AddToAnki } from '../../../components/add-to-anki/add-to-anki';
import { markWord } from '../../../lib/anki/anki-note';
import { dictionaryWords } from '../../../lib/anki/dict-words';

interface RowCardSource {
  sentence: () => Promise<string>;
  key: string;
  left: string;
  title: string;
  sentenceId: string;
}

/** A result row's card: the whole sentence with the key in bold, the document as source, the dictionary's reading and meaning of the key. */
export function RowAnki({ target }: { target: RowCardSource }) {
  const card = async () => {
    const [sentence, { reading, meaning }] = await Promise.all([target.sentence(), dictionaryWords(target.key)]);
    return { word: target.key, reading, meaning, sentence: markWord(sentence, target.key, target.left), source: target.title };
  };
  return <AddToAnki variant="menuitem" cardId={`${target.sentenceId}:${target.key}`} card={card} />;
}

import { AddToAnki } from '../../../components/add-to-anki/add-to-anki';
import { markWord, type AnkiCard } from '../../../lib/anki/anki-note';
import type { NotionEntry } from '../model/entries';
import type { CachedRow } from '../model/notion-db';
import { pageTitle, propertyText } from '../model/properties';

/** The same guesses as "save to notes" makes, for a database whose mapping was never chosen. */
const guesses = { reading: /read|kana|yomi|読み|ふりがな|発音/i, meaning: /mean|defin|gloss|transl|意味|訳|释/i, example: /example|sentence|例/i };

/** A row's card from its mapped properties (Settings → Notion, "save to notes"), the database as source. */
export function rowCard(row: CachedRow, entry: NotionEntry): AnkiCard {
  const names = Object.keys(row.properties);
  const value = (part: keyof typeof guesses) => {
    const name = entry.mapping[part] || names.find((candidate) => row.properties[candidate]?.type === 'rich_text' && guesses[part].test(candidate));
    return name ? propertyText(row.properties[name]) : '';
  };
  const word = (entry.mapping.word && propertyText(row.properties[entry.mapping.word])) || pageTitle(row);
  const example = value('example');
  return { word, reading: value('reading'), meaning: value('meaning'), sentence: example ? markWord(example, word) : undefined, source: entry.name };
}

export function RowAnki({ row, entry }: { row: CachedRow; entry: NotionEntry }) {
  return <AddToAnki cardId={`${row.key}:${row.lastEditedTime}`} card={() => rowCard(row, entry)} />;
}

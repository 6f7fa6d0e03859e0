/** Layout of the dictionary database; the importer writes it, the store reads it. */
export const schemaVersion = 1;

export const createTables = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE entries (
  id INTEGER PRIMARY KEY,
  common INTEGER NOT NULL,
  -- WordClass bits of the entry's parts of speech, to validate de-inflected forms.
  pos_mask INTEGER NOT NULL,
  -- JSON {h: headwords, r: readings, s: senses}
  data TEXT NOT NULL
);
-- Every spelling and reading of every entry, normalised (katakana → hiragana).
CREATE TABLE keys (key TEXT NOT NULL, entry_id INTEGER NOT NULL, common INTEGER NOT NULL, len INTEGER NOT NULL);
`;

/** Built after the rows are in: one sort instead of 500,000 B-tree insertions. */
export const createIndexes = `
CREATE INDEX keys_by_key ON keys (key, common, len, entry_id);
CREATE INDEX keys_common_prefix ON keys (common, key, len, entry_id) WHERE common = 1;
`;

const vowelOf = new Map<string, string>();
for (const [vowel, kana] of [
  ['あ', 'あかさたなはまやらわがざだばぱぁゃゎ'],
  ['い', 'いきしちにひみりゐぎじぢびぴぃ'],
  ['う', 'うくすつぬふむゆるぐずづぶぷぅゅゔ'],
  ['え', 'えけせてねへめれゑげぜでべぺぇ'],
  ['お', 'おこそとのほもよろをごぞどぼぽぉょ'],
] as const) {
  for (const char of kana) vowelOf.set(char, vowel);
}

/**
 * Katakana → hiragana, and a long-vowel mark → the vowel it lengthens, so テスト, てすと and
 * tesuto, or コーヒー, こーひー and koohii, find the same words.
 */
export function normalizeKey(text: string): string {
  let out = '';
  let previous = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    let next = code >= 0x30a1 && code <= 0x30f6 ? String.fromCodePoint(code - 0x60) : char;
    if (next === 'ー') next = vowelOf.get(previous) ?? next;
    out += next;
    previous = next;
  }
  return out;
}

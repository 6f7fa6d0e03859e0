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
-- The sorted, distinct keyHash of every key (Uint32 little-endian): a phrase scan asks about
-- hundreds of candidate words, nearly all absent, and this answers "absent" without SQLite.
-- Files imported before it existed have no such table and simply ask SQLite every time.
CREATE TABLE key_filter (data BLOB NOT NULL);
`;

/** Built after the rows are in: one sort instead of 500,000 B-tree insertions. */
export const createIndexes = `
CREATE INDEX keys_by_key ON keys (key, common, len, entry_id);
CREATE INDEX keys_common_prefix ON keys (common, key, len, entry_id) WHERE common = 1;
`;

/** FNV-1a over UTF-16 code units: a key's 32-bit fingerprint for the key filter. */
export function keyHash(key: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index++) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Sorted distinct hashes → the blob stored in key_filter. */
export function encodeKeyFilter(hashes: ArrayLike<number>): Buffer {
  const sorted = Uint32Array.from(hashes).sort();
  const buffer = Buffer.alloc(sorted.length * 4);
  let count = 0;
  for (let index = 0; index < sorted.length; index++) {
    if (index > 0 && sorted[index] === sorted[index - 1]) continue;
    buffer.writeUInt32LE(sorted[index], count++ * 4);
  }
  return buffer.subarray(0, count * 4);
}

/** Whether a key may exist: false means it certainly does not; true is wrong about 1 in 10,000 absent keys. */
export class KeyFilter {
  private readonly hashes: Uint32Array;

  constructor(blob: Buffer) {
    this.hashes = new Uint32Array(blob.length / 4);
    for (let index = 0; index < this.hashes.length; index++) this.hashes[index] = blob.readUInt32LE(index * 4);
  }

  mayHave(key: string): boolean {
    const hash = keyHash(key);
    let low = 0;
    let high = this.hashes.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const value = this.hashes[middle];
      if (value === hash) return true;
      if (value < hash) low = middle + 1;
      else high = middle - 1;
    }
    return false;
  }
}

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

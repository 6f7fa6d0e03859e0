// A Jitendex-like Yomitan dictionary (format 3, structured content) made from Debian's EDICT.
import fs from 'node:fs';
import { parseEdictLine, type ParsedEntry } from '../../src/server/dict/edict-parse';
import type { StructuredContent, StructuredElement } from '../../src/common/dictionaries';
import { readManpages } from '../manpages-ja';
import { outputPath, ZipFileWriter } from './zip-writer';

export const edictPath = process.env.KOTONOHA_EDICT_PATH || '/usr/share/edict/edict';

export interface JitendexLikeOptions {
  /** Where the zip goes. */
  dir: string;
  title?: string;
  /** Only entries with one of these headwords or readings (the small dictionary for e2e tests). */
  words?: readonly string[];
  /** At most this many EDICT lines' entries, in file order. */
  limit?: number;
  /**
   * At least this many term rows: when EDICT's own rows fall short, common words written in kanji
   * are also listed under their kana spelling (full rows, as `uk` words are) until the count is reached.
   */
  minTerms?: number;
  /** Bytes of manual-page prose searched for example sentences (0: none; all pages unless given). */
  exampleBytes?: number;
}

export interface JitendexLikeResult {
  path: string;
  terms: number;
  /** EDICT lines read as entries. */
  entries: number;
  /** Rows for the kana spelling of words usually written in kana (`uk`), as Jitendex has them. */
  kanaRows: number;
  /** Kana rows of common kanji words added to reach `minTerms`. */
  paddingRows: number;
  /** Rows with an example sentence. */
  examples: number;
  tags: number;
  banks: number;
}

/** What a rule column may say, from EDICT's part of speech (a Yomitan term's deinflection classes). */
export function rulesOf(pos: readonly string[]): string {
  const rules = new Set<string>();
  for (const tag of pos) {
    if (tag === 'v1' || tag === 'v1-s') rules.add('v1');
    else if (tag.startsWith('v5')) rules.add('v5');
    else if (tag === 'vs' || tag === 'vs-i' || tag === 'vs-s') rules.add('vs');
    else if (tag === 'vk') rules.add('vk');
    else if (tag === 'vz') rules.add('vz');
    else if (tag === 'adj-i' || tag === 'adj-ix') rules.add('adj-i');
  }
  return [...rules].join(' ');
}

/** Tag notes for the commonest tags (others are shown by name). */
const tagNotes: Record<string, string> = {
  n: 'noun (common) (futsuumeishi)',
  'adj-i': 'adjective (keiyoushi)',
  'adj-na': 'adjectival nouns or quasi-adjectives (keiyodoshi)',
  'adj-no': "nouns which may take the genitive case particle 'no'",
  'adj-pn': 'pre-noun adjectival (rentaishi)',
  adv: 'adverb (fukushi)',
  'adv-to': "adverb taking the 'to' particle",
  exp: 'expressions (phrases, clauses, etc.)',
  int: 'interjection (kandoushi)',
  v1: 'Ichidan verb',
  v5k: "Godan verb with 'ku' ending",
  v5r: "Godan verb with 'ru' ending",
  v5s: "Godan verb with 'su' ending",
  v5u: "Godan verb with 'u' ending",
  v5m: "Godan verb with 'mu' ending",
  vs: 'noun or participle which takes the aux. verb suru',
  vk: 'Kuru verb - special class',
  vz: 'Ichidan verb - zuru verb (alternative form of -jiru verbs)',
  vt: 'transitive verb',
  vi: 'intransitive verb',
  uk: 'word usually written using kana alone',
  P: 'common word',
  abbr: 'abbreviation',
  col: 'colloquialism',
  comp: 'computing',
  hon: 'honorific or respectful (sonkeigo) language',
  hum: 'humble (kenjougo) language',
  pol: 'polite (teineigo) language',
  arch: 'archaism',
  sl: 'slang',
  '★': 'priority entry',
};

const posStyle = { fontSize: '0.8em', fontWeight: 'bold', padding: '0.2em 0.3em', wordBreak: 'keep-all', borderRadius: '0.3em', verticalAlign: 'text-bottom', backgroundColor: '#565656', color: 'white', cursor: 'help', marginRight: '0.25em' } as const;
const miscStyle = { ...posStyle, backgroundColor: '#8a1c1c' } as const;

function tagSpan(name: string, category: 'part-of-speech-info' | 'misc-info'): StructuredElement {
  return { tag: 'span', title: tagNotes[name] ?? name, data: { code: name, content: category }, style: category === 'misc-info' ? miscStyle : posStyle, content: name };
}

const kanjiChar = /[\u3400-\u9fff々]/;

/** The sentence with the headword's occurrence in ruby (its reading over it). */
function exampleBlock(sentence: string, headword: string, reading: string, index: number): StructuredElement {
  const at = sentence.indexOf(headword);
  const text: StructuredContent[] = [];
  if (at > 0) text.push(sentence.slice(0, at));
  text.push({ tag: 'span', data: { content: 'example-keyword' }, style: { color: '#043ae2' }, content: { tag: 'ruby', content: [headword, { tag: 'rt', content: reading }] } });
  if (at + headword.length < sentence.length) text.push(sentence.slice(at + headword.length));
  return {
    tag: 'div',
    data: { content: 'example-sentence' },
    style: { borderStyle: 'none none none solid', borderWidth: '3px', borderColor: '#ddd', paddingLeft: '0.5em', marginTop: '0.25em' },
    content: [
      { tag: 'div', lang: 'ja', data: { content: 'example-sentence-a' }, style: { fontSize: '1.2em' }, content: text },
      { tag: 'div', data: { content: 'example-sentence-b' }, style: { fontSize: '0.8em', fontStyle: 'italic' }, content: `Example ${index + 1}, from the Japanese manual pages (manpages-ja).` },
    ],
  };
}

function glossary(entry: ParsedEntry, examples: StructuredElement[]): StructuredContent {
  const senses: StructuredElement[] = entry.senses.map((sense, index) => ({
    tag: 'li',
    data: { content: 'sense', 'sense-number': String(index + 1) },
    content: [
      ...sense.pos.map((tag) => tagSpan(tag, 'part-of-speech-info')),
      ...sense.misc.map((tag) => tagSpan(tag, 'misc-info')),
      { tag: 'ul', data: { content: 'glossary' }, style: { listStyleType: 'circle' }, content: sense.glosses.map((gloss) => ({ tag: 'li', content: gloss })) },
      ...(index === 0 ? examples : []),
    ],
  }));
  return [
    { tag: 'ol', data: { content: 'sense-group' }, style: { listStyleType: entry.senses.length > 1 ? 'decimal' : 'none', paddingLeft: entry.senses.length > 1 ? '1.5em' : '0' }, content: senses },
    {
      tag: 'div',
      data: { content: 'attribution' },
      style: { fontSize: '0.7em', textAlign: 'right' },
      content: [{ tag: 'a', href: 'https://www.edrdg.org/jmdict/edict.html', content: 'EDICT' }, entry.seq ? ` #${entry.seq}` : ''],
    },
  ];
}

/** EDICT's lines, decoded (EUC-JP as Debian ships it, or UTF-8), in file order. */
export function* edictLines(file = edictPath): Generator<string> {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(4096);
    const got = fs.readSync(fd, head, 0, head.length, 0);
    let encoding = 'utf-8';
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, Math.max(0, got - 4)));
    } catch {
      encoding = 'euc-jp';
    }
    const decoder = new TextDecoder(encoding);
    const buffer = Buffer.alloc(1 << 20);
    let carry = '';
    for (;;) {
      const read = fs.readSync(fd, buffer, 0, buffer.length, null);
      if (read <= 0) break;
      const lines = (carry + decoder.decode(buffer.subarray(0, read), { stream: true })).split('\n');
      carry = lines.pop() ?? '';
      yield* lines;
    }
    carry += decoder.decode();
    if (carry) yield carry;
  } finally {
    fs.closeSync(fd);
  }
}

const sentenceEnd = /(?<=[。！？])/;

/** Real sentences from the manual pages: 8–60 characters, Japanese, ending in 。. */
function exampleSentences(bytes: number): string[] {
  if (bytes <= 0) return [];
  const sentences: string[] = [];
  let seen = 0;
  // Pages are some 4 KB of prose each: read only as many as needed.
  for (const page of readManpages(Math.ceil(bytes / 4000) + 1)) {
    for (const paragraph of page.split('\n')) {
      for (const raw of paragraph.split(sentenceEnd)) {
        const sentence = raw.trim();
        if (sentence.length >= 8 && sentence.length <= 60 && sentence.endsWith('。') && kanjiChar.test(sentence)) sentences.push(sentence);
      }
    }
    seen += page.length * 3;
    if (seen >= bytes) break;
  }
  return sentences;
}

const headwordOf = (line: string) => {
  const slash = line.indexOf(' /');
  const head = slash > 0 ? line.slice(0, slash) : '';
  const bracket = head.indexOf(' [');
  return bracket > 0 ? head.slice(0, bracket) : '';
};

/** Up to two sentences for each EDICT headword written with kanji (1–6 characters) that the manual pages use. */
function exampleIndex(bytes: number, words: Set<string> | null): Map<string, string[]> {
  const examples = new Map<string, string[]>();
  if (bytes <= 0) return examples;
  const headwords = new Set<string>();
  // The headword is what precedes " [" on a line: no need to parse the line for it.
  for (const line of edictLines()) {
    const headword = headwordOf(line);
    if (headword.length >= 1 && headword.length <= 6 && kanjiChar.test(headword) && (!words || words.has(headword))) headwords.add(headword);
  }
  for (const sentence of exampleSentences(bytes)) {
    for (let start = 0; start < sentence.length; start++) {
      if (!kanjiChar.test(sentence[start])) continue;
      for (let length = 1; length <= 6 && start + length <= sentence.length; length++) {
        const word = sentence.slice(start, start + length);
        if (!headwords.has(word)) continue;
        const list = examples.get(word);
        if (!list) examples.set(word, [sentence]);
        else if (list.length < 2 && !list.includes(sentence)) list.push(sentence);
      }
    }
  }
  return examples;
}

/**
 * Builds the dictionary: every EDICT entry as term rows (one per spelling and reading, plus the
 * kana spelling of `uk` words), definition tags from its parts of speech, the rules column from
 * them, a score, the glossary as structured content (an ordered list of senses, each with its
 * tags as styled spans and its glosses as a nested list; the first sense of a word found in a
 * manual page has that sentence, the word in ruby), the entry's sequence and `★` for common
 * words. Banks of 10,000 rows, streamed to the zip.
 */
export function buildJitendexLike(options: JitendexLikeOptions): JitendexLikeResult {
  const title = options.title ?? 'Jitendex-like (EDICT)';
  const words = options.words ? new Set(options.words) : null;
  const wordList = options.words ? [...options.words] : null;
  const zipPath = outputPath(options.dir, `${title.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase()}.zip`);
  const writer = new ZipFileWriter(zipPath);
  writer.add('index.json', {
    title,
    revision: 'edict-debian-2021-02-03',
    format: 3,
    sequenced: true,
    author: 'Kotonoha tests, from EDICT (Electronic Dictionary Research and Development Group)',
    url: 'https://www.edrdg.org/jmdict/edict.html',
    description: 'EDICT as structured content, built for tests and benches.',
    attribution: 'EDICT, © Electronic Dictionary Research and Development Group, CC BY-SA 4.0',
    sourceLanguage: 'ja',
    targetLanguage: 'en',
  });

  // Examples: each word written in kanji gets the first sentences of the manual pages that hold it.
  const examples = exampleIndex(options.exampleBytes ?? Infinity, words);
  const usedTags = new Set<string>(['★']);
  let entries = 0;
  let kanaRows = 0;
  let paddingRows = 0;
  let yielded = 0;
  let exampleRows = 0;
  const limit = options.limit ?? Infinity;

  function* rows(): Generator<unknown[]> {
    let sequence = 0;
    let previousSenses = '';
    for (const line of edictLines()) {
      if (entries >= limit) return;
      const slash = line.indexOf(' /');
      if (slash <= 0) continue;
      // One JMdict entry is several EDICT lines (one per spelling) with the same senses: one sequence.
      const sensesKey = line.slice(slash);
      if (sensesKey !== previousSenses) sequence++;
      previousSenses = sensesKey;
      // Parsing is most of the time: a line that holds none of the words is not parsed.
      if (wordList && !wordList.some((word) => line.includes(word))) continue;
      const entry = parseEdictLine(line);
      if (!entry) continue;
      if (words && !entry.headwords.some((form) => words.has(form.text)) && !entry.readings.some((form) => words.has(form.text))) continue;
      entries++;
      const pos = [...new Set(entry.senses.flatMap((sense) => sense.pos))];
      for (const sense of entry.senses) for (const tag of [...sense.pos, ...sense.misc]) usedTags.add(tag);
      const definitionTags = pos.join(' ');
      const rules = rulesOf(pos);
      const termTags = entry.common ? '★' : '';
      const score = entry.common ? 100 : 0;
      const seq = entry.seq ?? sequence;
      if (entry.headwords.length === 0) {
        for (const reading of entry.readings) yield [reading.text, reading.text, definitionTags, rules, score, [{ type: 'structured-content', content: glossary({ ...entry, seq }, []) }], seq, termTags];
        continue;
      }
      for (const headword of entry.headwords) {
        for (const reading of entry.readings) {
          if (reading.restrictedTo && !reading.restrictedTo.includes(headword.text)) continue;
          const sentences = examples.get(headword.text) ?? [];
          if (sentences.length > 0) exampleRows++;
          const blocks = sentences.map((sentence, index) => exampleBlock(sentence, headword.text, reading.text, index));
          yield [headword.text, reading.text, definitionTags, rules, score, [{ type: 'structured-content', content: glossary({ ...entry, seq }, blocks) }], seq, termTags];
        }
      }
      // Usually written in kana: Jitendex also lists the word under its kana spelling.
      if (entry.senses.some((sense) => sense.misc.includes('uk'))) {
        for (const reading of entry.readings) {
          kanaRows++;
          yield [reading.text, reading.text, definitionTags, rules, score - 1, [{ type: 'structured-content', content: glossary({ ...entry, seq }, []) }], seq, termTags];
        }
      }
    }
  }

  function* counted(): Generator<unknown[]> {
    for (const row of rows()) {
      yielded++;
      yield row;
    }
    const minTerms = options.minTerms ?? 0;
    if (yielded >= minTerms) return;
    // EDICT's rows fell short: common kanji words under their kana spelling too.
    for (const line of edictLines()) {
      if (!line.includes('(P)') || !kanjiChar.test(headwordOf(line))) continue;
      const entry = parseEdictLine(line);
      if (!entry || entry.senses.some((sense) => sense.misc.includes('uk'))) continue;
      const pos = [...new Set(entry.senses.flatMap((sense) => sense.pos))];
      for (const reading of entry.readings) {
        if (yielded >= minTerms) return;
        yielded++;
        paddingRows++;
        yield [reading.text, reading.text, pos.join(' '), rulesOf(pos), 1, [{ type: 'structured-content', content: glossary(entry, []) }], entry.seq ?? 0, '★'];
      }
    }
  }
  const terms = writer.addBanks('term_bank', counted());
  const tagRows = [...usedTags].sort().map((name) => {
    if (name === '★') return [name, 'popular', -10, tagNotes[name], 10];
    const isPos = /^(n|v|adj|adv|aux|conj|cop|ctr|exp|int|num|pn|pref|prt|suf|unc)/.test(name) && !['vulg', 'uk', 'ateji'].includes(name);
    return [name, isPos ? 'partOfSpeech' : 'misc', isPos ? -1 : 0, tagNotes[name] ?? name, 0];
  });
  writer.add('tag_bank_1.json', tagRows);
  writer.close();
  return { path: zipPath, terms, entries, kanaRows, paddingRows, examples: exampleRows, tags: tagRows.length, banks: Math.ceil(terms / 10_000) };
}

import { toHiragana } from 'wanakana';
import type { DictDeinflection, DictEntry, DictLookup, DictMatch, DictSegment } from '../../common/dict';
import { WordClass, deinflect, inflectionChars } from './deinflect';
import { normalizeKey } from './schema';
import type { KeyRow, StoredEntry } from './store';

/** Where words are looked up: the EDICT store, or every enabled dictionary at once (combined-source.ts). */
export interface LookupSource {
  exact(key: string): KeyRow[];
  sharedPrefix(text: string): number;
  prefix(prefix: string, limit: number): KeyRow[];
  entry(id: number): StoredEntry;
}

export interface LookupOptions {
  /** Most results returned. */
  limit?: number;
  /** Queries up to this many characters also get entries that start with them. */
  prefixMaxChars?: number;
  prefixLimit?: number;
  /** The longest word a phrase is scanned for, in characters. */
  scanMaxChars?: number;
  /**
   * Makes the results from the candidates, best first (grouping by headword and reading and
   * adding what the learner's dictionaries hold: results.ts); each candidate alone otherwise.
   */
  present?: (candidates: Candidate[], limit: number) => DictEntry[];
}

const latin = /[a-z]/i;
/** Characters that are never part of a word: a phrase is not split into segments of these alone. */
const separator = /^[\p{P}\p{S}\p{Z}\s]+$/u;

/** The query as kana when it is romaji (wanakana), otherwise as typed; full-width Latin and half-width kana folded. */
export function toSearchForm(query: string): string {
  const folded = query.normalize('NFKC').trim();
  if (!latin.test(folded)) return folded;
  return toHiragana(folded.toLowerCase());
}

export interface Candidate {
  entry: StoredEntry;
  match: DictMatch;
  key: string;
  deinflection?: DictDeinflection;
  /** Lower sorts first. */
  order: number;
  /** The matched spelling is itself marked common (EDICT2 marks spellings one by one). */
  formCommon?: boolean;
  /** Where the first word ends when this match spans several (勉強|しています, 見せて|もらう). */
  split?: number;
  /** With `split`: the dictionary form of the word that follows (する, もらう). */
  next?: string;
}

/**
 * Entries that `key` itself is, or is a conjugation of: the key as spelled, its de-inflected forms
 * (kept only when the entry's part of speech fits) and suru-nouns behind a de-inflected する.
 * `from` is the query's own spelling of the key, for the de-inflection note. Best first.
 */
function findWord(store: LookupSource, key: string, from: string): Candidate[] {
  const found = new Map<number, Candidate>();
  let order = 0;
  const consider = (candidate: Omit<Candidate, 'order'>) => {
    const existing = found.get(candidate.entry.id);
    if (existing && rank(existing) <= rank({ ...candidate, order: 0 })) return;
    found.set(candidate.entry.id, { ...candidate, order: existing?.order ?? order++, formCommon: formIsCommon(candidate.entry, candidate.key) });
  };
  for (const form of deinflect(key)) {
    const isQuery = form.rules.length === 0;
    for (const row of store.exact(form.word)) {
      const entry = store.entry(row.entry_id);
      if (isQuery) consider({ entry, match: 'exact', key: row.key });
      else if ((entry.posMask & form.classes) !== 0) {
        consider({ entry, match: 'deinflected', key: row.key, deinflection: { from, to: displayForm(entry, row.key), rules: form.rules }, split: form.split, next: form.next });
      }
    }
    // 勉強した → 勉強する → the noun 勉強 (vs): EDICT lists suru-verbs under the noun.
    if ((form.classes & WordClass.vs) !== 0 && form.word.endsWith('する') && form.word.length > 2) {
      const stem = form.word.slice(0, -2);
      for (const row of store.exact(stem)) {
        const entry = store.entry(row.entry_id);
        if (!entry.senses.some((sense) => sense.pos.some((pos) => pos.startsWith('vs')))) continue;
        const to = displayForm(entry, row.key) + 'する';
        const rules = isQuery ? ['suru verb'] : form.rules;
        // In a phrase the noun is a word of its own and する the next one.
        const split = key.startsWith(stem) ? stem.length : undefined;
        consider({ entry, match: 'deinflected', key: row.key, deinflection: { from, to, rules }, split, next: 'する' });
      }
    }
  }
  return [...found.values()].sort(compare);
}

interface WordAt {
  end: number;
  candidates: Candidate[];
}

/** Code-point boundaries of `text` (UTF-16 offsets), 0 and text.length included. */
function boundaries(text: string): number[] {
  const list = [0];
  for (const char of text) list.push(list[list.length - 1] + char.length);
  return list;
}

/** The longest word at `at` (an index into `cuts`): the longest of its next `maxChars` prefixes that is or de-inflects to an entry. */
function longestWordAt(store: LookupSource, key: string, searched: string, cuts: number[], at: number, maxChars: number): WordAt | null {
  const start = cuts[at];
  const first = Math.min(cuts.length - 1, at + maxChars);
  // A word here is a key's prefix plus characters conjugation removes: nothing longer can match.
  let reach = start + store.sharedPrefix(key.slice(start, cuts[first]));
  for (const char of key.slice(reach, cuts[first])) {
    if (!inflectionChars.has(char)) break;
    reach += char.length;
  }
  for (let last = first; last > at; last--) {
    const end = cuts[last];
    if (end > reach) continue;
    const candidates = findWord(store, key.slice(start, end), searched.slice(start, end));
    if (candidates.length > 0) return { end, candidates };
  }
  return null;
}

/**
 * Splits a phrase into words as Yomitan scans: the longest word at the start, then on from its
 * end. A suru-verb gives its noun and the conjugated する, a te-form + auxiliary gives both verbs
 * (勉強しています → 勉強, して, います); contractions stay one word. Runs of characters that
 * start no word are kept as one segment without `matched`; punctuation and spaces are dropped.
 * Also answers the longest word at the start of the phrase, for the lookup's own results.
 */
function segmentPhrase(store: LookupSource, key: string, searched: string, maxChars: number): { segments: DictSegment[]; first: WordAt | null; firstStart: number } {
  const cuts = boundaries(key);
  const segments: DictSegment[] = [];
  let first: WordAt | null = null;
  let firstStart = 0;
  let unknownFrom = -1;
  /** After a split, the word the rest must be (した after 激怒 is する, not 下). */
  let expected: string | undefined;
  const flushUnknown = (to: number) => {
    if (unknownFrom < 0) return;
    const text = searched.slice(cuts[unknownFrom], cuts[to]);
    if (!separator.test(text)) segments.push({ text, start: cuts[unknownFrom], end: cuts[to] });
    unknownFrom = -1;
  };
  for (let at = 0; at < cuts.length - 1; ) {
    const start = cuts[at];
    const char = searched.slice(start, cuts[at + 1]);
    const word = separator.test(char) ? null : longestWordAt(store, key, searched, cuts, at, maxChars);
    if (!word) {
      if (separator.test(char)) flushUnknown(at);
      else if (unknownFrom < 0) unknownFrom = at;
      at++;
      continue;
    }
    flushUnknown(at);
    if (!first) {
      first = word;
      firstStart = start;
    }
    const best = (expected && word.candidates.find((candidate) => candidate.key === expected)) || word.candidates[0];
    const splits = best.split !== undefined && best.split > 0 && start + best.split < word.end;
    const end = splits ? start + best.split! : word.end;
    expected = splits && best.next ? normalizeKey(best.next) : undefined;
    segments.push({ text: searched.slice(start, end), start, end, matched: displayForm(best.entry, best.key) });
    while (cuts[at] < end) at++;
  }
  flushUnknown(cuts.length - 1);
  return { segments, first, firstStart };
}

/**
 * Finds entries by spelling or reading, as a learner selects text:
 * - a query that is a word (as spelled, or conjugated) gets its entries, and for short queries
 *   also the entries that start with it;
 * - otherwise, when no common word starts with the whole query either, it is a phrase: the answer
 *   is for the longest word at its start (`matched`), and `segments` lists the phrase's words.
 * Common (P) entries come first among equal matches; exact before de-inflected before prefix.
 */
export function lookup(store: LookupSource, query: string, options: LookupOptions = {}): DictLookup {
  const limit = options.limit ?? 40;
  const prefixMaxChars = options.prefixMaxChars ?? 6;
  const prefixLimit = options.prefixLimit ?? 15;
  const scanMaxChars = options.scanMaxChars ?? 20;
  const present = (candidates: Candidate[]) => (options.present ? options.present(candidates, limit) : candidates.slice(0, limit).map(toEntry));
  const searched = toSearchForm(query);
  const key = normalizeKey(searched);
  if (key === '') return { query, searched, results: [] };

  const whole = findWord(store, key, searched);
  const prefixes: Candidate[] = [];
  if ([...key].length <= prefixMaxChars && whole.length < limit) {
    const room = Math.min(prefixLimit, limit - whole.length);
    const seen = new Set(whole.map((candidate) => candidate.entry.id));
    for (const row of store.prefix(key, room * 2)) {
      if (prefixes.length >= room) break;
      if (seen.has(row.entry_id)) continue;
      seen.add(row.entry_id);
      prefixes.push({ entry: store.entry(row.entry_id), match: 'prefix', key: row.key, order: 0 });
    }
  }
  if (whole.length > 0) {
    return { query, searched, matched: searched, results: present([...whole, ...prefixes]) };
  }
  // Common words starting with all of it: a word being typed (べんきょ → 勉強), answered before
  // the shorter word it starts with (べん). Otherwise, as 猫が (猫が顔を洗うと…, a rare proverb),
  // it is a phrase, and such completions come after its first word.
  const common = prefixes.filter((candidate) => candidate.entry.common);
  const rare = prefixes.filter((candidate) => !candidate.entry.common);
  if (common.length > 0) {
    const shorter = longestWordAt(store, key, searched, boundaries(key), 0, scanMaxChars)?.candidates ?? [];
    return { query, searched, matched: searched, results: present([...common, ...shorter, ...rare]) };
  }

  const { segments, first, firstStart } = segmentPhrase(store, key, searched, scanMaxChars);
  const answer: DictLookup = { query, searched, results: [] };
  if (first) {
    answer.matched = searched.slice(firstStart, first.end);
    const ids = new Set(first.candidates.map((candidate) => candidate.entry.id));
    answer.results = present([...first.candidates, ...rare.filter((candidate) => !ids.has(candidate.entry.id))]);
  } else if (rare.length > 0) {
    answer.matched = searched;
    answer.results = present(rare);
  }
  if (segments.length > 1) answer.segments = segments;
  return answer;
}

const matchRank: Record<DictMatch, number> = { exact: 0, deinflected: 1, prefix: 2 };

function rank(candidate: Candidate): number {
  return matchRank[candidate.match] * 100 + (candidate.deinflection?.rules.length ?? 0);
}

function compare(a: Candidate, b: Candidate): number {
  return (
    Number(b.entry.common) - Number(a.entry.common) ||
    rank(a) - rank(b) ||
    Number(b.formCommon ?? false) - Number(a.formCommon ?? false) ||
    a.order - b.order
  );
}

function formIsCommon(entry: StoredEntry, key: string): boolean {
  return [...entry.headwords, ...entry.readings].some((form) => form.common && normalizeKey(form.text) === key);
}

/** The entry's own spelling of a normalised key (テスト rather than てすと). */
export function displayForm(entry: StoredEntry, key: string): string {
  for (const form of [...entry.headwords, ...entry.readings]) if (normalizeKey(form.text) === key) return form.text;
  return key;
}

export function toEntry(candidate: Candidate): DictEntry {
  const { entry } = candidate;
  const result: DictEntry = {
    id: entry.id,
    headwords: entry.headwords,
    readings: entry.readings.map(({ text, common, tags }) => ({ text, common, tags })),
    senses: entry.senses,
    common: entry.common,
    match: candidate.match,
    matched: displayForm(entry, candidate.key),
  };
  if (candidate.deinflection) result.deinflection = candidate.deinflection;
  return result;
}

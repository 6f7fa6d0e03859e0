import { toHiragana } from 'wanakana';
import type { DictDeinflection, DictEntry, DictLookup, DictMatch } from '../../../common/dict';
import { WordClass, deinflect } from './deinflect';
import { normalizeKey } from './schema';
import type { DictStore, StoredEntry } from './store';

export interface LookupOptions {
  /** Most results returned. */
  limit?: number;
  /** Queries up to this many characters also get entries that start with them. */
  prefixMaxChars?: number;
  prefixLimit?: number;
}

const latin = /[a-z]/i;

/** The query as kana when it is romaji (wanakana), otherwise as typed; full-width Latin and half-width kana folded. */
export function toSearchForm(query: string): string {
  const folded = query.normalize('NFKC').trim();
  if (!latin.test(folded)) return folded;
  return toHiragana(folded.toLowerCase());
}

interface Candidate {
  entry: StoredEntry;
  match: DictMatch;
  key: string;
  deinflection?: DictDeinflection;
  /** Lower sorts first. */
  order: number;
  /** The matched spelling is itself marked common (EDICT2 marks spellings one by one). */
  formCommon?: boolean;
}

/**
 * Finds entries by spelling or reading: the query itself, its de-inflected forms (kept only when
 * the entry's part of speech fits), suru-nouns behind a de-inflected する, and for short queries
 * the entries that start with it. Common (P) entries come first within exact and de-inflected
 * matches; prefix matches follow.
 */
export function lookup(store: DictStore, query: string, options: LookupOptions = {}): DictLookup {
  const limit = options.limit ?? 40;
  const prefixMaxChars = options.prefixMaxChars ?? 6;
  const prefixLimit = options.prefixLimit ?? 15;
  const searched = toSearchForm(query);
  const key = normalizeKey(searched);
  const found = new Map<number, Candidate>();
  let order = 0;

  const consider = (candidate: Omit<Candidate, 'order'>) => {
    const existing = found.get(candidate.entry.id);
    if (existing && rank(existing) <= rank({ ...candidate, order: 0 })) return;
    found.set(candidate.entry.id, { ...candidate, order: existing?.order ?? order++, formCommon: formIsCommon(candidate.entry, candidate.key) });
  };

  if (key !== '') {
    for (const form of deinflect(key)) {
      const isQuery = form.rules.length === 0;
      for (const row of store.exact(form.word)) {
        const entry = store.entry(row.entry_id);
        if (isQuery) consider({ entry, match: 'exact', key: row.key });
        else if ((entry.posMask & form.classes) !== 0) {
          consider({ entry, match: 'deinflected', key: row.key, deinflection: { from: searched, to: displayForm(entry, row.key), rules: form.rules } });
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
          consider({ entry, match: 'deinflected', key: row.key, deinflection: { from: searched, to, rules } });
        }
      }
    }
  }

  const ranked = [...found.values()].sort(compare);
  if (key !== '' && [...key].length <= prefixMaxChars && ranked.length < limit) {
    const room = Math.min(prefixLimit, limit - ranked.length);
    const prefixes: Candidate[] = [];
    for (const row of store.prefix(key, room * 2)) {
      if (prefixes.length >= room) break;
      if (found.has(row.entry_id)) continue;
      const entry = store.entry(row.entry_id);
      const candidate: Candidate = { entry, match: 'prefix', key: row.key, order: order++ };
      found.set(entry.id, candidate);
      prefixes.push(candidate);
    }
    ranked.push(...prefixes);
  }

  return { query, searched, results: ranked.slice(0, limit).map(toEntry) };
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
function displayForm(entry: StoredEntry, key: string): string {
  for (const form of [...entry.headwords, ...entry.readings]) if (normalizeKey(form.text) === key) return form.text;
  return key;
}

function toEntry(candidate: Candidate): DictEntry {
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

import type { DictEntry } from '../../common/dict';
import type {
  DictDefinitionGroup,
  DictFrequency,
  DictIpa,
  DictKanjiCard,
  DictPitch,
  DictPitchAccent,
  DictTag,
  DictTermDefinition,
  Glossary,
} from '../../common/dictionaries';
import type { OpenDictionary } from './library';
import { toEntry, type Candidate } from './lookup';
import { normalizeKey } from './schema';
import type { StoredEntry } from './store';
import type { DictionaryDb, TermMetaRecord, TermRecord } from './yomitan/dictionary-db';

export interface PresentContext {
  /** EDICT's id and title when it is enabled. */
  edict: { id: string; title: string } | null;
  /** Every installed dictionary's place in the learner's order. */
  positions: Map<string, number>;
  /** The enabled Yomitan-format dictionaries, in order. */
  dictionaries: OpenDictionary[];
  /** The dictionary whose frequencies sort results, when it is enabled. */
  frequencyDictionary: string | null;
}

interface Group {
  lead: Candidate;
  term: string;
  reading: string;
  edict: StoredEntry | null;
  rows: Map<string, TermRecord[]>;
}

/** The headword and reading an EDICT entry's card is for: the spelling that matched, else its first. */
function edictForm(entry: StoredEntry, key: string): { term: string; reading: string } {
  const headword = entry.headwords.find((form) => normalizeKey(form.text) === key) ?? entry.headwords[0];
  const reading = entry.readings.find((form) => !form.restrictedTo || (headword && form.restrictedTo.includes(headword.text))) ?? entry.readings[0];
  return { term: headword?.text ?? reading?.text ?? key, reading: reading?.text ?? headword?.text ?? key };
}

const posNames = new Set(['n', 'adv', 'exp', 'int', 'prt', 'conj', 'pn', 'pref', 'suf', 'ctr', 'num', 'aux', 'cop']);

function edictTag(name: string): DictTag {
  const partOfSpeech = posNames.has(name) || /^(v|adj|n-|adv-|aux-)/.test(name);
  return { name, category: partOfSpeech ? 'partOfSpeech' : 'misc', notes: '', order: 0, score: 0 };
}

/**
 * One result per word: candidates (best first, from every enabled dictionary) grouped by
 * headword and reading — a Yomitan row joins the EDICT entry that has its spelling and reading —
 * each with every dictionary's definitions under its title in the learner's order, and the
 * frequencies, pitch accents and IPA the enabled dictionaries hold for it. With a frequency
 * dictionary chosen, words are sorted by how much of the query they match, then by its
 * frequency (rank-based: lower first; occurrence-based: higher first), the rest keeping their order.
 */
export function presentResults(candidates: Candidate[], limit: number, context: PresentContext): DictEntry[] {
  const groups: Group[] = [];
  const byForm = new Map<string, Group>();
  const seenRows = new Set<number>();
  for (const candidate of candidates) {
    const { entry } = candidate;
    if (entry.yomitan) {
      if (seenRows.has(entry.id)) continue;
      seenRows.add(entry.id);
      const { record, dictionary } = entry.yomitan;
      const term = record.term;
      const reading = record.reading === '' ? record.term : record.reading;
      let group = byForm.get(`${term}\n${reading}`) ?? groups.find((item) => item.edict !== null && joins(item.edict, term, reading));
      if (!group) {
        group = { lead: candidate, term, reading, edict: null, rows: new Map() };
        groups.push(group);
        byForm.set(`${term}\n${reading}`, group);
      }
      group.rows.set(dictionary, [...(group.rows.get(dictionary) ?? []), record]);
    } else {
      if (groups.some((item) => item.edict?.id === entry.id)) continue;
      const { term, reading } = edictForm(entry, candidate.key);
      const existing = byForm.get(`${term}\n${reading}`);
      if (existing && existing.edict === null) {
        existing.edict = entry;
        existing.lead = candidate;
        continue;
      }
      const group: Group = { lead: candidate, term, reading, edict: entry, rows: new Map() };
      groups.push(group);
      if (!existing) byForm.set(`${term}\n${reading}`, group);
    }
  }

  const results = groups.map((group) => ({ group, entry: enrich(group, context) }));
  const sortBy = context.frequencyDictionary ? context.dictionaries.find((dictionary) => dictionary.id === context.frequencyDictionary) : undefined;
  if (sortBy) {
    const sign = sortBy.frequencyMode === 'occurrence-based' ? -1 : 1;
    const value = (entry: DictEntry) => {
      const frequencies = entry.frequencies?.filter((frequency) => frequency.dictionary === sortBy.id) ?? [];
      const own = frequencies.find((frequency) => frequency.reading === entry.reading) ?? frequencies.find((frequency) => frequency.reading === undefined) ?? frequencies[0];
      return own ? sign * own.value : Number.POSITIVE_INFINITY;
    };
    const keyed = results.map((result, index) => ({ result, index, bucket: result.group.lead.match === 'prefix' ? 1 : 0, value: value(result.entry) }));
    keyed.sort((a, b) => a.bucket - b.bucket || (a.value === b.value ? 0 : a.value < b.value ? -1 : 1) || a.index - b.index);
    return keyed.slice(0, limit).map((item) => item.result.entry);
  }
  return results.slice(0, limit).map((result) => result.entry);
}

function joins(entry: StoredEntry, term: string, reading: string): boolean {
  const spellings = entry.headwords.length > 0 ? entry.headwords : entry.readings;
  return spellings.some((form) => form.text === term) && entry.readings.some((form) => form.text === reading);
}

/**
 * A word's term meta rows: those of its spelling, and those of its kana reading (a frequency list
 * ranks たべる apart from 食べる; JPDB's kana rows carry the reading), as Yomitan matches them.
 * A row given for another reading is not this word's; a kana row without one is read as itself.
 */
function termMetaOf(db: DictionaryDb, term: string, reading: string): TermMetaRecord[] {
  const ofWord = (meta: TermMetaRecord) => meta.reading === null || meta.reading === '' || meta.reading === reading;
  const rows = db.termMeta(term).filter(ofWord);
  if (reading !== '' && reading !== term) for (const meta of db.termMeta(reading)) if (ofWord(meta)) rows.push(meta);
  return rows;
}

function enrich(group: Group, context: PresentContext): DictEntry {
  const result = toEntry(group.lead);
  result.term = group.term;
  result.reading = group.reading;
  const position = (id: string) => context.positions.get(id) ?? Number.MAX_SAFE_INTEGER;
  const definitions: DictDefinitionGroup[] = [];
  if (group.edict && context.edict) {
    definitions.push({
      dictionary: context.edict.id,
      title: context.edict.title,
      definitions: group.edict.senses.map(
        (sense): DictTermDefinition => ({ tags: [...sense.pos, ...sense.misc].map(edictTag), termTags: [], rules: [], score: 0, sequence: group.edict!.id, glossary: sense.glosses }),
      ),
    });
  }
  const frequencies: DictFrequency[] = [];
  const pitches: DictPitch[] = [];
  const ipa: DictIpa[] = [];
  for (const dictionary of context.dictionaries) {
    const rows = group.rows.get(dictionary.id);
    if (rows) {
      definitions.push({
        dictionary: dictionary.id,
        title: dictionary.title,
        definitions: rows.map((row) => ({
          tags: dictionary.db.tags(row.definition_tags),
          termTags: dictionary.db.tags(row.term_tags),
          rules: row.rules.split(' ').filter(Boolean),
          score: row.score,
          sequence: row.sequence,
          glossary: JSON.parse(row.glossary) as Glossary[],
        })),
      });
    }
    for (const meta of termMetaOf(dictionary.db, group.term, group.reading)) {
      if (meta.mode === 'freq') {
        const frequency: DictFrequency = { dictionary: dictionary.id, title: dictionary.title, value: meta.value, displayValue: meta.data ?? String(meta.value), mode: dictionary.frequencyMode };
        if (meta.reading) frequency.reading = meta.reading;
        frequencies.push(frequency);
      } else if (meta.mode === 'pitch') {
        const accents = JSON.parse(meta.data ?? '[]') as Array<Omit<DictPitchAccent, 'tags'> & { tags?: string[] }>;
        pitches.push({
          dictionary: dictionary.id,
          title: dictionary.title,
          reading: meta.reading ?? group.reading,
          pitches: accents.map(({ tags, ...accent }) => (tags ? { ...accent, tags: dictionary.db.tags(tags.join(' ')) } : accent)),
        });
      } else {
        const transcriptions = JSON.parse(meta.data ?? '[]') as Array<{ ipa: string; tags?: string[] }>;
        ipa.push({
          dictionary: dictionary.id,
          title: dictionary.title,
          reading: meta.reading ?? group.reading,
          transcriptions: transcriptions.map(({ ipa: text, tags }) => (tags ? { ipa: text, tags: dictionary.db.tags(tags.join(' ')) } : { ipa: text })),
        });
      }
    }
  }
  definitions.sort((a, b) => position(a.dictionary) - position(b.dictionary));
  result.definitions = definitions;
  result.frequencies = frequencies;
  result.pitches = pitches;
  result.ipa = ipa;
  return result;
}

const kanjiPattern = /^[\p{Script=Han}々〆]$/u;

/** A single kanji's card from every enabled kanji dictionary, with their kanji frequencies; undefined when none knows it. */
export function kanjiCard(query: string, dictionaries: OpenDictionary[]): DictKanjiCard | undefined {
  const character = query.trim();
  if (!kanjiPattern.test(character)) return undefined;
  const card: DictKanjiCard = { character, entries: [], frequencies: [] };
  for (const dictionary of dictionaries) {
    for (const row of dictionary.db.kanji(character)) {
      const stats: DictKanjiCard['entries'][number]['stats'] = {};
      for (const [name, value] of Object.entries(JSON.parse(row.stats) as Record<string, string>)) {
        const tag = dictionary.db.tags(name)[0];
        const category = tag.category || 'misc';
        (stats[category] ??= []).push({ name, label: tag.notes || name, value, order: tag.order });
      }
      for (const list of Object.values(stats)) list.sort((a, b) => a.order - b.order);
      card.entries.push({
        dictionary: dictionary.id,
        title: dictionary.title,
        onyomi: row.onyomi.split(' ').filter(Boolean),
        kunyomi: row.kunyomi.split(' ').filter(Boolean),
        tags: dictionary.db.tags(row.tags),
        meanings: JSON.parse(row.meanings) as string[],
        stats,
      });
    }
    for (const meta of dictionary.db.kanjiMeta(character)) {
      card.frequencies.push({ dictionary: dictionary.id, title: dictionary.title, value: meta.value, displayValue: meta.display ?? String(meta.value), mode: dictionary.frequencyMode });
    }
  }
  return card.entries.length > 0 || card.frequencies.length > 0 ? card : undefined;
}

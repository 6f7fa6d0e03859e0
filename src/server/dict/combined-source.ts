import type { DictSense, DictForm } from '../../common/dict';
import type { Glossary, StructuredContent } from '../../common/dictionaries';
import { WordClass, posClassMask } from './deinflect';
import type { LookupSource } from './lookup';
import type { KeyRow, StoredEntry } from './store';
import type { TermRecord } from './yomitan/dictionary-db';
import type { OpenDictionary } from './library';

const kanaOnly = /^[\p{Script=Hiragana}\p{Script=Katakana}ー]+$/u;

/** A Yomitan term's result id: its dictionary's slot above 32 bits, its row below (EDICT's ids stay below). */
const slotFactor = 2 ** 32;

/** Tags that mark a term as common in JMdict-based dictionaries (Jitendex's ★, JMdict's P). */
const commonTags = new Set(['P', '★', 'priority', 'common']);

/**
 * Every enabled dictionary as one source for the lookup: EDICT's store (when enabled) and the
 * terms of each enabled Yomitan-format dictionary, whose rows become entries of their own
 * (grouped with EDICT's by headword and reading afterwards, results.ts). A term's `rules` say
 * which de-inflections may reach it (v1, v5, vs, vk, vz, adj-i); an `adj-na` definition tag lets
 * the na-adjective forms reach it too, as EDICT's part of speech does.
 */
export class CombinedSource implements LookupSource {
  private readonly bySlot = new Map<number, OpenDictionary>();
  private readonly entries = new Map<number, StoredEntry>();

  constructor(
    private readonly edict: LookupSource | null,
    private readonly dictionaries: OpenDictionary[],
  ) {
    for (const dictionary of dictionaries) this.bySlot.set(dictionary.slot, dictionary);
  }

  exact(key: string): KeyRow[] {
    const rows = this.edict ? [...this.edict.exact(key)] : [];
    for (const dictionary of this.dictionaries) {
      for (const hit of dictionary.db.exact(key)) rows.push({ entry_id: dictionary.slot * slotFactor + hit.term_id, key: hit.key, common: 0 });
    }
    return rows;
  }

  sharedPrefix(text: string): number {
    let longest = this.edict ? this.edict.sharedPrefix(text) : 0;
    for (const dictionary of this.dictionaries) {
      if (longest === text.length) break;
      longest = Math.max(longest, dictionary.db.sharedPrefix(text));
    }
    return longest;
  }

  prefix(prefix: string, limit: number): KeyRow[] {
    const rows = this.edict ? this.edict.prefix(prefix, limit) : [];
    for (const dictionary of this.dictionaries) {
      for (const hit of dictionary.db.prefix(prefix, limit)) rows.push({ entry_id: dictionary.slot * slotFactor + hit.term_id, key: hit.key, common: 0 });
    }
    return rows;
  }

  entry(id: number): StoredEntry {
    if (id < slotFactor) return this.edict!.entry(id);
    let entry = this.entries.get(id);
    if (entry) return entry;
    const dictionary = this.bySlot.get(Math.floor(id / slotFactor));
    const record = dictionary?.db.term(id % slotFactor);
    if (!dictionary || !record) throw new Error(`dictionary entry ${id} is missing`);
    entry = termEntry(id, dictionary.id, record);
    this.entries.set(id, entry);
    return entry;
  }
}

function termEntry(id: number, dictionary: string, record: TermRecord): StoredEntry {
  const definitionTags = record.definition_tags.split(' ').filter(Boolean);
  const termTags = record.term_tags.split(' ').filter(Boolean);
  const rules = record.rules.split(' ').filter(Boolean);
  const common = [...definitionTags, ...termTags].some((tag) => commonTags.has(tag));
  const reading = record.reading === '' ? record.term : record.reading;
  const form = (text: string): DictForm => ({ text, common, tags: [] });
  const glossary = JSON.parse(record.glossary) as Glossary[];
  const sense: DictSense = { pos: [...rules, ...definitionTags.filter((tag) => !rules.includes(tag))], misc: [], glosses: glossary.map(glossaryText).filter((text) => text !== '') };
  return {
    id,
    common,
    posMask: posClassMask(rules.map((rule) => (rule === 'vz' ? 'vs' : rule))) | (posClassMask(definitionTags) & WordClass.adjNa),
    headwords: kanaOnly.test(record.term) ? [] : [form(record.term)],
    readings: [form(reading)],
    senses: [sense],
    yomitan: { dictionary, record },
  };
}

/** A definition as plain text (for senses, Anki's glossary field and the learners of older clients). */
export function glossaryText(item: Glossary): string {
  if (typeof item === 'string') return item;
  if (Array.isArray(item)) return `${item[0]} (${item[1].join(', ')})`;
  if (item.type === 'text') return item.text;
  if (item.type === 'image') return item.alt ?? item.description ?? '';
  return contentText(item.content).replace(/\s+/g, ' ').trim().slice(0, 2000);
}

function contentText(content: StructuredContent | undefined): string {
  if (content === undefined) return '';
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map(contentText).join('');
  if (content.tag === 'rt' || content.tag === 'rp' || content.tag === 'img') return '';
  const text = contentText(content.content);
  return content.tag === 'li' || content.tag === 'div' || content.tag === 'br' || content.tag === 'tr' ? ` ${text} ` : text;
}

import * as z from 'zod/mini';
import { ContentIssue, checkAttributes, checkStructuredContent, imageAttributes } from './structured-content';

/**
 * The project's own validation of Yomitan's dictionary files (index, term, term meta, kanji,
 * kanji meta and tag banks; formats 1 to 3), after Yomitan's JSON schemas. Each check answers
 * the row as it is stored, or throws a RowIssue that the importer words with the file and row.
 */

export class RowIssue extends Error {}

const tagMetaSchema = z.object({
  category: z.optional(z.string()),
  order: z.optional(z.number()),
  notes: z.optional(z.string()),
  score: z.optional(z.number()),
});

export const indexSchema = z.object({
  title: z.string().check(z.minLength(1), z.maxLength(200)),
  revision: z.pipe(z.union([z.string(), z.number()]), z.transform((value) => String(value))),
  sequenced: z.optional(z.boolean()),
  format: z.optional(z.number()),
  version: z.optional(z.number()),
  author: z.optional(z.string()),
  url: z.optional(z.string()),
  description: z.optional(z.string()),
  attribution: z.optional(z.string()),
  sourceLanguage: z.optional(z.string()),
  targetLanguage: z.optional(z.string()),
  frequencyMode: z.optional(z.enum(['occurrence-based', 'rank-based'])),
  tagMeta: z.optional(z.record(z.string(), tagMetaSchema)),
});
export type YomitanIndex = z.infer<typeof indexSchema>;

/** The first issue of a failed parse, as "where: what". */
export function firstIssue(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  const where = issue.path.length > 0 ? `column ${issue.path.map(String).join('.')}` : 'row';
  return `${where}: ${issue.message}`;
}

function parse<T>(schema: z.ZodMiniType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new RowIssue(firstIssue(result.error));
  return result.data;
}

export interface TermRow {
  term: string;
  reading: string;
  definitionTags: string;
  rules: string;
  score: number;
  /** The glossary column, checked, as JSON. */
  glossary: string;
  sequence: number;
  termTags: string;
}

const termV3Schema = z.tuple([z.string(), z.string(), z.nullable(z.string()), z.string(), z.number(), z.array(z.unknown()), z.int(), z.string()]);
const termV1Schema = z.tuple([z.string(), z.string(), z.nullable(z.string()), z.string(), z.number()], z.string());

function checkGlossary(items: unknown[], images: Set<string>) {
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    const where = `glossary ${index}`;
    try {
      if (typeof item === 'string') continue;
      if (Array.isArray(item)) {
        // Form-of: [uninflected term, [inflection rules]].
        if (item.length !== 2 || typeof item[0] !== 'string' || !Array.isArray(item[1]) || !item[1].every((rule) => typeof rule === 'string')) {
          throw new ContentIssue(`${where}: a form-of entry is [term, [rules]]`);
        }
        continue;
      }
      if (typeof item !== 'object' || item === null) throw new ContentIssue(`${where}: must be text or an object`);
      const definition = item as Record<string, unknown>;
      if (definition.type === 'text') {
        checkAttributes(definition, { type: null, text: (value) => (typeof value === 'string' ? null : 'must be a string') }, where);
        if (typeof definition.text !== 'string') throw new ContentIssue(`${where}: text is required`);
      } else if (definition.type === 'structured-content') {
        checkAttributes(definition, { type: null, content: null }, where);
        if (definition.content === undefined) throw new ContentIssue(`${where}: content is required`);
        checkStructuredContent(definition.content, images, where);
      } else if (definition.type === 'image') {
        checkAttributes(definition, { type: null, ...imageAttributes }, where);
        if (typeof definition.path !== 'string') throw new ContentIssue(`${where}: path is required`);
        images.add(definition.path);
      } else {
        throw new ContentIssue(`${where}: type must be text, image or structured-content`);
      }
    } catch (error) {
      if (error instanceof ContentIssue) throw new RowIssue(error.message);
      throw error;
    }
  }
}

/**
 * A term bank row; `images` collects the paths its glossary shows. `glossaryText` is the
 * glossary column's own JSON text when the caller has it (stored as is once checked).
 */
export function termRow(format: number, row: unknown, images: Set<string>, glossaryText?: string): TermRow {
  if (format === 1) {
    const [term, reading, definitionTags, rules, score, ...glossary] = parse(termV1Schema, row);
    return { term, reading, definitionTags: definitionTags ?? '', rules, score, glossary: JSON.stringify(glossary), sequence: 0, termTags: '' };
  }
  // The schema's check, written out for the 290,000 rows of a large dictionary; zod words a failure.
  const fits =
    Array.isArray(row) &&
    row.length === 8 &&
    typeof row[0] === 'string' &&
    typeof row[1] === 'string' &&
    (row[2] === null || typeof row[2] === 'string') &&
    typeof row[3] === 'string' &&
    typeof row[4] === 'number' &&
    Array.isArray(row[5]) &&
    Number.isSafeInteger(row[6]) &&
    typeof row[7] === 'string';
  const [term, reading, definitionTags, rules, score, glossary, sequence, termTags] = fits ? (row as z.infer<typeof termV3Schema>) : parse(termV3Schema, row);
  checkGlossary(glossary, images);
  return { term, reading, definitionTags: definitionTags ?? '', rules, score, glossary: glossaryText ?? JSON.stringify(glossary), sequence, termTags };
}

const frequencyValueSchema = z.union([z.number(), z.string(), z.object({ value: z.number(), displayValue: z.optional(z.string()) }, { error: 'a frequency is a number, a string or {value, displayValue}' })]);
type FrequencyValue = z.infer<typeof frequencyValueSchema>;
const readingFrequencySchema = z.strictObject({ reading: z.string(), frequency: frequencyValueSchema });
const positions = z.union([z.int().check(z.minimum(0)), z.array(z.int().check(z.minimum(0)))]);
const pitchSchema = z.strictObject({
  reading: z.string(),
  pitches: z.array(
    z.strictObject({
      position: z.union([z.int().check(z.minimum(0)), z.string().check(z.regex(/^[HLhl]+$/))]),
      nasal: z.optional(positions),
      devoice: z.optional(positions),
      tags: z.optional(z.array(z.string())),
    }),
  ),
});
const ipaSchema = z.strictObject({
  reading: z.string(),
  transcriptions: z.array(z.strictObject({ ipa: z.string(), tags: z.optional(z.array(z.string())) })),
});
const termMetaSchema = z.tuple([z.string(), z.enum(['freq', 'pitch', 'ipa']), z.unknown()]);
const kanjiMetaSchema = z.tuple([z.string(), z.literal('freq'), frequencyValueSchema]);

export interface Frequency {
  value: number;
  display: string | null;
}

/** A frequency in any of its forms: a number, a string ("12,345", "1234㋕"), or {value, displayValue}. */
function frequency(value: FrequencyValue): Frequency {
  if (typeof value === 'number') return { value, display: null };
  if (typeof value === 'string') {
    const number = /^\s*(-?\d+(?:\.\d+)?)/.exec(value.replace(/,/g, ''));
    return { value: number ? Number(number[1]) : 0, display: value };
  }
  return { value: value.value, display: value.displayValue ?? null };
}

export interface TermMetaRow {
  term: string;
  mode: 'freq' | 'pitch' | 'ipa';
  reading: string | null;
  /** The frequency's value (0 for pitch and ipa). */
  value: number;
  /** A frequency's displayValue; pitch accents or IPA transcriptions as JSON. */
  data: string | null;
}

const toList = (value: number | number[] | undefined) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]);

export function termMetaRow(row: unknown): TermMetaRow {
  // A frequency list's 500,000 plain rows ([term, "freq", number]) skip zod.
  if (Array.isArray(row) && row.length === 3 && typeof row[0] === 'string' && row[1] === 'freq' && typeof row[2] === 'number' && Number.isFinite(row[2])) {
    return { term: row[0], mode: 'freq', reading: null, value: row[2], data: null };
  }
  const [term, mode, data] = parse(termMetaSchema, row);
  if (mode === 'freq') {
    if (typeof data === 'object' && data !== null && 'reading' in data) {
      const { reading, frequency: value } = parse(readingFrequencySchema, data);
      const { value: number, display } = frequency(value);
      return { term, mode, reading, value: number, data: display };
    }
    const { value, display } = frequency(parse(frequencyValueSchema, data));
    return { term, mode, reading: null, value, data: display };
  }
  if (mode === 'pitch') {
    const pitch = parse(pitchSchema, data);
    const pitches = pitch.pitches.map(({ position, nasal, devoice, tags }) => ({
      position,
      ...(nasal !== undefined ? { nasal: toList(nasal) } : {}),
      ...(devoice !== undefined ? { devoice: toList(devoice) } : {}),
      ...(tags ? { tags } : {}),
    }));
    return { term, mode, reading: pitch.reading, value: 0, data: JSON.stringify(pitches) };
  }
  const ipa = parse(ipaSchema, data);
  return { term, mode, reading: ipa.reading, value: 0, data: JSON.stringify(ipa.transcriptions) };
}

export interface KanjiRow {
  character: string;
  onyomi: string;
  kunyomi: string;
  tags: string;
  meanings: string[];
  stats: Record<string, string>;
}

const kanjiV1Schema = z.tuple([z.string(), z.string(), z.string(), z.string()], z.string());
const kanjiV3Schema = z.tuple([z.string(), z.string(), z.string(), z.string(), z.array(z.string()), z.record(z.string(), z.string())]);

export function kanjiRow(format: number, row: unknown): KanjiRow {
  if (format === 1) {
    const [character, onyomi, kunyomi, tags, ...meanings] = parse(kanjiV1Schema, row);
    return { character, onyomi, kunyomi, tags, meanings, stats: {} };
  }
  const [character, onyomi, kunyomi, tags, meanings, stats] = parse(kanjiV3Schema, row);
  return { character, onyomi, kunyomi, tags, meanings, stats };
}

export function kanjiMetaRow(row: unknown): { character: string; value: number; display: string | null } {
  const [character, , value] = parse(kanjiMetaSchema, row);
  return { character, ...frequency(value) };
}

export interface TagRow {
  name: string;
  category: string;
  order: number;
  notes: string;
  score: number;
}

const tagSchema = z.tuple([z.string(), z.string(), z.number(), z.string(), z.number()]);

export function tagRow(row: unknown): TagRow {
  const [name, category, order, notes, score] = parse(tagSchema, row);
  return { name, category, order, notes, score };
}

export function tagMetaRows(index: YomitanIndex): TagRow[] {
  return Object.entries(index.tagMeta ?? {}).map(([name, meta]) => ({
    name,
    category: meta.category ?? '',
    order: meta.order ?? 0,
    notes: meta.notes ?? '',
    score: meta.score ?? 0,
  }));
}

import * as z from 'zod/mini';

/**
 * The learner's dictionaries (Yomitan's format, EDICT and KANJIDIC2 built in): what
 * `/api/dict/dictionaries`, `/api/dict/imports` and the additions to `/api/dict/lookup` answer.
 * docs/dictionaries-api.md "Routes" describes the routes; the glossary types follow Yomitan's
 * dictionary format (term banks' definitions), already validated on import.
 */

export const dictionaryCountsSchema = z.object({
  terms: z.int(),
  termMeta: z.int(),
  kanji: z.int(),
  kanjiMeta: z.int(),
  tags: z.int(),
  media: z.int(),
});
export type DictionaryCounts = z.infer<typeof dictionaryCountsSchema>;

export const frequencyModeSchema = z.enum(['rank-based', 'occurrence-based']);
export type FrequencyMode = z.infer<typeof frequencyModeSchema>;

export const dictionaryInfoSchema = z.object({
  id: z.string(),
  title: z.string(),
  revision: z.string(),
  enabled: z.boolean(),
  builtIn: z.boolean(),
  counts: dictionaryCountsSchema,
  /** Size on disk of its rows and files. */
  bytes: z.int(),
  author: z.optional(z.string()),
  attribution: z.optional(z.string()),
  url: z.optional(z.string()),
  description: z.optional(z.string()),
  sourceLanguage: z.optional(z.string()),
  targetLanguage: z.optional(z.string()),
  /** From the index; absent means rank-based for a frequency dictionary. */
  frequencyMode: z.optional(frequencyModeSchema),
  /** Whether the dictionary brought a `styles.css` (served scoped to its own entries). */
  hasStyles: z.optional(z.boolean()),
});
export type DictionaryInfo = z.infer<typeof dictionaryInfoSchema>;

export const dictionariesListSchema = z.object({
  dictionaries: z.array(dictionaryInfoSchema),
  frequencyDictionary: z.nullable(z.string()),
});
export type DictionariesList = z.infer<typeof dictionariesListSchema>;

export const importStateSchema = z.enum(['queued', 'running', 'done', 'failed', 'cancelled', 'interrupted']);
export type ImportState = z.infer<typeof importStateSchema>;

/** The steps an import goes through, in order. */
export const importStepSchema = z.enum(['queued', 'reading', 'terms', 'meta', 'kanji', 'media', 'indexing', 'done']);
export type ImportStep = z.infer<typeof importStepSchema>;

export const dictImportSchema = z.object({
  id: z.string(),
  /** The dictionary's title once its index has been read. */
  title: z.optional(z.string()),
  /** The uploaded file's name. */
  fileName: z.optional(z.string()),
  state: importStateSchema,
  step: importStepSchema,
  /** 0..1 */
  progress: z.number(),
  /** The file inside the zip being read (`term_bank_2.json`). */
  file: z.optional(z.string()),
  /** Rows stored so far. */
  rows: z.optional(z.int()),
  /** Why it failed or was interrupted (English; `code` and `params` word it in the app). */
  error: z.optional(z.string()),
  code: z.optional(z.string()),
  params: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
  /** The dictionary it made, once done. */
  dictionaryId: z.optional(z.string()),
  createdAt: z.string(),
  finishedAt: z.optional(z.string()),
});
export type DictImport = z.infer<typeof dictImportSchema>;

export const dictImportAnswerSchema = z.object({ import: dictImportSchema });
export const dictImportsListSchema = z.object({ imports: z.array(dictImportSchema) });

export const dictionaryPatchSchema = z.object({ enabled: z.optional(z.boolean()) });
export const dictionaryOrderSchema = z.object({ ids: z.array(z.string()) });
export const frequencyChoiceSchema = z.object({ id: z.nullable(z.string()) });

/** A tag of a dictionary's tag bank (or made from an unknown tag name). */
export interface DictTag {
  name: string;
  category: string;
  notes: string;
  order: number;
  score: number;
}

/** Structured content: Yomitan's element tree, already checked against the allowed tags, attributes and styles. */
export type StructuredContent = string | StructuredContent[] | StructuredElement;

export interface StructuredElement {
  tag: string;
  content?: StructuredContent;
  /** `data` attributes (Yomitan's `data` object), rendered as `data-sc-<key>`. */
  data?: Record<string, string>;
  style?: Record<string, string | number>;
  lang?: string;
  title?: string;
  href?: string;
  /** For `img`: a path inside the dictionary, served by `/api/dict/dictionaries/:id/media/<path>`. */
  path?: string;
  width?: number;
  height?: number;
  alt?: string;
  description?: string;
  pixelated?: boolean;
  imageRendering?: string;
  appearance?: string;
  background?: boolean;
  collapsed?: boolean;
  collapsible?: boolean;
  verticalAlign?: string;
  border?: string;
  borderRadius?: string;
  sizeUnits?: string;
  sizeUnit?: string;
  colSpan?: number;
  rowSpan?: number;
  open?: boolean;
}

/** One definition of a term bank row's glossary column. */
export type Glossary =
  | string
  | { type: 'text'; text: string }
  | ({ type: 'image' } & Omit<StructuredElement, 'tag' | 'content' | 'data' | 'style' | 'lang' | 'href'>)
  | { type: 'structured-content'; content: StructuredContent }
  /** Form-of: the uninflected term and the inflection rules that lead from it. */
  | [string, string[]];

/** A term bank row of one dictionary, as the lookup answers it. */
export interface DictTermDefinition {
  /** Definition tags (column 3). */
  tags: DictTag[];
  /** Term tags (column 8). */
  termTags: DictTag[];
  /** Deinflection rules the row declares (`v1`, `v5`, `vs`, `vk`, `vz`, `adj-i`). */
  rules: string[];
  score: number;
  sequence: number;
  glossary: Glossary[];
}

/** Everything one dictionary says about a word, under its title. */
export interface DictDefinitionGroup {
  dictionary: string;
  title: string;
  definitions: DictTermDefinition[];
}

export interface DictFrequency {
  dictionary: string;
  title: string;
  /** The number the sort uses. */
  value: number;
  /** How the dictionary wants it shown (`displayValue`), else the value. */
  displayValue?: string;
  /** Set when the frequency is for this reading only. */
  reading?: string;
  mode: FrequencyMode;
}

export interface DictPitchAccent {
  /** The downstep position (0 = heiban), or a pattern of H/L per mora. */
  position: number | string;
  nasal?: number[];
  devoice?: number[];
  tags?: DictTag[];
}

export interface DictPitch {
  dictionary: string;
  title: string;
  reading: string;
  pitches: DictPitchAccent[];
}

export interface DictIpa {
  dictionary: string;
  title: string;
  reading: string;
  transcriptions: Array<{ ipa: string; tags?: DictTag[] }>;
}

/** What the enabled dictionaries hold for one result (a headword and reading), added to `/api/dict/lookup`'s results. */
export interface DictResultAdditions {
  /** The headword and reading this card groups by. */
  term: string;
  reading: string;
  definitions: DictDefinitionGroup[];
  frequencies: DictFrequency[];
  pitches: DictPitch[];
  ipa: DictIpa[];
}

export interface DictKanjiStat {
  /** The tag's name (`strokes`, `grade`, `jlpt`, `freq`, …). */
  name: string;
  /** The tag's notes, e.g. "Stroke count". */
  label: string;
  value: string;
  order: number;
}

/** One kanji dictionary's entry for a character. */
export interface DictKanjiEntry {
  dictionary: string;
  title: string;
  onyomi: string[];
  kunyomi: string[];
  tags: DictTag[];
  meanings: string[];
  /** Stats grouped by their tags' categories (`misc`, `code`, `index`, `class`, …). */
  stats: Record<string, DictKanjiStat[]>;
}

export interface DictKanjiCard {
  character: string;
  entries: DictKanjiEntry[];
  frequencies: DictFrequency[];
}

import * as z from 'zod/mini';
import type { DictDefinitionGroup, DictFrequency, DictIpa, DictKanjiCard, DictPitch } from './dictionaries';

/** The longest query `/api/dict/lookup` accepts, in characters. */
export const dictQueryMaxLength = 64;

export const dictStateSchema = z.enum(['empty', 'importing', 'ready']);
export type DictState = z.infer<typeof dictStateSchema>;

export const dictStatusSchema = z.object({
  state: dictStateSchema,
  /** 0..1 while importing; 1 when ready; 0 when empty. */
  progress: z.number().check(z.minimum(0), z.maximum(1)),
  entries: z.int().check(z.minimum(0)),
  /** The last import's failure, if it failed. */
  error: z.optional(z.string()),
});
export type DictStatus = z.infer<typeof dictStatusSchema>;

export const dictFormSchema = z.object({
  text: z.string(),
  common: z.boolean(),
  /** EDICT tags on this spelling or reading, e.g. iK (irregular kanji), ok (outdated kana). */
  tags: z.array(z.string()),
});
export type DictForm = z.infer<typeof dictFormSchema>;

export const dictSenseSchema = z.object({
  pos: z.array(z.string()),
  misc: z.array(z.string()),
  glosses: z.array(z.string()),
});
export type DictSense = z.infer<typeof dictSenseSchema>;

export const dictMatchSchema = z.enum(['exact', 'deinflected', 'prefix']);
export type DictMatch = z.infer<typeof dictMatchSchema>;

export const dictDeinflectionSchema = z.object({
  /** What was looked up (after romaji → kana conversion). */
  from: z.string(),
  /** The dictionary form found. */
  to: z.string(),
  /** The conjugations applied to `to`, innermost first: 書かれている → ['passive', 'progressive (-te iru)']. */
  rules: z.array(z.string()),
});
export type DictDeinflection = z.infer<typeof dictDeinflectionSchema>;

export const dictEntrySchema = z.object({
  id: z.int(),
  headwords: z.array(dictFormSchema),
  readings: z.array(dictFormSchema),
  senses: z.array(dictSenseSchema),
  common: z.boolean(),
  match: dictMatchSchema,
  /** The spelling or reading that matched. */
  matched: z.string(),
  deinflection: z.optional(dictDeinflectionSchema),
  // What the learner's dictionaries hold for this headword and reading (src/common/dictionaries.ts);
  // validated on import, so the answer is trusted in shape here.
  term: z.optional(z.string()),
  reading: z.optional(z.string()),
  definitions: z.optional(z.array(z.custom<DictDefinitionGroup>())),
  frequencies: z.optional(z.array(z.custom<DictFrequency>())),
  pitches: z.optional(z.array(z.custom<DictPitch>())),
  ipa: z.optional(z.array(z.custom<DictIpa>())),
});
export type DictEntry = z.infer<typeof dictEntrySchema>;

/** One word of a phrase query; offsets are UTF-16 indices into `searched`. */
export const dictSegmentSchema = z.object({
  text: z.string(),
  start: z.int().check(z.minimum(0)),
  end: z.int().check(z.minimum(0)),
  /** The dictionary form found for it (して → する); absent when nothing was found. */
  matched: z.optional(z.string()),
});
export type DictSegment = z.infer<typeof dictSegmentSchema>;

export const dictLookupSchema = z.object({
  query: z.string(),
  /** The query converted to kana when it was romaji; otherwise the query itself. */
  searched: z.string(),
  /**
   * The part of `searched` the results are for: all of it for a word, the longest word at its
   * start for a phrase (静かな町 → 静かな). Absent when nothing was found.
   */
  matched: z.optional(z.string()),
  results: z.array(dictEntrySchema),
  /**
   * When the query is a phrase (nothing is, or starts with, all of it): its words, longest match
   * first from left to right, to step through with one lookup each. Absent for a single word.
   */
  segments: z.optional(z.array(dictSegmentSchema)),
  /** A single kanji's card, from every enabled kanji dictionary. */
  kanji: z.optional(z.custom<DictKanjiCard>()),
});
export type DictLookup = z.infer<typeof dictLookupSchema>;

export const dictErrorSchema = z.object({ error: z.string(), state: z.optional(dictStateSchema) });
export type DictError = z.infer<typeof dictErrorSchema>;

/** "食べた ← past of 食べる" */
export function describeDeinflection(deinflection: DictDeinflection): string {
  return `${deinflection.from} ← ${deinflection.rules.join(' + ')} of ${deinflection.to}`;
}

import { z } from 'zod';

/** The longest query `/api/dict/lookup` accepts, in characters. */
export const dictQueryMaxLength = 64;

export const dictStateSchema = z.enum(['empty', 'importing', 'ready']);
export type DictState = z.infer<typeof dictStateSchema>;

export const dictStatusSchema = z.object({
  state: dictStateSchema,
  /** 0..1 while importing; 1 when ready; 0 when empty. */
  progress: z.number().min(0).max(1),
  entries: z.number().int().min(0),
  /** The last import's failure, if it failed. */
  error: z.string().optional(),
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
  id: z.number().int(),
  headwords: z.array(dictFormSchema),
  readings: z.array(dictFormSchema),
  senses: z.array(dictSenseSchema),
  common: z.boolean(),
  match: dictMatchSchema,
  /** The spelling or reading that matched. */
  matched: z.string(),
  deinflection: dictDeinflectionSchema.optional(),
});
export type DictEntry = z.infer<typeof dictEntrySchema>;

export const dictLookupSchema = z.object({
  query: z.string(),
  /** The query converted to kana when it was romaji; otherwise the query itself. */
  searched: z.string(),
  results: z.array(dictEntrySchema),
});
export type DictLookup = z.infer<typeof dictLookupSchema>;

export const dictErrorSchema = z.object({ error: z.string(), state: dictStateSchema.optional() });
export type DictError = z.infer<typeof dictErrorSchema>;

/** "食べた ← past of 食べる" */
export function describeDeinflection(deinflection: DictDeinflection): string {
  return `${deinflection.from} ← ${deinflection.rules.join(' + ')} of ${deinflection.to}`;
}

import * as z from 'zod/mini';
import { searchSources } from './settings';
import { firstOf, preprocessed } from './query-params';

/** docs/behaviour.md "Limits and constants" (sources) and docs/api.md "Video search". */
export const avSourceSchema = z.enum(searchSources);
export type AvSource = z.infer<typeof avSourceSchema>;

export const avQueryMaxLength = 100;

const seconds = z.number().check(z.minimum(0));
const count = z.int().check(z.minimum(0));

export const avCueSchema = z.object({
  start: seconds,
  end: seconds,
  text: z.string(),
});
export type AvCue = z.infer<typeof avCueSchema>;

/** One `result` event: times in seconds; `url` plays the file (same origin, or the remote server's). */
export const avResultSchema = z.object({
  source: avSourceSchema,
  id: z.string().check(z.minLength(1)),
  title: z.string(),
  thumb: z.nullable(z.string()),
  duration: z.nullable(seconds),
  url: z.string(),
  cue: z.optional(avCueSchema),
  /** Where the matched word sits in `cue.text` (or in the title for a title match), for highlighting. */
  match: z.optional(z.object({ start: count, end: count })),
  /** The address of the file's WebVTT subtitles, for the player. */
  subtitles: z.optional(z.string()),
});
export type AvResult = z.infer<typeof avResultSchema>;

export const avSourceDoneSchema = z.object({ source: avSourceSchema, count });
/** A failed source (with `source`) or a refused search (without), coded like every error of this server (docs/errors.md). */
export const avErrorSchema = z.object({
  source: z.optional(avSourceSchema),
  error: z.string(),
  code: z.optional(z.string()),
  params: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
});
export const avDoneSchema = z.object({ count });

/** What a WebSocket client sends to start a search (each message starts a new one and stops the last). */
export const avWsRequestSchema = z.object({
  q: z.string().check(z.minLength(1), z.maxLength(avQueryMaxLength)),
  source: z.union([z.string(), z.array(z.string())]),
  remoteBase: z.optional(z.string()),
  access_token: z.optional(z.string()),
});
export type AvWsRequest = z.infer<typeof avWsRequestSchema>;

/** `local,remote` or ['local', 'remote'] → its names, blanks dropped. */
export function avSourceNames(value: unknown): string[] {
  const values = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value.flatMap((item) => (typeof item === 'string' ? item.split(',') : [])) : [];
  return values.map((name) => name.trim()).filter(Boolean);
}

/** The sources to search: at least one, each known; duplicates dropped. */
const sourcesSchema = z.pipe(
  z.pipe(z.union([z.string(), z.array(z.string())]), z.transform((value: string | string[]) => avSourceNames(value))),
  z.pipe(z.array(avSourceSchema).check(z.minLength(1)), z.transform((names) => [...new Set(names)])),
);
/** The words to search for, trimmed: some, and at most `avQueryMaxLength` characters. */
const queryTextSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(avQueryMaxLength));

/** A search as both transports take it, `source` checked before `q`. */
export const avSearchRequestSchema = z.object({
  source: sourcesSchema,
  q: queryTextSchema,
  remoteBase: z.optional(z.string()),
  access_token: z.optional(z.string()),
});

/** `GET /api/av-search`'s query: the same search (`source` a comma list, or the parameter repeated). */
export const avSearchQuerySchema = z.object({
  source: preprocessed((value) => value ?? '', sourcesSchema),
  q: preprocessed((value) => firstOf(value) ?? '', queryTextSchema),
  remoteBase: preprocessed(firstOf, z.optional(z.string())),
  access_token: preprocessed(firstOf, z.optional(z.string())),
});

export type AvEvent =
  | { type: 'result'; data: AvResult }
  | { type: 'source-done'; data: z.infer<typeof avSourceDoneSchema> }
  | { type: 'error'; data: z.infer<typeof avErrorSchema> }
  | { type: 'done'; data: z.infer<typeof avDoneSchema> };

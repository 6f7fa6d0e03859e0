import * as z from 'zod/mini';
import { searchSources } from './settings';
import { coded, type Coded } from './server-errors';

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
export const avErrorSchema = z.object({ source: z.optional(avSourceSchema), error: z.string() });
export const avDoneSchema = z.object({ count });

/** What a WebSocket client sends to start a search (each message starts a new one and stops the last). */
export const avWsRequestSchema = z.object({
  q: z.string().check(z.minLength(1), z.maxLength(avQueryMaxLength)),
  source: z.union([z.string(), z.array(z.string())]),
  remoteBase: z.optional(z.string()),
  access_token: z.optional(z.string()),
});

export type AvEvent =
  | { type: 'result'; data: AvResult }
  | { type: 'source-done'; data: z.infer<typeof avSourceDoneSchema> }
  | { type: 'error'; data: z.infer<typeof avErrorSchema> }
  | { type: 'done'; data: z.infer<typeof avDoneSchema> };

/** `local,remote` → ['local','remote']; unknown names are an error, duplicates are dropped. */
export function parseSourceList(value: string | readonly string[]): AvSource[] | { error: string; coded: Coded } {
  const names = (typeof value === 'string' ? value.split(',') : value).map((name) => name.trim()).filter(Boolean);
  if (names.length === 0) return { error: 'source is missing (local, remote or yunpan)', coded: coded('source-missing') };
  const unknown = names.filter((name) => !avSourceSchema.safeParse(name).success);
  if (unknown.length) return { error: `unknown source: ${unknown.join(', ')} (use local, remote or yunpan)`, coded: coded('unknown-source', { sources: unknown.join(', ') }) };
  return [...new Set(names)] as AvSource[];
}

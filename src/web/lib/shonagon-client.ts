import * as z from 'zod/mini';
import { http, httpErrorMessage, httpMessages, isAbort } from './http/http-client';
import { toast } from './notify';
import { getSettings } from './settings-store';

/**
 * The corpus API client shared by the Shonagon screen and the features that meet it through the
 * server API (dictionary examples, "add to Shonagon library"): CONTRACT "Shonagon".
 */
export const shonagonTimeoutMs = 60000;
export const embeddedApiBase = '/shonagon_api';

/** Empty setting = the embedded API; a remote base is used as typed, without a trailing slash. */
export function apiBase(setting: string = getSettings().shonagon.apiBase): string {
  const trimmed = setting.trim().replace(/\/+$/, '');
  return trimmed || embeddedApiBase;
}

export const kwicItemSchema = z.object({
  index: z.number(),
  left: z.string(),
  key: z.string(),
  right: z.string(),
  title: z.string(),
  media: z.nullish(z.string()),
  pubYear: z.nullish(z.number()),
  docId: z.coerce.string(),
  sentenceId: z.coerce.string(),
  /** Optional: the sentence's ordinal in its document, so the reader can open just before it. */
  position: z.nullish(z.number()),
});
export type KwicItem = z.infer<typeof kwicItemSchema>;

export const searchAnswerSchema = z.object({
  total: z.number(),
  offset: z.number(),
  items: z.array(kwicItemSchema),
  counts: z.object({ media: z.record(z.string(), z.number()), year: z.record(z.string(), z.number()) }),
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;

export type SearchMode = 'string' | 'lemma';
export type SearchSort = 'order' | 'year' | 'random';

export interface SearchParams {
  q: string;
  mode?: SearchMode;
  media?: string;
  from?: number;
  to?: number;
  doc?: string;
  sort?: SearchSort;
  seed?: number;
  offset?: number;
  limit?: number;
  width?: number;
}

export const createdSchema = z.object({ id: z.coerce.string(), title: z.string(), sentences: z.number() });
export type CreatedDocument = z.infer<typeof createdSchema>;

export function searchCorpus(params: SearchParams, signal?: AbortSignal): Promise<SearchAnswer> {
  return http.json(`${apiBase()}/search`, {
    query: { ...params },
    timeoutMs: shonagonTimeoutMs,
    signal,
    schema: searchAnswerSchema,
  });
}

/** Adds a text (a chat reply, a translation) to the library as one document. */
export function addTextDocument(body: { title: string; text: string; media?: string; pubYear?: number; author?: string }): Promise<CreatedDocument> {
  return http.json(`${apiBase()}/documents`, { method: 'POST', json: body, timeoutMs: shonagonTimeoutMs, schema: createdSchema });
}

/** The §8-style toast every failed corpus call shows; the caller's own abort is silent. */
export function reportShonagonError(error: unknown): void {
  if (isAbort(error)) return;
  toast(httpMessages.requestError(httpErrorMessage(error)), 'error');
}

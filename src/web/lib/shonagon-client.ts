import { createdDocumentSchema, searchQuery, searchResultSchema, type CreatedDocument, type SearchParams, type SearchResult, type TextDocument } from '../../common/shonagon';
import { http, httpErrorMessage, httpMessages, isAbort } from './http/http-client';
import { toast } from './notify';
import { getSettings } from './settings-store';

/**
 * The corpus API client shared by the Shonagon screen and the features that meet it through the
 * server API (dictionary examples, "add to Shonagon library"): docs/shonagon-api.md.
 */
export const shonagonTimeoutMs = 60000;
export const embeddedApiBase = '/shonagon_api';

/** Empty setting = the embedded API; a remote base is used as typed, without a trailing slash. */
export function apiBase(setting: string = getSettings().shonagon.apiBase): string {
  const trimmed = setting.trim().replace(/\/+$/, '');
  return trimmed || embeddedApiBase;
}

export function searchCorpus(params: SearchParams, signal?: AbortSignal): Promise<SearchResult> {
  return http.json(`${apiBase()}/search`, {
    query: searchQuery(params),
    timeoutMs: shonagonTimeoutMs,
    signal,
    schema: searchResultSchema,
  });
}

/** Adds a text (a chat reply, a translation) to the library as one document. */
export function addTextDocument(body: TextDocument): Promise<CreatedDocument> {
  return http.json(`${apiBase()}/documents`, { method: 'POST', json: body, timeoutMs: shonagonTimeoutMs, schema: createdDocumentSchema });
}

/** The toast of docs/behaviour.md "Error wording" every failed corpus call shows; the caller's own abort is silent. */
export function reportShonagonError(error: unknown): void {
  if (isAbort(error)) return;
  toast(httpMessages.requestError(httpErrorMessage(error)), 'error');
}

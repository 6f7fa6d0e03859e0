/**
 * The codes of the errors this server words itself (docs/errors.md): an error answer is
 * `{"error": "<English>", "code": "<code>", "params": {…}}`. API users read `error` and switch on
 * `code`; the app words a known code in the learner's language from its catalogues, with
 * `params` filled in, and shows `error` for a code it does not know. Relays that pass a third
 * party's own error body keep that body as it is.
 *
 * Each entry lists the statuses the code is answered with (none for the video search's event-only
 * codes) and its parameters' kinds: `text` and
 * `count` are shown as they are (a count in the language's digits), `bytes` as a size, `limit` as
 * a size limit (in binary units when it is set in them), `seconds` as a duration.
 */
export type ErrorParamKind = 'text' | 'count' | 'bytes' | 'limit' | 'seconds';

interface ErrorSpec {
  status: readonly number[];
  params: Readonly<Record<string, ErrorParamKind>>;
}

export const serverErrors = {
  // Any route
  'no-route': { status: [404], params: { method: 'text', path: 'text' } },
  'internal': { status: [500], params: {} },
  'body-not-json': { status: [400], params: {} },
  'invalid-input': { status: [400], params: { field: 'text', issue: 'text' } },
  'body-too-large': { status: [413], params: { max: 'limit' } },
  'method-not-allowed': { status: [405], params: { method: 'text' } },
  // Request guards (docs/decisions/0005-request-guards.md)
  'access-token': { status: [401], params: {} },
  'unknown-host': { status: [421], params: { host: 'text' } },
  'cross-site': { status: [403], params: { method: 'text', path: 'text' } },
  'cors-method': { status: [403], params: { method: 'text', allowed: 'text' } },
  // Relays' own answers (the service's own error body passes unchanged)
  'client-closed': { status: [499], params: {} },
  'upstream-unreachable': { status: [502], params: { upstream: 'text' } },
  'upstream-timeout': { status: [504], params: { upstream: 'text', seconds: 'seconds' } },
  'upstream-redirect': { status: [502], params: { upstream: 'text', status: 'count' } },
  'upstream-bad-answer': { status: [404, 502], params: { upstream: 'text', status: 'count' } },
  'body-unreadable': { status: [400], params: {} },
  // Shonagon
  'query-missing': { status: [400], params: {} },
  'query-too-long': { status: [400], params: { length: 'count', max: 'count' } },
  'bad-parameter': { status: [400], params: { name: 'text', value: 'text' } },
  'parameter-too-small': { status: [400], params: { name: 'text', min: 'count' } },
  'lemma-unavailable': { status: [400], params: {} },
  'query-no-words': { status: [400], params: {} },
  'corpus-busy': { status: [503], params: {} },
  'search-cancelled': { status: [503], params: {} },
  'no-document': { status: [404], params: { id: 'text' } },
  'no-import': { status: [404], params: { id: 'text' } },
  'bad-document': { status: [400], params: { field: 'text', issue: 'text' } },
  'bad-year': { status: [400], params: { name: 'text', value: 'text' } },
  'empty-title': { status: [400], params: {} },
  'document-media-type': { status: [415], params: {} },
  'missing-file': { status: [400], params: {} },
  // Imports into the Shonagon library (the route's checks and the importer's)
  'file-type': { status: [415], params: { name: 'text', extension: 'text', allowed: 'text' } },
  'file-too-large': { status: [413], params: { name: 'text', size: 'bytes', max: 'limit' } },
  'file-empty': { status: [400], params: { name: 'text' } },
  'text-empty': { status: [400], params: { name: 'text' } },
  'no-text': { status: [400], params: { name: 'text' } },
  'not-readable-text': { status: [400], params: { name: 'text' } },
  'epub-damaged': { status: [400], params: { name: 'text' } },
  'no-subtitle-cues': { status: [400], params: { name: 'text' } },
  'shutting-down': { status: [400], params: {} },
  'import-failed': { status: [400, 413, 415], params: { name: 'text' } },
  // Furigana
  'too-many-texts': { status: [413], params: { count: 'count', max: 'count' } },
  'too-many-characters': { status: [413], params: { count: 'count', max: 'count' } },
  'reading-unavailable': { status: [503], params: {} },
  // Dictionary
  'dict-importing': { status: [503], params: {} },
  'dict-empty': { status: [503], params: {} },
  'no-dictionary': { status: [404], params: { id: 'text' } },
  'no-dictionary-file': { status: [404], params: { id: 'text', path: 'text' } },
  'import-ended': { status: [409], params: { id: 'text' } },
  'dict-upload-too-large': { status: [413], params: { max: 'limit' } },
  'dict-upload-not-multipart': { status: [415], params: {} },
  // A dictionary import's failure: the `code` of its record (GET /api/dict/imports answers 200), not an HTTP status
  'dict-not-zip': { status: [200], params: { issue: 'text' } },
  'dict-zip-method': { status: [200], params: { file: 'text', method: 'count' } },
  'dict-zip-too-large': { status: [200], params: { file: 'text', entryMax: 'limit', totalMax: 'limit' } },
  'dict-no-index': { status: [200], params: {} },
  'dict-index-nested': { status: [200], params: { file: 'text' } },
  'dict-bad-json': { status: [200], params: { file: 'text', issue: 'text' } },
  'dict-bad-index': { status: [200], params: { issue: 'text' } },
  'dict-unknown-format': { status: [200], params: { format: 'text' } },
  'dict-bad-row': { status: [200], params: { file: 'text', row: 'count', issue: 'text' } },
  'dict-bad-path': { status: [200], params: { file: 'text', path: 'text' } },
  'dict-title-taken': { status: [200], params: { title: 'text' } },
  'dict-no-entries': { status: [200], params: {} },
  'dict-disk-full': { status: [200], params: {} },
  'dict-cancelled': { status: [200], params: {} },
  'dict-interrupted': { status: [200], params: {} },
  'dict-import-failed': { status: [200], params: { issue: 'text' } },
  // Local media
  'no-media': { status: [404], params: {} },
  'media-gone': { status: [404], params: {} },
  'no-subtitles': { status: [404], params: {} },
  'no-picture': { status: [404, 422], params: {} },
  'bad-time': { status: [400], params: {} },
  'bad-span': { status: [400], params: {} },
  'clip-too-long': { status: [400], params: { max: 'seconds' } },
  'start-past-end': { status: [400], params: { duration: 'seconds' } },
  'no-audio': { status: [422], params: {} },
  // Video search
  'source-missing': { status: [400], params: {} },
  'unknown-source': { status: [400], params: { sources: 'text' } },
  'av-query-too-long': { status: [400], params: { max: 'count' } },
  // Video search's own event codes (an SSE `error` event or a WebSocket `error` message, no status)
  'remote-base-missing': { status: [], params: {} },
  'bad-remote-base': { status: [], params: { value: 'text' } },
  'remote-not-event-stream': { status: [], params: { upstream: 'text' } },
  'remote-stream-broke': { status: [], params: { upstream: 'text' } },
  'remote-error': { status: [], params: { upstream: 'text', error: 'text' } },
  'av-bad-message': { status: [], params: {} },
  'av-too-many-searches': { status: [], params: { max: 'count' } },
  // Uploads
  'uploads-off': { status: [503], params: {} },
  'upload-token': { status: [401], params: {} },
  'upload-not-found': { status: [404], params: {} },
  'upload-expired': { status: [410], params: {} },
  'upload-too-large': { status: [413], params: { max: 'limit' } },
  'upload-in-progress': { status: [405], params: {} },
  'no-file': { status: [404], params: { name: 'text' } },
  'range-outside': { status: [416], params: {} },
  'disk-full': { status: [507], params: {} },
  'upload-refused': { status: [400, 403, 409, 412, 415, 460, 500], params: { detail: 'text' } },
  // XPan
  'xpan-token': { status: [401], params: {} },
  'bad-fsid': { status: [400], params: {} },
  'xpan-token-expired': { status: [401], params: {} },
  'xpan-errno': { status: [400, 401, 403, 404, 409, 502, 507], params: { errno: 'count' } },
  'xpan-bad-answer': { status: [502], params: {} },
  'xpan-no-file': { status: [404], params: {} },
  'xpan-folder': { status: [400], params: {} },
  'xpan-refused-download': { status: [502], params: { status: 'count' } },
  'not-relayed': { status: [400, 403, 404, 405], params: {} },
  // Image relay, AI proxy, Notion, Anki
  'bad-target': { status: [400, 403], params: { reason: 'text' } },
  'unsafe-target': { status: [403], params: {} },
  'image-too-large': { status: [413], params: {} },
  'not-an-image': { status: [415, 502], params: {} },
  'notion-token': { status: [401], params: {} },
  'anki-request': { status: [400], params: {} },
  'anki-action': { status: [403], params: { action: 'text' } },
  // Sync vaults
  'sync-no-vault': { status: [404], params: {} },
  'sync-token': { status: [401], params: {} },
  'sync-record-too-large': { status: [413], params: { id: 'text', size: 'bytes', max: 'limit' } },
  'sync-vault-full': { status: [413], params: { size: 'bytes', max: 'limit' } },
  'sync-rate': { status: [429], params: { seconds: 'seconds' } },
  'sync-no-snapshot': { status: [404], params: { day: 'text' } },
} as const satisfies Record<string, ErrorSpec>;

export type ServerErrorCode = keyof typeof serverErrors;

type ValueOf<Kind extends ErrorParamKind> = Kind extends 'text' ? string : number;
type ParamsSpec<C extends ServerErrorCode> = (typeof serverErrors)[C]['params'];
export type ServerErrorParams<C extends ServerErrorCode> = { -readonly [K in keyof ParamsSpec<C>]: ValueOf<ParamsSpec<C>[K] & ErrorParamKind> };

/** A code with its parameters, as a route or a domain error hands it to `jsonError`. */
export type Coded = {
  [C in ServerErrorCode]: keyof ParamsSpec<C> extends never ? { code: C; params?: undefined } : { code: C; params: ServerErrorParams<C> };
}[ServerErrorCode];

/** Builds a `Coded`, its parameters checked against the code. */
export function coded<C extends ServerErrorCode>(code: C, ...params: keyof ParamsSpec<C> extends never ? [] : [ServerErrorParams<C>]): Coded {
  return (params.length ? { code, params: params[0] } : { code }) as Coded;
}

export function isServerErrorCode(value: unknown): value is ServerErrorCode {
  return typeof value === 'string' && Object.hasOwn(serverErrors, value);
}

/** The coded part of an error body from this server, when it has one this app knows. */
export function codedErrorOf(body: unknown): { error: string; code: ServerErrorCode; params: Record<string, string | number> } | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { error, code, params } = body as Record<string, unknown>;
  if (typeof error !== 'string' || !isServerErrorCode(code)) return undefined;
  const given = typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {};
  const checked: Record<string, string | number> = {};
  for (const [name, kind] of Object.entries(serverErrors[code].params as Record<string, ErrorParamKind>)) {
    const value = given[name];
    if (kind === 'text' ? typeof value !== 'string' : typeof value !== 'number' || !Number.isFinite(value)) return undefined;
    checked[name] = value as string | number;
  }
  return { error, code, params: checked };
}

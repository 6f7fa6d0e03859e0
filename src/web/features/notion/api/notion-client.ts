import { delay, http, HttpError, isAbort } from '../../../lib/http/http-client';
import { translate } from '../../../lib/i18n/i18n';
import { catalogue } from '../i18n';

/**
 * Calls to Notion through the server relay (`/api/notion/v1/…`, docs/api.md "Notion relay"). Notion
 * allows about three requests a second per integration, so calls for one token are spaced out;
 * a 429 waits for its Retry-After and tries again; failures become messages that say what to fix.
 */

export const notionVersions = { legacy: '2022-06-28', dataSources: '2025-09-03' } as const;
export type NotionVersion = (typeof notionVersions)[keyof typeof notionVersions];

export const relayBase = '/api/notion';
/** Milliseconds between request starts for one token: three a second. */
export const minSpacingMs = 340;
const maxRateLimitRetries = 5;
const maxRetryAfterSeconds = 60;

export class NotionError extends Error {
  readonly status: number;
  readonly code: string;
  /** Seconds Notion asked to wait (429). */
  readonly retryAfter?: number;
  constructor(message: string, details: { status: number; code?: string; retryAfter?: number; cause?: unknown }) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'NotionError';
    this.status = details.status;
    this.code = details.code ?? '';
    this.retryAfter = details.retryAfter;
  }
  /** Worth trying again later: rate limits, Notion's own failures, no connection. */
  get transient(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

const nextSlot = new Map<string, number>();

/** Waits for this token's next free slot (a small spacing limiter shared by every call in the tab). */
export async function rateSlot(token: string, signal?: AbortSignal): Promise<void> {
  const now = Date.now();
  const at = Math.max(now, nextSlot.get(token) ?? 0);
  nextSlot.set(token, at + minSpacingMs);
  if (at > now) await delay(at - now, signal);
}

/** Pushes this token's next slot back, after Notion said to wait. */
function holdToken(token: string, ms: number) {
  nextSlot.set(token, Math.max(nextSlot.get(token) ?? 0, Date.now() + ms));
}

interface ErrorBody {
  code?: string;
  message?: string;
  error?: string;
}

/** Extracts a 32-hex Notion id from an id or a copied Notion link; anything else is returned trimmed. */
export function normaliseNotionId(raw: string): string {
  const value = raw.trim();
  const compact = value.replace(/-/g, '');
  const matches = compact.match(/[0-9a-f]{32}/gi);
  if (!matches) return value;
  // In a link (…/Title-<id>?v=<view>) the database id comes before the view id.
  const hex = (/[?&]v=/.test(value) ? matches[0] : matches[matches.length - 1]).toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What the person should do about a failed call, in the interface language (MyNotion's catalogue). */
export function explainFailure(status: number, body: ErrorBody | undefined, what: string): string {
  const said = body?.message ?? body?.error ?? '';
  const quoted = said ? translate(catalogue, 'error.said', { said }) : '';
  const words = { what, quoted, status: String(status) };
  switch (status) {
    case 401:
      return translate(catalogue, 'error.401', words);
    case 403:
      return translate(catalogue, 'error.403', words);
    case 404:
      return translate(catalogue, 'error.404', words);
    case 400:
      if (/valid uuid|should be a valid/i.test(said)) return translate(catalogue, 'error.400.id', words);
      if (/property|properties/i.test(said)) return translate(catalogue, 'error.400.property', words);
      return translate(catalogue, 'error.400', words);
    case 409:
      return translate(catalogue, 'error.409', words);
    case 429:
      return translate(catalogue, 'error.429', words);
    case 0:
      return translate(catalogue, 'error.offline', { reason: said || translate(catalogue, 'error.noConnection') });
    default:
      return translate(catalogue, status >= 500 ? 'error.unavailable' : 'error.other', words);
  }
}

export interface NotionCallOptions {
  method?: string;
  json?: unknown;
  query?: Record<string, string | number | undefined>;
  version?: NotionVersion;
  signal?: AbortSignal;
  /** Names the thing in messages, e.g. `the database “Vocabulary”`. */
  what?: string;
  /** Retry 429s after Retry-After (default true); the review-time queue schedules its own retries. */
  retryRateLimit?: boolean;
  /** Retry Notion's 5xx and lost connections twice (reads only; default: GET and queries). */
  retryTransient?: boolean;
}

/** One Notion API call through the relay. Throws NotionError (or an AbortError for the caller's own abort). */
export async function notionCall<T>(token: string, path: string, options: NotionCallOptions = {}): Promise<T> {
  const { method = options.json === undefined ? 'GET' : 'POST', version = notionVersions.legacy, what = 'this database', signal } = options;
  const retryRateLimit = options.retryRateLimit ?? true;
  const retryTransient = options.retryTransient ?? (method === 'GET' || path.endsWith('/query'));
  if (!token.trim()) throw new NotionError(translate(catalogue, 'error.noToken', { what }), { status: 401, code: 'unauthorized' });
  let transientFailures = 0;
  for (let attempt = 0; ; attempt++) {
    await rateSlot(token, signal);
    try {
      return await http.json<T>(`/v1${path}`, {
        baseUrl: relayBase,
        method,
        json: options.json,
        query: options.query,
        signal,
        timeoutMs: 60_000,
        headers: { authorization: `Bearer ${token.trim()}`, 'notion-version': version },
      });
    } catch (error) {
      if (isAbort(error)) throw error;
      if (!(error instanceof HttpError)) throw error;
      const body = (typeof error.body === 'object' && error.body !== null ? error.body : undefined) as ErrorBody | undefined;
      const status = error.kind === 'http' ? error.status : 0;
      const seconds = Number(error.headers.get('retry-after'));
      const retryAfter = Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds, maxRetryAfterSeconds) : 1;
      if (status === 429) {
        holdToken(token, retryAfter * 1000);
        if (retryRateLimit && attempt < maxRateLimitRetries) {
          await delay(retryAfter * 1000, signal);
          continue;
        }
      }
      if ((status === 0 || status >= 500) && retryTransient && transientFailures < 2) {
        transientFailures++;
        await delay(500 * 2 ** transientFailures, signal);
        continue;
      }
      const detail = status === 0 ? { message: error.message } : body;
      throw new NotionError(explainFailure(status, detail, what), { status, code: body?.code, retryAfter: status === 429 ? retryAfter : undefined, cause: error });
    }
  }
}

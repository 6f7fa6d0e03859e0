import { ankiApiVersion, type RelayedAnkiAction } from '../../../common/anki';
import { HttpError, http } from '../http/http-client';

/** What went wrong, so the control can say what to fix (and the queue knows what to keep). */
export type AnkiFailure =
  /** AnkiConnect did not answer: Anki is closed. A note waits in the queue. */
  | 'down'
  /** This Kotonoha refused the action (never for what the app sends). */
  | 'refused'
  | 'api-key'
  | 'permission'
  | 'deck'
  | 'model'
  /** A field mapping names a field the note type does not have (the message is the field). */
  | 'field'
  /** The note type's first field would be empty (the message is the field). */
  | 'empty'
  | 'duplicate'
  | 'unsupported'
  | 'other';

export class AnkiError extends Error {
  readonly failure: AnkiFailure;
  constructor(failure: AnkiFailure, message: string) {
    super(message);
    this.name = 'AnkiError';
    this.failure = failure;
  }
}

/**
 * AnkiConnect's error strings (docs/protocols/ankiconnect.md "Actions Kotonoha uses") sorted into
 * what the learner has to fix.
 */
export function failureOf(message: string): AnkiFailure {
  if (message === 'valid api key must be provided') return 'api-key';
  if (message.startsWith('deck was not found')) return 'deck';
  if (message.startsWith('model was not found')) return 'model';
  if (message === 'cannot create note because it is empty') return 'empty';
  if (message === 'cannot create note because it is a duplicate') return 'duplicate';
  if (message === 'unsupported action') return 'unsupported';
  return 'other';
}

export interface AnkiCallOptions {
  apiKey?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** One AnkiConnect action through `/api/anki` (docs/api.md "Anki"), version 6, the key when one is set. */
export async function ankiCall<T>(action: RelayedAnkiAction, params: Record<string, unknown> | undefined, { apiKey, signal, timeoutMs = 20_000 }: AnkiCallOptions = {}): Promise<T> {
  const body: Record<string, unknown> = { action, version: ankiApiVersion };
  if (params) body.params = params;
  if (apiKey) body.key = apiKey;
  let answer: { result?: unknown; error?: unknown };
  try {
    answer = await http.json<{ result?: unknown; error?: unknown }>('/api/anki', { json: body, signal, timeoutMs });
  } catch (error) {
    if (error instanceof HttpError && (error.status === 502 || error.status === 504 || error.kind === 'network' || error.kind === 'timeout')) {
      throw new AnkiError('down', error.message);
    }
    if (error instanceof HttpError && error.status === 403) throw new AnkiError('refused', error.message);
    throw error;
  }
  if (answer.error !== null && answer.error !== undefined) {
    const message = String(answer.error);
    throw new AnkiError(failureOf(message), message);
  }
  return answer.result as T;
}

export interface ConnectionReport {
  version: number;
  permission: 'granted' | 'denied';
  requireApiKey: boolean;
}

/** "test connection": the version, whether this server may ask, and whether the key is right. */
export async function testConnection(apiKey: string, signal?: AbortSignal): Promise<ConnectionReport> {
  const permission = await ankiCall<{ permission: 'granted' | 'denied'; requireApikey?: boolean; requireApiKey?: boolean; version?: number }>('requestPermission', undefined, { signal });
  if (permission.permission !== 'granted') return { version: 0, permission: 'denied', requireApiKey: false };
  const requireApiKey = Boolean(permission.requireApikey ?? permission.requireApiKey);
  const version = await ankiCall<number>('version', undefined, { apiKey, signal });
  return { version, permission: 'granted', requireApiKey };
}

export type MultiAnswer = { ok: true; result: unknown } | { ok: false; error: AnkiError };

/** Several actions in one round trip (`multi`); each child answers in its own slot, failures included. */
export async function ankiMulti(
  actions: Array<{ action: Exclude<RelayedAnkiAction, 'multi'>; params?: Record<string, unknown> }>,
  options: AnkiCallOptions = {},
): Promise<MultiAnswer[]> {
  const children = actions.map(({ action, params }) => ({ action, version: ankiApiVersion, ...(params ? { params } : {}), ...(options.apiKey ? { key: options.apiKey } : {}) }));
  const answers = await ankiCall<Array<{ result?: unknown; error?: unknown }>>('multi', { actions: children }, options);
  return answers.map((answer) =>
    answer.error !== null && answer.error !== undefined ? { ok: false, error: new AnkiError(failureOf(String(answer.error)), String(answer.error)) } : { ok: true, result: answer.result },
  );
}

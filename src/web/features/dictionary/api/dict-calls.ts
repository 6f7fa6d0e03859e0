import { dictErrorSchema, dictLookupSchema, dictStatusSchema } from '../../../../common/dict';
import { dictImportAnswerSchema, dictImportsListSchema, dictionariesListSchema, type DictImport } from '../../../../common/dictionaries';
import { HttpError, http } from '../../../lib/http/http-client';
import { loadCatalogue, translate } from '../../../lib/i18n/i18n';
import { catalogue } from '../i18n';

/**
 * The dictionary API's calls, without the server data cache: Settings' import controls send files
 * through these before (or without) the list that needs TanStack Query (api/dict-api.ts).
 */

export const requestTimeoutMs = 10_000;

/**
 * The dictionary screen's words for a failed call; the server's own `{error}` when it sent one.
 * Its catalogue is the lookup's, which `worded` loads before it words a failure.
 */
function dictMessage(error: HttpError): string {
  switch (error.kind) {
    case 'timeout':
      return translate(catalogue, 'error.timeout');
    case 'network':
      return translate(catalogue, 'error.network');
    case 'bad-response':
      return typeof error.body === 'string' ? translate(catalogue, 'error.notJson', { status: error.status }) : translate(catalogue, 'error.badAnswer');
    case 'http': {
      const parsed = dictErrorSchema.safeParse(error.body);
      if (parsed.success) return parsed.data.error;
      return typeof error.body === 'object' && error.body !== null ? translate(catalogue, 'error.status', { status: error.status }) : translate(catalogue, 'error.notJson', { status: error.status });
    }
  }
}

/** Every failure of a dictionary call worded by `dictMessage` (its words load with the first failure outside the modal). */
export async function worded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    await loadCatalogue(catalogue).catch(() => undefined);
    throw new HttpError(error.kind, dictMessage(error), { ...error, cause: error });
  }
}

function getJson<T>(url: string, schema: { parse(value: unknown): T }, signal?: AbortSignal): Promise<T> {
  return worded(() => http.json(url, { schema, signal, timeoutMs: requestTimeoutMs }));
}

export const fetchDictStatus = (signal?: AbortSignal) => getJson('/api/dict/status', dictStatusSchema, signal);
export const fetchDictLookup = (query: string, signal?: AbortSignal) =>
  getJson(`/api/dict/lookup?q=${encodeURIComponent(query)}`, dictLookupSchema, signal);

export const dictionariesKey = ['dict', 'dictionaries'] as const;
export const importsKey = ['dict', 'imports'] as const;

export const fetchDictionaries = (signal?: AbortSignal) => getJson('/api/dict/dictionaries', dictionariesListSchema, signal);
export const fetchImports = (signal?: AbortSignal) => getJson('/api/dict/imports', dictImportsListSchema, signal);

export const isActiveImport = (item: DictImport) => item.state === 'queued' || item.state === 'running';

/**
 * Sends one `.zip` to be imported (`file` in a multipart body); the server queues it and answers
 * at once. `onProgress` follows the upload, which for a large dictionary takes a moment.
 */
export function uploadDictionary(file: File, onProgress?: (sent: number, total: number) => void): Promise<DictImport> {
  const body = new FormData();
  body.append('file', file, file.name);
  return worded(async () => (await http.json('/api/dict/dictionaries', { method: 'POST', body, schema: dictImportAnswerSchema, timeoutMs: 60_000, onUploadProgress: onProgress })).import);
}

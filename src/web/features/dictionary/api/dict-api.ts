import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dictErrorSchema, dictLookupSchema, dictStatusSchema, type DictLookup, type DictStatus } from '../../../../common/dict';
import { HttpError, http } from '../../../lib/http/http-client';
import { translate } from '../../../lib/i18n/i18n';
import { catalogue } from '../i18n';

const requestTimeoutMs = 10_000;

/**
 * The dictionary screen's words for a failed call; the server's own `{error}` when it sent one.
 * The modal's catalogue is loaded before its first call (its component suspends until it is).
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

async function getJson<T>(url: string, schema: { parse(value: unknown): T }, signal?: AbortSignal): Promise<T> {
  try {
    return await http.json(url, { schema, signal, timeoutMs: requestTimeoutMs });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    throw new HttpError(error.kind, dictMessage(error), { ...error, cause: error });
  }
}

export const fetchDictStatus = (signal?: AbortSignal) => getJson('/api/dict/status', dictStatusSchema, signal);
export const fetchDictLookup = (query: string, signal?: AbortSignal) =>
  getJson(`/api/dict/lookup?q=${encodeURIComponent(query)}`, dictLookupSchema, signal);

/** The server's dictionary state; polled every second while an import runs. */
export function useDictStatus() {
  return useQuery<DictStatus, HttpError>({
    queryKey: ['dict', 'status'],
    queryFn: ({ signal }) => fetchDictStatus(signal),
    refetchInterval: (query) => (query.state.data?.state === 'importing' ? 1000 : false),
    staleTime: 5_000,
  });
}

export function useDictLookup(query: string, enabled: boolean) {
  return useQuery<DictLookup, HttpError>({
    queryKey: ['dict', 'lookup', query],
    queryFn: ({ signal }) => fetchDictLookup(query, signal),
    enabled: enabled && query !== '',
    // A dictionary does not change while the modal is open.
    staleTime: Infinity,
    placeholderData: keepPreviousData,
    retry: (count, error) => error.status === 0 && count < 1,
  });
}

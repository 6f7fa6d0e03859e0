import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { dictErrorSchema, dictLookupSchema, dictStatusSchema, type DictLookup, type DictStatus } from '../../../../common/dict';
import { HttpError, http } from '../../../lib/http/http-client';

const requestTimeoutMs = 10_000;

/** The dictionary screen's words for a failed call; the server's own `{error}` when it sent one. */
function dictMessage(error: HttpError): string {
  switch (error.kind) {
    case 'timeout':
      return 'The dictionary server did not answer in time.';
    case 'network':
      return 'Cannot reach the dictionary server.';
    case 'bad-response':
      return typeof error.body === 'string' ? `The dictionary server answered ${error.status} without JSON.` : 'The dictionary server sent an answer this page does not understand.';
    case 'http': {
      const parsed = dictErrorSchema.safeParse(error.body);
      if (parsed.success) return parsed.data.error;
      return typeof error.body === 'object' && error.body !== null ? `The dictionary server answered ${error.status}.` : `The dictionary server answered ${error.status} without JSON.`;
    }
  }
}

async function getJson<T>(url: string, schema: z.ZodType<T>, signal?: AbortSignal): Promise<T> {
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

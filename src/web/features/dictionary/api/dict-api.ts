import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { dictErrorSchema, dictLookupSchema, dictStatusSchema, type DictLookup, type DictState, type DictStatus } from '../../../../common/dict';

const requestTimeoutMs = 10_000;

/** A failed dictionary request: the server's JSON error, or what went wrong on the way. */
export class DictApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The dictionary's state when the server answered 503. */
    readonly state?: DictState,
  ) {
    super(message);
    this.name = 'DictApiError';
  }
}

async function getJson<T>(url: string, schema: z.ZodType<T>, signal?: AbortSignal): Promise<T> {
  const timeout = AbortSignal.timeout(requestTimeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(url, { signal: combined, headers: { accept: 'application/json' } });
  } catch (error) {
    if (timeout.aborted) throw new DictApiError('The dictionary server did not answer in time.', 0);
    if (signal?.aborted) throw error;
    throw new DictApiError('Cannot reach the dictionary server.', 0);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new DictApiError(`The dictionary server answered ${response.status} without JSON.`, response.status);
  }
  if (!response.ok) {
    const parsed = dictErrorSchema.safeParse(body);
    throw new DictApiError(parsed.success ? parsed.data.error : `The dictionary server answered ${response.status}.`, response.status, parsed.success ? parsed.data.state : undefined);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new DictApiError('The dictionary server sent an answer this page does not understand.', response.status);
  return parsed.data;
}

export const fetchDictStatus = (signal?: AbortSignal) => getJson('/api/dict/status', dictStatusSchema, signal);
export const fetchDictLookup = (query: string, signal?: AbortSignal) =>
  getJson(`/api/dict/lookup?q=${encodeURIComponent(query)}`, dictLookupSchema, signal);

/** The server's dictionary state; polled every second while an import runs. */
export function useDictStatus() {
  return useQuery<DictStatus, DictApiError>({
    queryKey: ['dict', 'status'],
    queryFn: ({ signal }) => fetchDictStatus(signal),
    refetchInterval: (query) => (query.state.data?.state === 'importing' ? 1000 : false),
    staleTime: 5_000,
  });
}

export function useDictLookup(query: string, enabled: boolean) {
  return useQuery<DictLookup, DictApiError>({
    queryKey: ['dict', 'lookup', query],
    queryFn: ({ signal }) => fetchDictLookup(query, signal),
    enabled: enabled && query !== '',
    // A dictionary does not change while the modal is open.
    staleTime: Infinity,
    placeholderData: keepPreviousData,
    retry: (count, error) => error.status === 0 && count < 1,
  });
}

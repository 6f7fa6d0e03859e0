import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { DictLookup, DictStatus } from '../../../../common/dict';
import type { DictImport, DictionariesList, DictionaryInfo } from '../../../../common/dictionaries';
import { HttpError, http } from '../../../lib/http/http-client';
import { dictionariesKey, fetchDictionaries, fetchDictLookup, fetchDictStatus, fetchImports, importsKey, isActiveImport, requestTimeoutMs, worded } from './dict-calls';

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

// ---- The learner's dictionaries (Settings → Dictionaries): the server is their store, so every
// change is sent at once and the lists are read again from it.

/** The installed dictionaries, in result order, and the frequency dictionary that sorts results. */
export function useDictionaries() {
  return useQuery<DictionariesList, HttpError>({ queryKey: dictionariesKey, queryFn: ({ signal }) => fetchDictionaries(signal), staleTime: 30_000 });
}

/** The imports, newest first; read every second while one is queued or running. */
export function useDictImports() {
  return useQuery<DictImport[], HttpError>({
    queryKey: importsKey,
    queryFn: async ({ signal }) => (await fetchImports(signal)).imports,
    refetchInterval: (query) => (query.state.data?.some(isActiveImport) ? 1000 : false),
  });
}

/** After a change of the dictionaries, every answer that came from them is stale. */
export function dictionariesChanged(client: QueryClient): Promise<void> {
  return Promise.all([client.invalidateQueries({ queryKey: dictionariesKey }), client.invalidateQueries({ queryKey: ['dict', 'lookup'] }), client.invalidateQueries({ queryKey: ['dict', 'status'] })]).then(() => undefined);
}

/** A change to the list, shown at once and put right from the server's answer whatever happens. */
function useListChange<Variables>(send: (variables: Variables) => Promise<unknown>, apply: (list: DictionariesList, variables: Variables) => DictionariesList) {
  const client = useQueryClient();
  return useMutation<unknown, HttpError, Variables, { before?: DictionariesList }>({
    mutationFn: (variables) => worded(() => send(variables)),
    onMutate: async (variables) => {
      // Shown before anything is awaited, or a controlled checkbox shows its old state in between.
      // A list fetch in flight is cancelled after: setting the data also made it what that
      // cancellation restores, so the fetch's older answer neither lands nor undoes the change.
      const before = client.getQueryData<DictionariesList>(dictionariesKey);
      if (before) client.setQueryData(dictionariesKey, apply(before, variables));
      await client.cancelQueries({ queryKey: dictionariesKey });
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) client.setQueryData(dictionariesKey, context.before);
    },
    onSettled: () => dictionariesChanged(client),
  });
}

const withDictionary = (list: DictionariesList, id: string, change: (dictionary: DictionaryInfo) => DictionaryInfo | null): DictionariesList => ({
  ...list,
  dictionaries: list.dictionaries.flatMap((dictionary) => {
    if (dictionary.id !== id) return [dictionary];
    const changed = change(dictionary);
    return changed ? [changed] : [];
  }),
});

export function useSetEnabled() {
  return useListChange(
    ({ id, enabled }: { id: string; enabled: boolean }) => http.json(`/api/dict/dictionaries/${encodeURIComponent(id)}`, { method: 'PATCH', json: { enabled }, timeoutMs: requestTimeoutMs }),
    (list, { id, enabled }) => withDictionary(list, id, (dictionary) => ({ ...dictionary, enabled })),
  );
}

export function useSetOrder() {
  return useListChange(
    (ids: string[]) => http.request('/api/dict/order', { method: 'PUT', json: { ids }, timeoutMs: requestTimeoutMs }),
    (list, ids) => ({ ...list, dictionaries: ids.map((id) => list.dictionaries.find((dictionary) => dictionary.id === id)).filter((dictionary) => dictionary !== undefined) }),
  );
}

export function useSetFrequencyDictionary() {
  return useListChange(
    (id: string | null) => http.request('/api/dict/frequency', { method: 'PUT', json: { id }, timeoutMs: requestTimeoutMs }),
    (list, id) => ({ ...list, frequencyDictionary: id }),
  );
}

export function useDeleteDictionary() {
  return useListChange(
    (id: string) => http.request(`/api/dict/dictionaries/${encodeURIComponent(id)}`, { method: 'DELETE', timeoutMs: 60_000 }),
    (list, id) => ({ ...withDictionary(list, id, () => null), frequencyDictionary: list.frequencyDictionary === id ? null : list.frequencyDictionary }),
  );
}

export function useCancelImport() {
  const client = useQueryClient();
  return useMutation<unknown, HttpError, string>({
    mutationFn: (id) => worded(() => http.request(`/api/dict/imports/${encodeURIComponent(id)}`, { method: 'DELETE', timeoutMs: requestTimeoutMs })),
    onSettled: () => client.invalidateQueries({ queryKey: importsKey }),
  });
}

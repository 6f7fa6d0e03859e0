import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createdDocumentSchema,
  documentListSchema,
  documentSchema,
  importListSchema,
  sentencesSchema,
  type CreatedDocument,
  type DocumentPatch,
  type ImportStatus,
  type SearchItem,
  type SearchParams,
  type SearchResult,
} from '../../../../common/shonagon';
import { http } from '../../../lib/http/http-client';
import { apiBase, reportShonagonError, searchCorpus, shonagonTimeoutMs } from '../../../lib/shonagon-client';
import { useSettings } from '../../../lib/settings-store';
import { onDemandQueryClient } from '../../../lib/use-on-demand-query';

/**
 * Rows per page: a small first page paints sooner (the KWIC contexts and counts cost the server
 * per row); later pages, fetched as the table's end scrolls into view, are larger.
 */
export const firstPageSize = 50;
export const pageSize = 200;

/** Every corpus query and mutation tells its failure in the one toast, through the cache (lib/query-client). */
const meta = { reportError: reportShonagonError };

function useBase() {
  return apiBase(useSettings((s) => s.shonagon.apiBase));
}

export function useSearch(params: Omit<SearchParams, 'offset' | 'limit'> | null) {
  const base = useBase();
  return useInfiniteQuery({
    queryKey: ['shonagon', base, 'search', params],
    enabled: params !== null && params.q.length > 0,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => searchCorpus({ ...params!, offset: pageParam, limit: pageParam === 0 ? firstPageSize : pageSize }, signal),
    meta,
    getNextPageParam: (last: SearchResult) => (last.offset + last.items.length < last.total && last.items.length > 0 ? last.offset + last.items.length : undefined),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
  });
}

export function useDocuments() {
  const base = useBase();
  return useQuery({
    queryKey: ['shonagon', base, 'documents'],
    queryFn: async ({ signal }) => (await http.json(`${base}/documents`, { timeoutMs: shonagonTimeoutMs, signal, schema: documentListSchema })).documents,
    meta,
    retry: false,
  });
}

export function useSentences(docId: string | null, from: string, limit: number) {
  const base = useBase();
  return useQuery({
    queryKey: ['shonagon', base, 'sentences', docId, from, limit],
    enabled: docId !== null,
    queryFn: ({ signal }) => fetchSentences(base, docId!, from, limit, signal),
    meta,
    retry: false,
    staleTime: 60_000,
  });
}

async function fetchSentences(base: string, docId: string, from: string | number, limit: number, signal?: AbortSignal) {
  return (await http.json(`${base}/documents/${encodeURIComponent(docId)}/sentences`, { query: { from, limit }, timeoutMs: shonagonTimeoutMs, signal, schema: sentencesSchema })).sentences;
}

/** The whole sentence of a result (its KWIC context may be cut, or run into its neighbours). */
export async function fetchSentence(item: SearchItem): Promise<string> {
  const context = `${item.left}${item.key}${item.right}`;
  if (item.position == null) return context;
  const base = apiBase();
  const from = String(item.position);
  try {
    const client = await onDemandQueryClient();
    const sentences = await client.fetchQuery({
      queryKey: ['shonagon', base, 'sentences', item.docId, from, 1],
      queryFn: ({ signal }) => fetchSentences(base, item.docId, from, 1, signal),
      meta,
      retry: false,
      staleTime: 60_000,
    });
    return sentences.find((s) => s.sentenceId === item.sentenceId)?.text ?? context;
  } catch {
    return context;
  }
}

export function useDocumentMutations() {
  const base = useBase();
  const client = useQueryClient();
  const invalidate = () => client.invalidateQueries({ queryKey: ['shonagon', base] });
  const update = useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: DocumentPatch }) =>
      http.json(`${base}/documents/${encodeURIComponent(id)}`, { method: 'PATCH', json: patch, timeoutMs: shonagonTimeoutMs, schema: documentSchema }),
    meta,
    onSettled: invalidate,
  });
  const remove = useMutation({
    mutationFn: (id: string) => http.request(`${base}/documents/${encodeURIComponent(id)}`, { method: 'DELETE', timeoutMs: shonagonTimeoutMs }),
    meta,
    onSettled: invalidate,
  });
  return { update, remove, invalidate };
}

/** One file to POST /documents, reporting the share sent as it goes. */
/** `importId` names the import, so the server's list of imports can be matched with the uploads on screen. */
export function uploadDocument(base: string, file: File, onProgress: (fraction: number) => void, importId?: string): Promise<CreatedDocument> {
  const form = new FormData();
  form.append('file', file, file.name);
  if (importId) form.append('importId', importId);
  return http.json(`${base}/documents`, { method: 'POST', body: form, timeoutMs: shonagonTimeoutMs, onUploadProgress: (sent, total) => onProgress(total > 0 ? sent / total : 0), schema: createdDocumentSchema });
}

/**
 * The server's imports (recorded in the corpus, so they outlive a restart): polled every two
 * seconds while one is waiting or running, so an interrupted or resumed import shows up.
 */
export function useImports() {
  const base = useBase();
  return useQuery({
    queryKey: ['shonagon', base, 'imports'],
    queryFn: async ({ signal }) => (await http.json(`${base}/imports`, { timeoutMs: shonagonTimeoutMs, signal, schema: importListSchema })).imports,
    refetchInterval: (query) => ((query.state.data as ImportStatus[] | undefined)?.some((job) => job.state === 'queued' || job.state === 'running') ? 2000 : false),
    retry: false,
  });
}

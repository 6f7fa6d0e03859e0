import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { createdDocumentSchema, type CreatedDocument } from '../../../../common/shonagon';
import { xpanErrno, xpanListSchema, xpanPageSize, type XpanEntry, type XpanToShonagon } from '../../../../common/xpan';
import { http, HttpError } from '../../../lib/http/http-client';

/** A failed drive call: Baidu's errno worded by the one table (common/xpan.ts), or our server's answer. */
export class XpanError extends Error {
  constructor(
    message: string,
    /** The HTTP status it amounts to: 401 means a new token is needed. */
    readonly status: number,
    readonly errno?: number,
  ) {
    super(message);
    this.name = 'XpanError';
  }
}

export type XpanOrder = 'name' | 'size' | 'time';

const apiTimeoutMs = 30_000;
const base = '/api/xpan/rest/2.0/xpan';

async function callList(path: string, query: Record<string, string | number | undefined>, signal?: AbortSignal): Promise<XpanEntry[]> {
  const answer = await http.json(`${base}/${path}`, { query, signal, timeoutMs: apiTimeoutMs, schema: xpanListSchema });
  if (answer.errno !== 0) {
    const { status, message } = xpanErrno(answer.errno);
    throw new XpanError(message, status, answer.errno);
  }
  return answer.list ?? [];
}

export interface FolderPage {
  entries: XpanEntry[];
  start: number;
  /** Where the next page starts, or undefined after the last one. */
  next?: number;
}

export async function listFolder(
  params: { token: string; dir: string; order: XpanOrder; desc: boolean; start: number; limit?: number },
  signal?: AbortSignal,
): Promise<FolderPage> {
  const limit = params.limit ?? xpanPageSize;
  const entries = await callList(
    'file',
    { method: 'list', dir: params.dir, order: params.order, desc: params.desc ? 1 : 0, start: params.start, limit, web: 1, access_token: params.token },
    signal,
  );
  return { entries, start: params.start, next: entries.length < limit ? undefined : params.start + entries.length };
}

export async function searchXpan(params: { token: string; key: string; dir: string; recursive: boolean; category?: number }, signal?: AbortSignal): Promise<XpanEntry[]> {
  return callList(
    'file',
    { method: 'search', key: params.key, dir: params.dir, recursion: params.recursive ? 1 : 0, category: params.category, web: 1, access_token: params.token },
    signal,
  );
}

/** The file's bytes through our relay (Range-capable: <video>, <audio>, <img>, downloads). */
export function streamUrl(fsId: number, token: string): string {
  return `/api/xpan/stream?${new URLSearchParams({ fsid: String(fsId), access_token: token })}`;
}

/** A Baidu thumbnail through our relay (the page's CSP admits images from this origin and https only). */
export function thumbUrl(url: string): string {
  return `/api/xpan/thumb?${new URLSearchParams({ url })}`;
}

export interface TextHead {
  text: string;
  /** Bytes in the whole file, when the server said. */
  total?: number;
  truncated: boolean;
}

/** Japanese and Chinese text files come in several encodings; the first that decodes cleanly wins. */
const encodings = ['utf-8', 'shift_jis', 'gb18030', 'euc-jp'] as const;

export function decodeText(bytes: Uint8Array, truncated: boolean): string {
  for (const encoding of encodings) {
    try {
      // A cut-off multi-byte character at the end of a partial read is not an encoding error.
      return new TextDecoder(encoding, { fatal: true }).decode(truncated ? bytes.subarray(0, trimCut(bytes, encoding)) : bytes);
    } catch {
      // try the next encoding
    }
  }
  return new TextDecoder('utf-8').decode(bytes);
}

function trimCut(bytes: Uint8Array, encoding: string): number {
  if (encoding !== 'utf-8') return bytes.length;
  let end = bytes.length;
  // Step back over continuation bytes to the start of the last character, and drop it if incomplete.
  let i = end - 1;
  while (i >= 0 && end - i <= 4 && (bytes[i] & 0xc0) === 0x80) i -= 1;
  if (i >= 0) {
    const lead = bytes[i];
    const length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
    if (end - i < length) end = i;
  }
  return end;
}

/** The first `maxBytes` of a text file (Range through the stream relay), decoded. */
export async function readTextHead(fsId: number, token: string, maxBytes: number, signal?: AbortSignal): Promise<TextHead> {
  const response = await http.request(streamUrl(fsId, token), { headers: { range: `bytes=0-${maxBytes - 1}` }, signal, timeoutMs: apiTimeoutMs });
  const total = Number(/\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1] ?? response.headers.get('content-length') ?? NaN);
  let bytes = new Uint8Array(await response.arrayBuffer());
  // A server that ignored Range sent everything; keep only the head.
  if (bytes.length > maxBytes) bytes = bytes.subarray(0, maxBytes);
  const truncated = Number.isFinite(total) ? total > bytes.length : response.status === 206;
  return { text: decodeText(bytes, truncated), total: Number.isFinite(total) ? total : undefined, truncated };
}

/** The server fetches the file through its relay and imports it into the Shonagon library. */
export function sendToLibrary(fsId: number, token: string): Promise<CreatedDocument> {
  // Imports of a long book take a while: reading, splitting and indexing happen before the answer.
  const body: XpanToShonagon = { fsid: String(fsId), access_token: token };
  return http.json('/api/xpan/to-shonagon', { json: body, timeoutMs: 180_000, schema: createdDocumentSchema });
}

/** Our server's JSON error (401 without a token, 502 upstream, …) or Baidu's errno, for the screen. */
export function xpanErrorStatus(error: unknown): number {
  if (error instanceof XpanError) return error.status;
  if (error instanceof HttpError) return error.status;
  return 0;
}

export function useFolder(token: string, dir: string, order: XpanOrder, desc: boolean) {
  return useInfiniteQuery<FolderPage, Error>({
    queryKey: ['xpan', 'list', token, dir, order, desc],
    queryFn: ({ pageParam, signal }) => listFolder({ token, dir, order, desc, start: pageParam as number }, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next,
    enabled: token !== '',
    staleTime: 60_000,
    retry: false,
  });
}

export function useXpanSearch(token: string, key: string, dir: string, recursive: boolean, category: number | undefined) {
  return useQuery<XpanEntry[], Error>({
    queryKey: ['xpan', 'search', token, key, dir, recursive, category],
    queryFn: ({ signal }) => searchXpan({ token, key, dir, recursive, category }, signal),
    enabled: token !== '' && key !== '',
    staleTime: 60_000,
    retry: false,
  });
}

export function useTextHead(fsId: number, token: string, maxBytes: number) {
  return useQuery<TextHead, Error>({
    queryKey: ['xpan', 'text', fsId, token, maxBytes],
    queryFn: ({ signal }) => readTextHead(fsId, token, maxBytes, signal),
    staleTime: Infinity,
    retry: false,
  });
}

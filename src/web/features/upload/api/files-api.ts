import { useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { createdDocumentSchema } from '../../../../common/shonagon';
import { http } from '../../../lib/http/http-client';

export const fileEntrySchema = z.object({ name: z.string(), size: z.number(), mtime: z.string(), type: z.string() });
export type FileEntry = z.infer<typeof fileEntrySchema>;
const fileListSchema = z.object({ files: z.array(fileEntrySchema) });

export const uploadEndpoint = '/api/upload';
const filesQueryKey = ['upload', 'files'] as const;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function listFiles(token: string, signal?: AbortSignal): Promise<FileEntry[]> {
  const { files } = await http.json('/api/files', { headers: bearer(token), signal, schema: fileListSchema });
  return files;
}

export async function deleteFile(token: string, name: string): Promise<void> {
  await http.request(`/api/files/${encodeURIComponent(name)}`, { method: 'DELETE', headers: bearer(token) });
}

/** The server reads the upload and adds it to the Shonagon library; a large EPUB can take a while. */
export function sendToShonagon(token: string, name: string) {
  return http.json(`/api/files/${encodeURIComponent(name)}/to-shonagon`, { method: 'POST', headers: bearer(token), schema: createdDocumentSchema, timeoutMs: 180_000 });
}

/**
 * A plain link cannot send a header, so it carries the token (docs/api.md "Uploads and files"; the
 * referrer policy keeps it in).
 */
export function fileLink(token: string, name: string, absolute = false): string {
  const path = `/api/files/${encodeURIComponent(name)}?token=${encodeURIComponent(token)}`;
  return absolute ? new URL(path, window.location.origin).href : path;
}

/** How far an unfinished upload got on the server (tus HEAD), or null when it is gone. */
export async function uploadOffset(token: string, uploadUrl: string): Promise<number | null> {
  try {
    const response = await http.request(uploadUrl, { method: 'HEAD', headers: { ...bearer(token), 'tus-resumable': '1.0.0' }, timeoutMs: 10_000 });
    const offset = Number(response.headers.get('upload-offset'));
    return Number.isFinite(offset) ? offset : null;
  } catch {
    return null;
  }
}

export function useFiles(token: string) {
  return useQuery({
    queryKey: [...filesQueryKey, token],
    queryFn: ({ signal }) => listFiles(token, signal),
    enabled: token !== '',
    retry: false,
  });
}

export function useRefreshFiles() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: filesQueryKey });
}

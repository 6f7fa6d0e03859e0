import { translate } from '../../../lib/i18n/i18n';
import { catalogue } from '../i18n';

/** What the library accepts (CONTRACT: POST /documents). */
export const acceptedExtensions = ['.txt', '.md', '.html', '.htm', '.epub', '.srt', '.vtt', '.ass'] as const;

export function isAccepted(name: string): boolean {
  const lower = name.toLowerCase();
  return acceptedExtensions.some((ext) => lower.endsWith(ext));
}

export type UploadState =
  | { status: 'queued' }
  | { status: 'uploading'; fraction: number }
  | { status: 'done'; sentences: number }
  | { status: 'failed'; message: string };

export interface UploadItem {
  key: string;
  name: string;
  size: number;
  state: UploadState;
}

/** A file the server would refuse anyway gets its message (in the interface language) at once instead of a round trip. */
export function precheck(file: { name: string; size: number }): string | null {
  if (!isAccepted(file.name)) return translate(catalogue, 'upload.unsupported', { name: file.name, extensions: acceptedExtensions.join(' ') });
  if (file.size === 0) return translate(catalogue, 'upload.empty', { name: file.name });
  return null;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

import { isLibraryFile, libraryExtensions } from '../../../../common/shonagon';

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

/** A file the server would refuse anyway gets its message at once instead of a round trip. */
export function precheck(file: { name: string; size: number }): string | null {
  if (!isLibraryFile(file.name)) return `${file.name}: unsupported file type (use ${libraryExtensions.join(' ')})`;
  if (file.size === 0) return `${file.name}: the file is empty`;
  return null;
}

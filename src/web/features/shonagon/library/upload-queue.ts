import { isLibraryFile, libraryExtensions } from '../../../../common/shonagon';
import { translate } from '../../../lib/i18n/i18n';
import { catalogue } from '../i18n';

export type UploadState =
  | { status: 'queued' }
  | { status: 'uploading'; fraction: number }
  | { status: 'done'; sentences: number }
  | { status: 'failed'; message: string };

export interface UploadItem {
  key: string;
  /** The import's name on the server (`GET /imports`), so the server's list leaves this upload to the one on screen. */
  importId: string;
  name: string;
  size: number;
  state: UploadState;
}

/** A file the server would refuse anyway gets its message (in the interface language) at once instead of a round trip. */
export function precheck(file: { name: string; size: number }): string | null {
  if (!isLibraryFile(file.name)) return translate(catalogue, 'upload.unsupported', { name: file.name, extensions: libraryExtensions.join(' ') });
  if (file.size === 0) return translate(catalogue, 'upload.empty', { name: file.name });
  return null;
}

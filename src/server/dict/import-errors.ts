/**
 * The codes of a dictionary import's failures, in one place: an import that fails answers
 * `error` (English), `code` and `params` (docs/api.md "Dictionaries"). `text` and `count`
 * params are shown as they are, `bytes` as a size.
 */
export const dictImportErrors = {
  'dict-not-zip': { params: { issue: 'text' } },
  'dict-zip-method': { params: { file: 'text', method: 'count' } },
  'dict-zip-too-large': { params: { file: 'text', entryMax: 'bytes', totalMax: 'bytes' } },
  'dict-no-index': { params: {} },
  'dict-index-nested': { params: { file: 'text' } },
  'dict-bad-json': { params: { file: 'text', issue: 'text' } },
  'dict-bad-index': { params: { issue: 'text' } },
  'dict-unknown-format': { params: { format: 'text' } },
  'dict-bad-row': { params: { file: 'text', row: 'count', issue: 'text' } },
  'dict-bad-path': { params: { file: 'text', path: 'text' } },
  'dict-title-taken': { params: { title: 'text' } },
  'dict-empty': { params: {} },
  'dict-disk-full': { params: {} },
  'dict-upload-too-large': { params: { max: 'bytes' } },
  'dict-cancelled': { params: {} },
  'dict-interrupted': { params: {} },
  'dict-import-failed': { params: { issue: 'text' } },
} as const satisfies Record<string, { params: Record<string, 'text' | 'count' | 'bytes'> }>;

export type DictImportErrorCode = keyof typeof dictImportErrors;

export class DictionaryImportError extends Error {
  constructor(
    readonly code: DictImportErrorCode,
    readonly params: Record<string, string | number>,
    message: string,
  ) {
    super(message);
  }
}

/** Any failure as code, params and message (an unexpected one as `dict-import-failed`; ENOSPC as a full disk). */
export function describeImportFailure(error: unknown): { code: DictImportErrorCode; params: Record<string, string | number>; message: string } {
  if (error instanceof DictionaryImportError) return { code: error.code, params: error.params, message: error.message };
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOSPC' || code === 'SQLITE_FULL' || /database or disk is full/i.test(String((error as Error | undefined)?.message))) {
    return { code: 'dict-disk-full', params: {}, message: 'The disk is full: the dictionary was not imported.' };
  }
  const issue = error instanceof Error ? error.message : String(error);
  return { code: 'dict-import-failed', params: { issue }, message: `The import failed: ${issue}` };
}

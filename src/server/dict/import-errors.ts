import type { ServerErrorCode } from '../../common/server-errors';

/**
 * A dictionary import's failure codes: the `dict-*` codes of src/common/server-errors.ts
 * (docs/errors.md), answered as an import's `error` (English), `code` and `params`.
 */
export type DictImportErrorCode = Extract<ServerErrorCode, `dict-${string}`>;

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

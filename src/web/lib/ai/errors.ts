import { HttpError, httpMessages } from '../http/http-client';
import { libText } from '../messages';

/**
 * The error wording (docs/behaviour.md "Error wording") for AI calls: the HTTP client's wording
 * plus the AI layer's own, each read in the interface language when it is used (getters, not a
 * spread of the client's).
 */
export const aiMessages = {
  get rateLimited() {
    return httpMessages.rateLimited;
  },
  get aborted() {
    return httpMessages.aborted;
  },
  requestError: httpMessages.requestError,
  modelsFailed: (message: string) => libText('ai.modelsFailed', { message }),
  defaultModelMissing: (model: string) => libText('ai.defaultModelMissing', { model }),
  missingKey: (label: string) => libText('ai.missingKey', { label }),
};

/** The caller's abort is not an AiError: it is the AbortError every layer throws (http-client `isAbort`). */
export type AiErrorKind = 'missing-key' | 'http' | 'rate-limited' | 'network' | 'stream' | 'timeout' | 'bad-response';

export interface AiErrorOptions {
  status?: number;
  body?: unknown;
  partialText?: string;
  cause?: unknown;
}

export class AiError extends Error {
  readonly kind: AiErrorKind;
  readonly status?: number;
  readonly body?: unknown;
  /** Text that had arrived before a stream failed ('stream', 'timeout', 'network' mid-reply). */
  readonly partialText?: string;

  constructor(kind: AiErrorKind, message: string, options: AiErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AiError';
    this.kind = kind;
    this.status = options.status;
    this.body = options.body;
    this.partialText = options.partialText;
  }
}

export function isAiError(error: unknown): error is AiError {
  return error instanceof AiError;
}

/** The AI layer's reading of a failed call: a 429 is 'rate-limited'; the HttpError stays the cause. */
export function aiErrorOf(error: HttpError, timeoutMessage: string): AiError {
  const options = { status: error.status || undefined, body: error.body, cause: error };
  switch (error.kind) {
    case 'http':
      return new AiError(error.status === 429 ? 'rate-limited' : 'http', error.message, options);
    case 'timeout':
      return new AiError('timeout', timeoutMessage, options);
    case 'network':
      return new AiError('network', error.cause instanceof Error ? error.cause.message : error.message, options);
    case 'bad-response':
      return new AiError('bad-response', error.message, options);
  }
}

/** The spec's error catalogue (§8) for AI calls, in one place. */
export const aiMessages = {
  rateLimited: '请求过于频繁或已超过配额，请稍后再试',
  aborted: '请求已被取消',
  requestError: (message: string) => `request error: ${message}`,
  modelsFailed: (message: string) => `failed to fetch models: ${message}`,
  defaultModelMissing: (model: string) => `default model not found: ${model}`,
  missingKey: (label: string) => `please set the ${label} apikey first`,
} as const;

export type AiErrorKind = 'missing-key' | 'http' | 'rate-limited' | 'network' | 'stream' | 'aborted' | 'timeout';

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

/**
 * The human part of a provider's error body. Providers disagree on the envelope: OpenAI-style
 * `{error:{message}}`, SiliconFlow `{code,message}`, our proxy `{error:"…"}`, Gemini
 * `{error:{code,message,status}}`, Anthropic `{type:"error",error:{type,message}}`.
 */
export function providerMessage(body: unknown): string | undefined {
  let value = body;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (!trimmed) return undefined;
    try {
      value = JSON.parse(trimmed);
    } catch {
      // Plain-text bodies (some gateways answer 401 with text) are the message themselves.
      return trimmed.length <= 300 ? trimmed : undefined;
    }
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const error = record.error;
  if (typeof error === 'string' && error) return error;
  if (typeof error === 'object' && error !== null) {
    const message = (error as Record<string, unknown>).message;
    if (typeof message === 'string' && message) return message;
  }
  if (typeof record.message === 'string' && record.message) return record.message;
  return undefined;
}

/**
 * A non-ok status in words (spec §8: "reported as the status text"), followed by the provider's
 * own message when the body has one: "Unauthorized: invalid x-api-key".
 */
export function httpErrorMessage(status: number, statusText: string | undefined, body: unknown): string {
  const head = statusText || `HTTP ${status}`;
  const detail = providerMessage(body);
  return detail && detail !== head ? `${head}: ${detail}` : head;
}

/** Parses a body for `AiError.body`: JSON when it is JSON, else the text. */
export function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

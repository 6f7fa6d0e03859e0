import type { LanguageModel, ModelMessage } from 'ai';
import type { ProviderName } from '../../../common/ai-providers';
import { clientMissingKeyError, connectionFor, type Connection } from './connection';
import { bodyMessage, isAbort, parseBody, statusMessage } from '../http/http-client';
import { libText } from '../messages';
import { AiError } from './errors';
import { getProvider } from './registry';
import { transportFetch } from './transport';

export interface CompletionMessage {
  role: 'user' | 'assistant' | 'system' | 'model';
  content: string;
}

export interface CompletionRequest {
  model: string;
  system?: string;
  messages: CompletionMessage[];
  temperature?: number;
  /** Ask for a JSON reply (OpenAI-compatible `response_format`, Gemini `responseMimeType`). */
  json?: boolean;
  maxTokens?: number;
  signal?: AbortSignal;
  onDelta?: (delta: string, fullText: string) => void;
  /** Longest wait for the next piece of the reply (or its first byte); default 120 s. */
  timeoutMs?: number;
}

export interface CompletionResult {
  text: string;
  status: 'done' | 'aborted' | 'rate-limited';
}

/** docs/behaviour.md "AI calls": Anthropic `max_tokens` 1024. */
export const anthropicMaxTokens = 1024;
/** docs/behaviour.md "AI calls": direct calls use temperature 1. */
export const defaultTemperature = 1;
const defaultTimeoutMs = 120_000;

/** What the last HTTP exchange of one completion looked like, seen from inside our fetch. */
interface ExchangeRecord {
  status?: number;
  statusText?: string;
}

/**
 * The SDK sends `systemInstruction`; docs/behaviour.md "AI calls" names the Gemini body field
 * `system_instruction`. Both are the same proto3 field and the API accepts either, so the body
 * is renamed on its way out to keep the documented request shape.
 */
function geminiBody(body: RequestInit['body']): RequestInit['body'] {
  if (typeof body !== 'string' || !body.includes('"systemInstruction"')) return body;
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    if (!('systemInstruction' in parsed)) return body;
    const { systemInstruction, ...rest } = parsed;
    return JSON.stringify({ ...rest, system_instruction: systemInstruction });
  } catch {
    return body;
  }
}

function recordingFetch(connection: Connection, record: ExchangeRecord): typeof fetch {
  const send = transportFetch(connection);
  return async (input, init) => {
    const outgoing = connection.family === 'gemini' && init ? { ...init, body: geminiBody(init.body) } : init;
    const response = await send(input, outgoing);
    record.status = response.status;
    record.statusText = response.statusText;
    return response;
  };
}

/**
 * Each family's SDK package is loaded when first used: a chat with Gemini never downloads the
 * OpenAI and Anthropic packages (together ~80 KB gzip).
 */
async function languageModel(connection: Connection, model: string, fetchImpl: typeof fetch): Promise<LanguageModel> {
  const { baseURL, apiKey } = connection;
  switch (connection.family) {
    case 'anthropic': {
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      return createAnthropic({
        baseURL,
        apiKey,
        fetch: fetchImpl,
        // Required by Anthropic for calls made straight from a browser; the relay does not forward it.
        headers: connection.transport === 'direct' ? { 'anthropic-dangerous-direct-browser-access': 'true' } : undefined,
      })(model);
    }
    case 'gemini': {
      const { createGoogleGenerativeAI } = await import('@ai-sdk/google');
      return createGoogleGenerativeAI({ baseURL, apiKey, fetch: fetchImpl })(model);
    }
    case 'openai-compatible': {
      if (connection.provider === 'openai') {
        const { createOpenAI } = await import('@ai-sdk/openai');
        return createOpenAI({ baseURL, apiKey, fetch: fetchImpl }).chat(model);
      }
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      return createOpenAICompatible({ name: connection.provider ?? 'custom', baseURL, apiKey: apiKey || undefined, fetch: fetchImpl }).chatModel(model);
    }
  }
}

/**
 * Only role and content go upstream (docs/behaviour.md "Chat"). System messages become the `system`
 * field, which is where every family wants them (Anthropic `system`, Gemini `system_instruction`);
 * the `model` role is the assistant.
 */
function toModelMessages(request: CompletionRequest): { system?: string; messages: ModelMessage[] } {
  const systemParts = request.system?.trim() ? [request.system] : [];
  const messages: ModelMessage[] = [];
  for (const message of request.messages) {
    if (message.role === 'system') {
      if (message.content.trim()) systemParts.push(message.content);
    } else if (message.role === 'user') {
      messages.push({ role: 'user', content: message.content });
    } else {
      messages.push({ role: 'assistant', content: message.content });
    }
  }
  return { system: systemParts.length ? systemParts.join('\n\n') : undefined, messages };
}

/** The innermost message of an error chain: "other side closed" says more than "terminated". */
function rootMessage(error: unknown): string {
  let current: unknown = error;
  let message = '';
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if (current.message) message = current.message;
    current = current.cause;
  }
  return message;
}

/** In-stream error payloads arrive as plain objects (Anthropic `event: error`, OpenRouter `{error}`). */
function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return bodyMessage(error) ?? (typeof error === 'string' ? error : JSON.stringify(error));
}

/**
 * The AI SDK (with its own zod and gateway, ~75 KB gzip) loads with the first completion rather
 * than with the screens that offer one (decision 0014).
 */
const loadSdk = () => import('ai');
type ApiCallErrorClass = Awaited<ReturnType<typeof loadSdk>>['APICallError'];

/** Maps whatever the SDK or the network threw to the app's typed error. */
function toAiError(error: unknown, record: ExchangeRecord, partialText: string, APICallError: ApiCallErrorClass): AiError {
  if (error instanceof AiError) return error;
  const partial = partialText || undefined;
  if (APICallError.isInstance(error) && error.statusCode !== undefined && error.statusCode >= 400) {
    const body = error.responseBody === undefined ? undefined : parseBody(error.responseBody);
    const statusText = record.status === error.statusCode ? record.statusText : undefined;
    const message = statusMessage(error.statusCode, statusText, body);
    return new AiError('http', message, { status: error.statusCode, body, cause: error, partialText: partial });
  }
  if (APICallError.isInstance(error) && error.statusCode === undefined) {
    // No status: the request never got an answer (connection refused, DNS, reset before headers).
    return new AiError('network', rootMessage(error), { cause: error, partialText: partial });
  }
  if (record.status !== undefined && record.status < 400) {
    // Headers arrived fine and the body then failed: the stream was cut or carried an error event.
    const message = APICallError.isInstance(error) ? libText('ai.streamInterruptedBy', { message: rootMessage(error) }) : describe(error);
    return new AiError('stream', message || libText('ai.streamInterrupted'), { cause: error, partialText });
  }
  if (error instanceof TypeError) return new AiError('network', rootMessage(error), { cause: error, partialText: partial });
  return new AiError('stream', describe(error), { cause: error, partialText });
}

function isRateLimited(error: unknown, record: ExchangeRecord, APICallError: ApiCallErrorClass): boolean {
  return (APICallError.isInstance(error) && error.statusCode === 429) || (record.status === 429 && !(error instanceof AiError));
}

/**
 * One streamed completion through the AI SDK. Resolves with the whole text; `onDelta` sees every
 * piece. Abort resolves `aborted` with what had arrived, HTTP 429 resolves `rate-limited` with no
 * text (docs/behaviour.md "Error wording"); anything else throws an AiError ('stream' and 'timeout'
 * keep `partialText`).
 */
export async function streamCompletion(connection: Connection, request: CompletionRequest): Promise<CompletionResult> {
  const record: ExchangeRecord = {};
  const controller = new AbortController();
  const timeoutMs = request.timeoutMs ?? defaultTimeoutMs;
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const armTimer = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new DOMException('timed out', 'TimeoutError'));
    }, timeoutMs);
  };
  const onCallerAbort = () => controller.abort(request.signal?.reason);
  if (request.signal?.aborted) return { text: '', status: 'aborted' };
  // Never send a request without a key (the custom provider may run without one).
  if (!connection.apiKey.trim() && connection.provider && connection.provider !== 'custom') throw clientMissingKeyError(connection.provider);
  let sdk: Awaited<ReturnType<typeof loadSdk>>;
  try {
    sdk = await loadSdk();
  } catch (error) {
    throw new AiError('network', libText('ai.clientNotLoaded', { message: describe(error) }), { cause: error });
  }
  const { APICallError, Output, streamText } = sdk;
  if (request.signal?.aborted) return { text: '', status: 'aborted' };
  request.signal?.addEventListener('abort', onCallerAbort, { once: true });

  const family = connection.family;
  const { system, messages } = toModelMessages(request);
  let text = '';
  let failure: unknown;
  armTimer();
  try {
    const result = streamText({
      model: await languageModel(connection, request.model, recordingFetch(connection, record)),
      system,
      messages,
      temperature: family === 'anthropic' ? Math.min(request.temperature ?? defaultTemperature, 1) : (request.temperature ?? defaultTemperature),
      maxOutputTokens: request.maxTokens ?? (family === 'anthropic' ? anthropicMaxTokens : undefined),
      output: request.json && family !== 'anthropic' ? Output.json() : undefined,
      // Retrying would turn a 429 into a long silent wait; the caller decides what to do.
      maxRetries: 0,
      abortSignal: controller.signal,
      // Failures are read from the stream below and reported once, as an AiError.
      onError: () => {},
    });
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') {
        armTimer();
        if (!part.text) continue;
        text += part.text;
        request.onDelta?.(part.text, text);
      } else if (part.type === 'reasoning-delta' || part.type === 'start-step') {
        // Reasoning (DeepSeek `reasoning_content`) is not reply text, but it shows the model is alive.
        armTimer();
      } else if (part.type === 'error') {
        failure = part.error;
        break;
      }
    }
  } catch (error) {
    failure = error;
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onCallerAbort);
  }

  if (timedOut) {
    throw new AiError('timeout', libText('error.timeout', { seconds: Math.round(timeoutMs / 1000) }), { partialText: text });
  }
  if (request.signal?.aborted || (failure !== undefined && isAbort(failure) && controller.signal.aborted)) {
    return { text, status: 'aborted' };
  }
  if (failure === undefined && controller.signal.aborted) return { text, status: 'aborted' };
  if (failure !== undefined) {
    if (isRateLimited(failure, record, APICallError)) return { text: '', status: 'rate-limited' };
    throw toAiError(failure, record, text, APICallError);
  }
  return { text, status: 'done' };
}

/**
 * The messages a provider is sent: the last `contextLimit` of the conversation
 * (docs/behaviour.md "AI calls"), not starting with a reply (Anthropic and Gemini require the user
 * to speak first).
 */
export function trimToContext(messages: CompletionMessage[], contextLimit: number): CompletionMessage[] {
  const system = messages.filter((message) => message.role === 'system');
  const dialogue = messages.filter((message) => message.role !== 'system');
  let kept = dialogue.slice(Math.max(0, dialogue.length - contextLimit));
  while (kept.length > 1 && kept[0].role !== 'user') kept = kept.slice(1);
  return [...system, ...kept].map(({ role, content }) => ({ role, content }));
}

/** Chat with a configured provider: its saved key and base URL, history trimmed to its context limit. */
export async function streamChat(provider: ProviderName, request: CompletionRequest): Promise<CompletionResult> {
  const connection = connectionFor(provider);
  const messages = trimToContext(request.messages, getProvider(provider).contextLimit);
  return streamCompletion(connection, { ...request, messages });
}

import { transportFor, type ProviderName } from '../../../../common/ai-providers';
import { translatorTemperatures, type TranslatorEntryValue } from '../../../../common/config-templates';
import { streamCompletion, type CompletionRequest } from '../../../lib/ai/complete';
import { clientMissingKeyError, type Connection } from '../../../lib/ai/connection';
import { AiError, aiMessages, isAiError } from '../../../lib/ai/errors';
import { getProvider } from '../../../lib/ai/registry';
import { abortError, isAbort } from '../../../lib/http/http-client';
import { languageLabel, promptLanguageName, type SourceLanguage, type TargetLanguage } from '../languages';
import type { EngineOutput } from './engine';
import { fillPrompt, jsonTranslatorPrompt, parseJsonReply, partialJsonTranslation, supportsJsonMode, translatorPrompt } from './prompts';

export type LlmService = 'OpenAI' | 'SiliconFlow' | 'OpenRouter' | 'Gemini';

const providerOf: Record<LlmService, ProviderName> = {
  OpenAI: 'openai',
  SiliconFlow: 'siliconflow',
  OpenRouter: 'openrouter',
  Gemini: 'gemini',
};



/** The models of a config: `m1;m2;m3` is tried in order (docs/behaviour.md "Translate"). */
export function modelList(model: string): string[] {
  return model
    .split(/[;；]/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** The connection of a translator entry: its own key and base URL, the official one when empty. */
export function llmConnection(service: LlmService, value: TranslatorEntryValue, edgeProxyGemini: boolean): Connection {
  const provider = providerOf[service];
  const { baseURL, transport } = transportFor(provider, value.baseURL, edgeProxyGemini);
  return { family: getProvider(provider).family, baseURL, apiKey: value.apiKey.trim(), provider, transport };
}

export interface LlmTranslateOptions {
  service: LlmService;
  value: TranslatorEntryValue;
  edgeProxyGemini: boolean;
  text: string;
  from: SourceLanguage;
  to: TargetLanguage;
  signal: AbortSignal;
  onText?: (text: string) => void;
  /** Per-model wait for the next piece of the reply. */
  timeoutMs?: number;
  /** Tests point the connection elsewhere. */
  connection?: Connection;
}

function request(model: string, options: LlmTranslateOptions): { request: CompletionRequest; json: boolean } {
  const target = promptLanguageName(options.to);
  const json = supportsJsonMode(model);
  const source = options.from === 'auto' ? '' : `The text is in ${languageLabel(options.from)}.\n`;
  const temperature = options.value.temperature ?? translatorTemperatures[options.service];
  const base = { model, temperature, signal: options.signal, timeoutMs: options.timeoutMs ?? 60_000 };
  if (!json) {
    // gemma takes neither JSON mode nor a system instruction: the prompt travels with the text.
    const prompt = `${fillPrompt(translatorPrompt, target)}\n${source}\n${options.text}`;
    return { request: { ...base, messages: [{ role: 'user', content: prompt }] }, json };
  }
  return {
    request: { ...base, json: true, system: `${fillPrompt(jsonTranslatorPrompt, target)}\n${source}`.trim(), messages: [{ role: 'user', content: options.text }] },
    json,
  };
}

/**
 * docs/behaviour.md "Translate" (fallback): an OpenAI-compatible service tries the next model only
 * on HTTP 429 or 5xx and stops on any other error; Gemini tries the next model on any error.
 */
function tryNextModel(service: LlmService, error: unknown): boolean {
  if (service === 'Gemini') return true;
  return isAiError(error) && (error.kind === 'rate-limited' || (error.kind === 'http' && (error.status ?? 0) >= 500));
}

export async function llmTranslate(options: LlmTranslateOptions): Promise<EngineOutput> {
  const provider = providerOf[options.service];
  if (!options.value.apiKey.trim()) throw clientMissingKeyError(provider);
  const models = modelList(options.value.model);
  if (models.length === 0) throw new Error('no model configured');
  const connection = options.connection ?? llmConnection(options.service, options.value, options.edgeProxyGemini);
  let lastError: unknown;
  for (const [index, model] of models.entries()) {
    const { request: completion, json } = request(model, options);
    const onDelta = options.onText
      ? (_delta: string, full: string) => {
          const shown = json ? partialJsonTranslation(full) : full;
          if (shown !== undefined) options.onText?.(shown);
        }
      : undefined;
    try {
      const result = await streamCompletion(connection, { ...completion, onDelta });
      if (result.status === 'aborted') throw abortError(aiMessages.aborted);
      if (result.status === 'rate-limited') throw new AiError('rate-limited', aiMessages.rateLimited, { status: 429 });
      return { text: json ? parseJsonReply(result.text) : result.text.trim(), model };
    } catch (error) {
      if (isAbort(error) || options.signal.aborted) throw abortError(aiMessages.aborted);
      lastError = error;
      if (index === models.length - 1 || !tryNextModel(options.service, error)) throw error;
      options.onText?.('');
    }
  }
  throw lastError;
}

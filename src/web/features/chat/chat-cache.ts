import * as z from 'zod/mini';
import { providerNameSchema, type ProviderName } from '../../../common/ai-providers';
import { readJson, storageKeys, writeJson } from '../../lib/storage';
import { defaultSystemPrompt } from './prompt-presets';

/** The chat cache (docs/storage.md "The chat cache"). */
export interface ChatCache {
  prompt: string;
  temperature: number;
  selectedProvider: ProviderName;
  selectedModel: string;
  /**
   * The model id was typed, not picked from the provider's list (a Doubao endpoint `ep-…`, a
   * paid OpenRouter model, a model newer than a fixed list): it is kept on reload even though
   * the list does not offer it. Absent means false.
   */
  modelTyped?: boolean;
}

/** docs/behaviour.md "Chat": the first provider is gemini with gemini-2.0-flash as the initial model; temperature 1. */
export function defaultChatCache(): ChatCache {
  return { prompt: defaultSystemPrompt, temperature: 1, selectedProvider: 'gemini', selectedModel: 'gemini-2.0-flash' };
}

const fields = {
  prompt: z.string(),
  temperature: z.number().check(z.minimum(0), z.maximum(2)),
  selectedProvider: providerNameSchema,
  selectedModel: z.string(),
} as const;

/** Each field that parses is kept; a broken field falls back to its default alone. */
export function parseChatCache(raw: unknown): ChatCache {
  const result = defaultChatCache();
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return result;
  const record = raw as Record<string, unknown>;
  const prompt = fields.prompt.safeParse(record.prompt);
  if (prompt.success) result.prompt = prompt.data;
  const temperature = fields.temperature.safeParse(record.temperature);
  if (temperature.success) result.temperature = temperature.data;
  const provider = fields.selectedProvider.safeParse(record.selectedProvider);
  if (provider.success) {
    result.selectedProvider = provider.data;
    // A model only makes sense together with the provider it was chosen for.
    const model = fields.selectedModel.safeParse(record.selectedModel);
    result.selectedModel = model.success ? model.data : '';
    if (model.success && record.modelTyped === true) result.modelTyped = true;
  }
  return result;
}

export function readChatCache(): ChatCache {
  return parseChatCache(readJson<unknown>(storageKeys.chat, null));
}

export function writeChatCache(cache: ChatCache): void {
  try {
    writeJson(storageKeys.chat, {
      prompt: cache.prompt,
      temperature: cache.temperature,
      selectedProvider: cache.selectedProvider,
      selectedModel: cache.selectedModel,
      ...(cache.modelTyped ? { modelTyped: true } : {}),
    });
  } catch {
    // Storage full or disabled: the chat keeps working, it just forgets on reload.
  }
}

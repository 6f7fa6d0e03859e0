import * as z from 'zod/mini';

/** The eight providers of the spec, in the order the settings screen lists them. */
export const builtInProviderNames = [
  'openai',
  'anthropic',
  'gemini',
  'deepseek',
  'openrouter',
  'siliconflow',
  'doubao',
  'chatglm',
] as const;

/** Plus `custom`: any OpenAI-compatible server (Ollama, LM Studio, vLLM, a gateway). */
export const providerNames = [...builtInProviderNames, 'custom'] as const;

export const providerNameSchema = z.enum(providerNames);
export type ProviderName = z.infer<typeof providerNameSchema>;
export type BuiltInProviderName = (typeof builtInProviderNames)[number];

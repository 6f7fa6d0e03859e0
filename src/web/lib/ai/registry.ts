import { providerEndpoints, type ProviderName } from '../../../common/ai-providers';
import { libText } from '../messages';

/** The three wire protocols the AI SDK speaks for us (docs/behaviour.md "AI calls"). */
export type ProtocolFamily = 'openai-compatible' | 'anthropic' | 'gemini';

export type ModelListRule =
  /** GET {base}/models, keep ids (OpenAI, custom). */
  | 'openai-list'
  /** GET {base}/models, keep names containing "gemini" (docs/behaviour.md "AI calls"). */
  | 'gemini-list'
  /** GET {base}/models, keep names containing "free", sorted by name (docs/behaviour.md "AI calls"). */
  | 'router-free'
  /**
   * GET {base}/models?type=text&sub_type=chat, preconfigured models first, then by id
   * (docs/behaviour.md "AI calls").
   */
  | 'siliconflow-list'
  /** No request: the provider's fixed list (docs/behaviour.md "AI calls"). */
  | 'fixed';

export interface ProviderInfo {
  name: ProviderName;
  label: string;
  family: ProtocolFamily;
  /**
   * Where the provider's API lives (common/ai-providers); a setting `aichat.<name>_base_url`
   * overrides it (docs/storage.md "Settings additions").
   */
  officialBaseURL: string;
  /** The model chat selects after loading the list (docs/behaviour.md "Chat"); null = the first model. */
  defaultModel: string | null;
  /** Messages of history sent with a question (docs/behaviour.md "AI calls"). */
  contextLimit: number;
  /**
   * Whether the official API is called through the server's relay (docs/behaviour.md "AI calls");
   * Gemini only while `proxy.edgeProxyGemini`.
   */
  viaProxy: boolean;
  /** The provider's fixed model list, when it has one (docs/behaviour.md "Chat"). */
  fixedModels?: string[];
  /** The models a screen may offer before the list has loaded (docs/behaviour.md "Chat"). */
  defaultModels: string[];
  modelListRule: ModelListRule;
  /** What the client throws for an empty key (docs/behaviour.md "AI calls"); without one, the chat alert's words. */
  missingKeyMessage?: string;
}

/**
 * Context limits (docs/behaviour.md "AI calls"): 20 messages for the Gemini-style builder and 100
 * for DeepSeek are fixed. For the others nothing is; 50 messages (25 exchanges) keeps a long
 * conversation's thread while staying far below every provider's context window for chat-sized
 * messages. See docs/decisions/0002-ai-providers-and-relay.md.
 */
const defaultContextLimit = 50;

/** SiliconFlow's preconfigured models (docs/behaviour.md "AI calls": 18 models), offered first in its list. */
export const siliconflowPreconfiguredModels = [
  'Qwen/Qwen2.5-7B-Instruct',
  'Qwen/Qwen2.5-Coder-7B-Instruct',
  'Qwen/Qwen2-7B-Instruct',
  'Qwen/Qwen2-1.5B-Instruct',
  '01-ai/Yi-1.5-9B-Chat-16K',
  '01-ai/Yi-1.5-6B-Chat',
  'THUDM/glm-4-9b-chat',
  'THUDM/chatglm3-6b',
  'deepseek-ai/DeepSeek-R1-Distill-Qwen-7B',
  'deepseek-ai/DeepSeek-R1-Distill-Qwen-1.5B',
  'deepseek-ai/DeepSeek-R1-Distill-Llama-8B',
  'stabilityai/stable-diffusion-3-5-large',
  'stabilityai/stable-diffusion-xl-base-1.0',
  'black-forest-labs/FLUX.1-schnell',
  'internlm/internlm2_5-7b-chat',
  'meta-llama/Meta-Llama-3.1-8B-Instruct',
  'netease-youdao/bce-embedding-base_v1',
  'netease-youdao/bce-reranker-base_v1',
] as const;

const anthropicModels = [
  'claude-3-5-sonnet-latest',
  'claude-3-7-sonnet-latest',
  'claude-sonnet-4-5',
  'claude-sonnet-4-0',
  'claude-opus-4-1',
  'claude-opus-4-0',
  'claude-haiku-4-5',
  'claude-3-5-haiku-latest',
  'claude-3-opus-latest',
  'claude-3-haiku-20240307',
];

export const providers: Record<ProviderName, ProviderInfo> = {
  openai: {
    ...providerEndpoints.openai,
    name: 'openai',
    label: 'OpenAI',
    family: 'openai-compatible',
    defaultModel: 'gpt-3.5-turbo',
    defaultModels: ['gpt-3.5-turbo'],
    contextLimit: defaultContextLimit,
    modelListRule: 'openai-list',
  },
  anthropic: {
    ...providerEndpoints.anthropic,
    missingKeyMessage: 'Anthropic API key not set',
    name: 'anthropic',
    label: 'Anthropic',
    family: 'anthropic',
    defaultModel: 'claude-3-5-sonnet-latest',
    defaultModels: ['claude-3-5-sonnet-latest'],
    fixedModels: anthropicModels,
    contextLimit: defaultContextLimit,
    modelListRule: 'fixed',
  },
  gemini: {
    ...providerEndpoints.gemini,
    missingKeyMessage: 'GoogleAI API key is empty',
    name: 'gemini',
    label: 'Gemini',
    family: 'gemini',
    defaultModel: 'gemini-2.0-flash',
    defaultModels: ['gemini-2.0-flash', 'gemini-2.0-flash-exp'],
    contextLimit: 20,
    modelListRule: 'gemini-list',
  },
  deepseek: {
    ...providerEndpoints.deepseek,
    missingKeyMessage: 'DeepSeek API key is empty',
    name: 'deepseek',
    label: 'DeepSeek',
    family: 'openai-compatible',
    defaultModel: 'deepseek-chat',
    defaultModels: ['deepseek-chat'],
    fixedModels: ['deepseek-chat', 'deepseek-reasoner', 'deepseek-coder'],
    contextLimit: 100,
    modelListRule: 'fixed',
  },
  openrouter: {
    ...providerEndpoints.openrouter,
    name: 'openrouter',
    label: 'OpenRouter',
    family: 'openai-compatible',
    defaultModel: 'deepseek/deepseek-chat:free',
    defaultModels: ['deepseek/deepseek-chat:free'],
    contextLimit: defaultContextLimit,
    modelListRule: 'router-free',
  },
  siliconflow: {
    ...providerEndpoints.siliconflow,
    name: 'siliconflow',
    label: 'SiliconFlow',
    family: 'openai-compatible',
    defaultModel: 'THUDM/glm-4-9b-chat',
    defaultModels: ['THUDM/glm-4-9b-chat'],
    contextLimit: defaultContextLimit,
    modelListRule: 'siliconflow-list',
  },
  doubao: {
    ...providerEndpoints.doubao,
    name: 'doubao',
    label: 'Doubao',
    family: 'openai-compatible',
    // Ark addresses a model by the caller's own endpoint id; only this placeholder is listed.
    defaultModel: '{hash}',
    defaultModels: ['{hash}'],
    fixedModels: ['{hash}'],
    contextLimit: defaultContextLimit,
    modelListRule: 'fixed',
  },
  chatglm: {
    ...providerEndpoints.chatglm,
    name: 'chatglm',
    label: 'ChatGLM',
    family: 'openai-compatible',
    defaultModel: 'GLM-4-Flash',
    defaultModels: ['GLM-4-Flash', 'GLM-4V-Flash', 'CogView-3-Flash', 'CogVideoX-Flash'],
    fixedModels: ['GLM-4-Flash', 'GLM-4V-Flash', 'CogView-3-Flash', 'CogVideoX-Flash'],
    contextLimit: defaultContextLimit,
    modelListRule: 'fixed',
  },
  custom: {
    ...providerEndpoints.custom,
    name: 'custom',
    /** Not a brand: a word, in the interface language when read. */
    get label() {
      return libText('ai.provider.custom');
    },
    family: 'openai-compatible',
    // Ollama's OpenAI-compatible endpoint: the most common local server people point this at.
    defaultModel: null,
    defaultModels: [],
    contextLimit: defaultContextLimit,
    modelListRule: 'openai-list',
  },
};

export function getProvider(name: ProviderName): ProviderInfo {
  const provider = providers[name];
  if (!provider) throw new Error(`unknown AI provider: ${String(name)}`);
  return provider;
}

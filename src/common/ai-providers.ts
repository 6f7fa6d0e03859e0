import * as z from 'zod/mini';

/** The eight built-in providers, in the order the settings screen lists them. */
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

/**
 * Where each provider's official API lives and whether the server relay carries it
 * (docs/behaviour.md "AI calls"). The one table both sides read: the web's provider registry and
 * the server's proxy allow-list (`builtInProxyOrigins`) are derived from it, so they cannot
 * disagree.
 */
export const providerEndpoints = {
  openai: { officialBaseURL: 'https://api.openai.com/v1', viaProxy: true },
  anthropic: { officialBaseURL: 'https://api.anthropic.com/v1', viaProxy: true },
  gemini: { officialBaseURL: 'https://generativelanguage.googleapis.com/v1beta', viaProxy: true },
  deepseek: { officialBaseURL: 'https://api.deepseek.com', viaProxy: false },
  openrouter: { officialBaseURL: 'https://openrouter.ai/api/v1', viaProxy: false },
  siliconflow: { officialBaseURL: 'https://api.siliconflow.cn/v1', viaProxy: false },
  doubao: { officialBaseURL: 'https://ark.cn-beijing.volces.com/api/v3', viaProxy: true },
  chatglm: { officialBaseURL: 'https://open.bigmodel.cn/api/paas/v4', viaProxy: false },
  custom: { officialBaseURL: 'http://127.0.0.1:11434/v1', viaProxy: false },
} as const satisfies Record<ProviderName, { officialBaseURL: string; viaProxy: boolean }>;

/** The provider origins the relay reaches without configuration (docs/api.md "AI provider relay"). */
export const builtInProxyOrigins: readonly string[] = [
  ...new Set(Object.values(providerEndpoints).flatMap((endpoint) => (endpoint.viaProxy ? [new URL(endpoint.officialBaseURL).origin] : []))),
];

/** Where the relay is mounted, and the header naming the upstream origin (docs/api.md "AI provider relay"). */
export const proxyMountPath = '/api/proxy';
export const proxyTargetHeader = 'x-proxy-target';

/**
 * How a request leaves the browser:
 * - 'proxy': through the server relay `/api/proxy` (the official API of a proxied provider);
 * - 'direct': straight from the browser;
 * - 'auto' (or absent): through the relay when the server allows the base URL's origin
 *   (GET /api/proxy/config), else direct.
 */
export type Transport = 'proxy' | 'direct' | 'auto';

/** A base URL without its trailing slashes, so `{base}/models` never doubles them. */
export function normalizeBaseURL(value: string): string {
  return value.trim().replace(/\/+$/, '');
}

/**
 * The proxy-or-direct rule (docs/behaviour.md "AI calls"), for chat and translator alike: a proxied
 * provider's official API goes through the relay (Gemini only while `edgeProxyGemini` is on); any
 * other base URL is 'auto'. `baseURL` is the configured one, empty for the official API.
 */
export function transportFor(provider: ProviderName, baseURL: string, edgeProxyGemini: boolean): { baseURL: string; transport: Transport } {
  const official = normalizeBaseURL(providerEndpoints[provider].officialBaseURL);
  const chosen = normalizeBaseURL(baseURL) || official;
  if (chosen !== official || !providerEndpoints[provider].viaProxy) return { baseURL: chosen, transport: 'auto' };
  return { baseURL: chosen, transport: provider === 'gemini' && !edgeProxyGemini ? 'direct' : 'proxy' };
}

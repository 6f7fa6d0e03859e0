import { transportFor, type ProviderName, type Transport } from '../../../common/ai-providers';
import type { Settings } from '../../../common/settings';
import { getSettings } from '../settings-store';
import { libText } from '../messages';
import { AiError, aiMessages } from './errors';
import { getProvider, type ProtocolFamily } from './registry';

export interface Connection {
  family: ProtocolFamily;
  baseURL: string;
  apiKey: string;
  provider?: ProviderName;
  transport?: Transport;
}

function settingFor(settings: Settings, provider: ProviderName, field: 'key' | 'base_url'): string {
  const aichat = settings.aichat as Record<string, unknown>;
  const value = aichat[`${provider}_${field}`];
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The key, base URL and transport for a provider from the saved settings
 * (docs/storage.md "Settings additions": `aichat.<p>_key`, `aichat.<p>_base_url`, empty =
 * official). Throws AiError 'missing-key' with the chat's alert text when the key is empty
 * (docs/behaviour.md "Chat"); the custom provider may run without a key.
 */
export function connectionFor(provider: ProviderName, settings: Settings = getSettings(), { keyOptional = false } = {}): Connection {
  const info = getProvider(provider);
  const apiKey = settingFor(settings, provider, 'key');
  if (!apiKey && provider !== 'custom' && !keyOptional) {
    throw new AiError('missing-key', aiMessages.missingKey(info.label));
  }
  const { baseURL, transport } = transportFor(provider, settingFor(settings, provider, 'base_url'), settings.proxy.edgeProxyGemini);
  return { family: info.family, baseURL, apiKey, provider, transport };
}

/**
 * What a provider client itself throws for an empty key (docs/behaviour.md "AI calls": 'GoogleAI
 * API key is empty', …), below the chat's alert; the translator's cards show it.
 */
export function clientMissingKeyError(provider: ProviderName): AiError {
  const info = getProvider(provider);
  return new AiError('missing-key', info.missingKeyMessage ? clientMissingKeyMessage(provider, info.missingKeyMessage) : aiMessages.missingKey(info.label));
}

/**
 * The registry keeps the clients' English (docs/behaviour.md "AI calls"); on screen it is in the
 * interface language.
 */
function clientMissingKeyMessage(provider: ProviderName, english: string): string {
  switch (provider) {
    case 'anthropic':
      return libText('ai.clientMissingKey.anthropic');
    case 'gemini':
      return libText('ai.clientMissingKey.gemini');
    case 'deepseek':
      return libText('ai.clientMissingKey.deepseek');
    default:
      return english;
  }
}

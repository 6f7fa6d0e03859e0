import { describe, expect, it } from 'vitest';
import { providerNames } from '../../../common/ai-providers';
import { defaultSettings } from '../../../common/settings';
import { connectionFor } from './connection';
import { AiError } from './errors';
import { providers } from './registry';

function withKey(provider: string, patch: Record<string, string> = {}, edgeProxyGemini = true) {
  const settings = defaultSettings();
  Object.assign(settings.aichat, { [`${provider}_key`]: 'k', ...patch });
  settings.proxy.edgeProxyGemini = edgeProxyGemini;
  return settings;
}

describe('connectionFor', () => {
  it.each(providerNames.filter((name) => name !== 'custom'))('%s: an empty key is the chat alert', (provider) => {
    let error: unknown;
    try {
      connectionFor(provider, defaultSettings());
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AiError);
    expect((error as AiError).kind).toBe('missing-key');
    expect((error as AiError).message).toBe(`please set the ${providers[provider].label} apikey first`);
  });

  it('the custom provider may run without a key', () => {
    expect(connectionFor('custom', defaultSettings())).toMatchObject({ apiKey: '', baseURL: 'http://127.0.0.1:11434/v1', family: 'openai-compatible' });
  });

  it('official base URLs of Google, OpenAI, Anthropic and Doubao go through the relay (docs/behaviour.md "AI calls")', () => {
    expect(connectionFor('openai', withKey('openai'))).toEqual({ family: 'openai-compatible', baseURL: 'https://api.openai.com/v1', apiKey: 'k', provider: 'openai', transport: 'proxy' });
    expect(connectionFor('anthropic', withKey('anthropic')).transport).toBe('proxy');
    expect(connectionFor('doubao', withKey('doubao')).transport).toBe('proxy');
    expect(connectionFor('gemini', withKey('gemini')).transport).toBe('proxy');
  });

  it('gemini is called directly while edgeProxyGemini is off', () => {
    expect(connectionFor('gemini', withKey('gemini', {}, false)).transport).toBe('direct');
  });

  it('other providers and custom base URLs ask the server which origins it relays', () => {
    expect(connectionFor('deepseek', withKey('deepseek')).transport).toBe('auto');
    expect(connectionFor('openai', withKey('openai', { openai_base_url: 'https://gateway.example.com/v1/' }))).toMatchObject({
      baseURL: 'https://gateway.example.com/v1',
      transport: 'auto',
    });
  });

  it('keys and base URLs are trimmed; a trailing slash is dropped', () => {
    const connection = connectionFor('siliconflow', withKey('siliconflow', { siliconflow_key: '  sk-1 ', siliconflow_base_url: ' https://api.siliconflow.cn/v1/ ' }));
    expect(connection).toMatchObject({ apiKey: 'sk-1', baseURL: 'https://api.siliconflow.cn/v1' });
  });
});

describe('registry', () => {
  it('has the documented defaults (docs/behaviour.md "Chat")', () => {
    expect(providers.gemini).toMatchObject({ defaultModel: 'gemini-2.0-flash', contextLimit: 20 });
    expect(providers.gemini.defaultModels).toContain('gemini-2.0-flash-exp');
    expect(providers.deepseek).toMatchObject({ defaultModel: 'deepseek-chat', contextLimit: 100 });
    expect(providers.openai.defaultModel).toBe('gpt-3.5-turbo');
    expect(providers.openrouter.defaultModel).toBe('deepseek/deepseek-chat:free');
    expect(providers.siliconflow.defaultModel).toBe('THUDM/glm-4-9b-chat');
    expect(providers.anthropic.defaultModel).toBe('claude-3-5-sonnet-latest');
    expect(providers.anthropic.fixedModels).toHaveLength(10);
    expect(providers.deepseek.fixedModels).toHaveLength(3);
    expect(providers.doubao.fixedModels).toEqual(['{hash}']);
  });

  it('proxies exactly Google, OpenAI, Anthropic and Doubao', () => {
    expect(providerNames.filter((name) => providers[name].viaProxy)).toEqual(['openai', 'anthropic', 'gemini', 'doubao']);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { defaultChatCache, parseChatCache, readChatCache, writeChatCache } from './chat-cache';
import { defaultSystemPrompt } from './prompt-presets';

describe('chat cache (kotonoha.chat)', () => {
  beforeEach(() => localStorage.clear());

  it('defaults to gemini with gemini-2.0-flash, temperature 1 and the Chinese system prompt', () => {
    expect(readChatCache()).toEqual({ prompt: defaultSystemPrompt, temperature: 1, selectedProvider: 'gemini', selectedModel: 'gemini-2.0-flash' });
    expect(defaultSystemPrompt).toMatch(/[\u4e00-\u9fff]/);
  });

  it('round-trips exactly the four fields under the contract key', () => {
    writeChatCache({ prompt: 'p', temperature: 0.35, selectedProvider: 'deepseek', selectedModel: 'deepseek-chat' });
    expect(JSON.parse(localStorage.getItem('kotonoha.chat')!)).toEqual({
      prompt: 'p',
      temperature: 0.35,
      selectedProvider: 'deepseek',
      selectedModel: 'deepseek-chat',
    });
    expect(readChatCache()).toEqual({ prompt: 'p', temperature: 0.35, selectedProvider: 'deepseek', selectedModel: 'deepseek-chat' });
  });

  it('keeps the fields that parse and defaults the rest', () => {
    expect(parseChatCache({ prompt: 'mine', temperature: 7, selectedProvider: 'nope', selectedModel: 'x' })).toEqual({
      ...defaultChatCache(),
      prompt: 'mine',
    });
    expect(parseChatCache('garbage')).toEqual(defaultChatCache());
    localStorage.setItem('kotonoha.chat', '{not json');
    expect(readChatCache()).toEqual(defaultChatCache());
  });

  it('marks a typed model only when it is typed', () => {
    writeChatCache({ prompt: 'p', temperature: 1, selectedProvider: 'doubao', selectedModel: 'ep-1', modelTyped: true });
    expect(JSON.parse(localStorage.getItem('kotonoha.chat')!)).toMatchObject({ selectedModel: 'ep-1', modelTyped: true });
    expect(readChatCache().modelTyped).toBe(true);
    expect(parseChatCache({ selectedProvider: 'doubao', selectedModel: 'ep-1', modelTyped: 'yes' }).modelTyped).toBeUndefined();
  });

  it('accepts an empty prompt (no system prompt)', () => {
    expect(parseChatCache({ prompt: '' }).prompt).toBe('');
  });
});

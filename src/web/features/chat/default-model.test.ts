import { describe, expect, it } from 'vitest';
import { chooseDefaultModel, restoreModel } from './default-model';

const list = [
  { id: 'gemini-2.5-flash', name: 'Gemini 2.5 Flash' },
  { id: 'gemini-2.0-flash', name: 'Gemini 2.0 Flash' },
];

describe('chooseDefaultModel (docs/behaviour.md "Chat")', () => {
  it("selects the provider's default when the list has it", () => {
    expect(chooseDefaultModel(list, 'gemini-2.0-flash')).toEqual({ model: 'gemini-2.0-flash' });
  });

  it('warns and takes the first model when the default is missing', () => {
    expect(chooseDefaultModel(list, 'gemini-2.0-flash-exp')).toEqual({
      model: 'gemini-2.5-flash',
      warning: 'default model not found: gemini-2.0-flash-exp',
    });
  });

  it('takes the first model when the provider has no default', () => {
    expect(chooseDefaultModel(list, null)).toEqual({ model: 'gemini-2.5-flash' });
  });

  it('keeps the default when the list is empty (a failed fetch), without a warning', () => {
    expect(chooseDefaultModel([], 'deepseek-chat')).toEqual({ model: 'deepseek-chat' });
    expect(chooseDefaultModel([], null)).toEqual({ model: '' });
  });
});

describe('restoreModel', () => {
  it('keeps the cached model when the list offers it', () => {
    expect(restoreModel(list, 'gemini-2.5-flash', 'gemini-2.0-flash')).toEqual({ model: 'gemini-2.5-flash' });
  });

  it('keeps a typed model the list does not offer', () => {
    expect(restoreModel([{ id: '{hash}', name: '{hash}' }], 'ep-20250101-x', '{hash}', true)).toEqual({ model: 'ep-20250101-x' });
  });

  it('falls back to the default rules when the cached model is gone or cleared', () => {
    expect(restoreModel(list, 'old-model', 'gemini-2.0-flash')).toEqual({ model: 'gemini-2.0-flash' });
    expect(restoreModel(list, '', 'missing')).toEqual({ model: 'gemini-2.5-flash', warning: 'default model not found: missing' });
  });
});

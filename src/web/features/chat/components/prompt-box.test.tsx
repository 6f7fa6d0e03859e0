import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultChatCache } from '../chat-cache';
import { createChatSession } from '../chat-store';
import { promptPresets, targetLanguagePlaceholder } from '../prompt-presets';
import { PromptBox } from './prompt-box';

describe('PromptBox', () => {
  it('offers the five presets; the translator preset selects its target-language placeholder', async () => {
    const session = createChatSession({ persist: false, memory: true, config: defaultChatCache() });
    render(
      <MantineProvider>
        <PromptBox session={session} />
      </MantineProvider>,
    );
    const box = screen.getByRole('textbox', { name: 'prompt :' }) as HTMLTextAreaElement;
    expect(box.value).toBe(defaultChatCache().prompt);

    await userEvent.click(screen.getByRole('button', { name: 'presets' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Japanese expert', 'Translator', 'JSON translator', 'Summarizer', 'Code explainer', 'Default assistant']);

    await userEvent.click(items.find((item) => item.textContent === 'Translator')!);
    const translator = promptPresets.find((preset) => preset.id === 'translator')!.prompt;
    expect(session.getState().config.prompt).toBe(translator);
    await waitFor(() => expect(box.value.slice(box.selectionStart, box.selectionEnd)).toBe(targetLanguagePlaceholder));

    expect(box).toHaveFocus();
    await userEvent.keyboard('日语');
    expect(session.getState().config.prompt).toBe(translator.replace(targetLanguagePlaceholder, '日语'));
  });
});

import { ActionIcon, Button, Menu } from '@mantine/core';
import { IconTemplate } from '@tabler/icons-react';
import { memo, useRef } from 'react';
import { useStore } from 'zustand';
import type { ChatSessionStore } from '../chat-store';
import { defaultSystemPrompt, promptPresets, targetLanguagePlaceholder } from '../prompt-presets';
import { AutoTextarea } from '../../../components/auto-textarea/auto-textarea';

/** The system prompt ("prompt :") with the preset picker. */
export const PromptBox = memo(function PromptBox({ session, narrow }: { session: ChatSessionStore; narrow?: boolean }) {
  const prompt = useStore(session, (state) => state.config.prompt);
  const setConfig = useStore(session, (state) => state.setConfig);
  const textarea = useRef<HTMLTextAreaElement>(null);

  const choose = (text: string) => {
    setConfig({ prompt: text });
    // The translator preset needs a target language: select the placeholder so typing replaces it.
    requestAnimationFrame(() => {
      const element = textarea.current;
      if (!element) return;
      element.focus();
      const at = text.indexOf(targetLanguagePlaceholder);
      if (at >= 0) element.setSelectionRange(at, at + targetLanguagePlaceholder.length);
    });
  };

  return (
    <div className="chat-prompt">
      <AutoTextarea
        ref={textarea}
        label="prompt :"
        value={prompt}
        onChange={(event) => setConfig({ prompt: event.currentTarget.value })}
        minRows={1}
        maxRows={narrow ? 2 : 4}
        size="sm"
        className="chat-prompt-input"
        styles={{ label: { fontWeight: 600 } }}
      />
      <Menu position="bottom-end" shadow="md" width={260}>
        <Menu.Target>
          {narrow ? (
            <ActionIcon variant="light" size="lg" aria-label="presets" className="chat-prompt-presets">
              <IconTemplate size={16} />
            </ActionIcon>
          ) : (
            <Button variant="light" size="xs" leftSection={<IconTemplate size={14} />} className="chat-prompt-presets">
              presets
            </Button>
          )}
        </Menu.Target>
        <Menu.Dropdown aria-label="prompt presets">
          <Menu.Label>Prompt presets</Menu.Label>
          {promptPresets.map((preset) => (
            <Menu.Item key={preset.id} onClick={() => choose(preset.prompt)}>
              {preset.label}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item onClick={() => choose(defaultSystemPrompt)}>Default assistant</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </div>
  );
});

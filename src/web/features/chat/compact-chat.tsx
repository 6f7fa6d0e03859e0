// The shell loads only its part of Mantine's sheet; screens bring the full one with their chunk.
import '../../components/screen-styles/screen-styles';
import { Text } from '@mantine/core';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useT } from '../../lib/i18n/use-t';
import { useSettings } from '../../lib/settings-store';
import { createChatSession } from './chat-store';
import { Composer } from './components/composer';
import { MessageItem } from './components/message-item';
import { ProviderName } from './components/provider-name';
import { catalogue } from './i18n';
import { japaneseExpertPrompt } from './prompt-presets';
import './chat.css';

/** docs/behaviour.md "Floating assistant": gemini with gemini-2.0-flash-exp. */
export const compactChatModel = { provider: 'gemini', model: 'gemini-2.0-flash-exp' } as const;

interface CompactChatProps {
  /** Asked at once when non-blank (the current selection, or an askAI query). */
  initialQuery?: string;
}

/**
 * The compact chat of the floating icon and `askAI`: the `floatingChatPrompt` setting (or the
 * Japanese-expert prompt), no memory (each question is sent alone) and nothing saved.
 */
export function CompactChat({ initialQuery = '' }: CompactChatProps) {
  const t = useT(catalogue);
  const emptyId = useId();
  const floatingPrompt = useSettings((settings) => settings.aichat.floatingChatPrompt);
  const [session] = useState(() =>
    createChatSession({
      persist: false,
      memory: false,
      config: {
        prompt: floatingPrompt.trim() || japaneseExpertPrompt,
        temperature: 1,
        selectedProvider: compactChatModel.provider,
        selectedModel: compactChatModel.model,
      },
    }),
  );
  const messages = useStore(session, (state) => state.messages);
  const processing = useStore(session, (state) => state.status === 'processing');
  const list = useRef<HTMLDivElement>(null);
  const mounted = useRef(false);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      // Deferred: React's development double-mount must not abort the first question.
      setTimeout(() => {
        if (!mounted.current) session.getState().stop();
      }, 0);
    };
  }, [session]);

  const last = messages[messages.length - 1];
  useLayoutEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [messages.length, last?.content]);

  return (
    <div className="chat-compact">
      <Text size="xs" c="dimmed" className="chat-compact-meta">
        <ProviderName provider={compactChatModel.provider} /> · <span translate="no">{compactChatModel.model}</span> · {t('compact.noMemory')}
      </Text>
      <div ref={list} className="chat-compact-list" role="list" aria-label={t('messages.label')} aria-describedby={messages.length === 0 ? emptyId : undefined} tabIndex={0}>
        {messages.length === 0 ? (
          // A list holds only its items: the empty state is read as the list's description instead.
          <div className="chat-list-empty" id={emptyId} aria-hidden="true">
            {t('messages.empty')}
          </div>
        ) : null}
        {messages.map((message) => (
          <div role="listitem" key={message.id} className="chat-list-item">
            <MessageItem message={message} compact />
          </div>
        ))}
      </div>
      <Composer
        compact
        autoFocus
        processing={processing}
        autoSend
        initialValue={initialQuery}
        onSend={session.getState().send}
        onStop={session.getState().stop}
      />
    </div>
  );
}

// The shell loads only its part of Mantine's sheet; screens bring the full one with their chunk.
import '../../components/screen-styles/screen-styles';
import { ActionIcon, Button, Group, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconHistory, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useT } from '../../lib/i18n/use-t';
import { afterPaint } from '../../lib/use-after-paint';
import { ChatSettings } from './components/chat-settings';
import { Composer } from './components/composer';
import { MessageList, preloadMessages } from './components/message-list';
import { preloadMarkdown } from './components/message-item';
import { PromptBox } from './components/prompt-box';
import { useModelList } from './hooks/use-model-list';
import { catalogue } from './i18n';
import { ProviderName } from './components/provider-name';
import { preloadAi } from './chat-store';
import { getMainSession, useMainSession } from './main-session';
import './chat.css';
import { FuriganaToggle } from '../../components/furigana/furigana-toggle';
import { untilLoaded } from '../../lib/until-loaded';

// The history drawer (and its menus) loads the first time it is opened.
const HistoryPanel = lazy(() => untilLoaded(() => import('./components/history-panel')).then((module) => ({ default: module.HistoryPanel })));

/** Only this part follows the streaming text, so the page around it does not re-render each frame. */
function ChatMessages() {
  const messages = useMainSession((state) => state.messages);
  const processing = useMainSession((state) => state.status === 'processing');
  const regenerate = useMainSession((state) => state.regenerate);
  return <MessageList messages={messages} onRegenerate={regenerate} canRegenerate={!processing} />;
}

/** The chat screen (docs/behaviour.md "Chat"). */
export function ChatPage() {
  const t = useT(catalogue);
  const session = getMainSession();
  const narrow = useMediaQuery('(max-width: 640px)', false, { getInitialValueInEffect: false });
  const [historyOpen, setHistoryOpenState] = useState(false);
  const [historyWanted, setHistoryWanted] = useState(false);
  const setHistoryOpen = (open: boolean) => {
    if (open) setHistoryWanted(true);
    setHistoryOpenState(open);
  };
  const processing = useMainSession((state) => state.status === 'processing');
  const title = useMainSession((state) => state.title);
  const provider = useMainSession((state) => state.config.selectedProvider);
  const model = useMainSession((state) => state.config.selectedModel);
  const send = useMainSession((state) => state.send);
  const stop = useMainSession((state) => state.stop);
  const newSession = useMainSession((state) => state.newSession);
  const modelList = useModelList(session);

  useEffect(() => {
    // Once the screen has painted and the page is idle: the conversation from IndexedDB (dexie
    // comes with it) and the message list's code, then the markdown renderer and the AI SDK. None
    // of them competes with the first paint for the network or the main thread.
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 200));
    const cancelIdle = window.cancelIdleCallback ?? window.clearTimeout;
    let handle: number | undefined;
    const cancelPaint = afterPaint(() => {
      handle = idle(
        () => {
          void session.getState().restore();
          preloadMessages();
          idle(() => {
            preloadMarkdown();
            preloadAi();
          });
        },
        { timeout: 500 },
      );
    });
    return () => {
      cancelPaint();
      if (handle !== undefined) cancelIdle(handle);
    };
  }, [session]);

  return (
    <section className="chat-page" aria-labelledby="page-title">
      <header className="chat-header">
        <div className="chat-heading">
          <Title order={2} id="page-title" className="chat-title">
            {t('heading')}
          </Title>
          <Text size="xs" c="dimmed" truncate="end" className="chat-subtitle">
            <ProviderName provider={provider} /> · {model ? <span translate="no">{model}</span> : t('header.noModel')}
            {title ? (
              <>
                {' · '}
                <span translate="no">{title}</span>
              </>
            ) : null}
          </Text>
        </div>
        <Group gap={6} wrap="nowrap">
          {narrow ? (
            <>
              <ActionIcon variant="default" size="lg" aria-label={t('header.history')} onClick={() => setHistoryOpen(true)}>
                <IconHistory size={18} />
              </ActionIcon>
              <ActionIcon variant="default" size="lg" aria-label={t('header.newSession')} disabled={processing} onClick={newSession}>
                <IconPlus size={18} />
              </ActionIcon>
            </>
          ) : (
            <>
              <Button variant="default" leftSection={<IconHistory size={16} />} onClick={() => setHistoryOpen(true)}>
                {t('header.history')}
              </Button>
              <Button variant="default" leftSection={<IconPlus size={16} />} disabled={processing} onClick={newSession}>
                {t('header.newSession')}
              </Button>
            </>
          )}
          <FuriganaToggle size="md" compact={narrow} />
          <ChatSettings session={session} modelList={modelList} iconOnly={narrow} />
        </Group>
      </header>
      <PromptBox session={session} narrow={narrow} />
      <ChatMessages />
      <Composer processing={processing} onSend={send} onStop={stop} autoFocus={!narrow} narrow={narrow} />
      {historyWanted ? (
        <Suspense fallback={null}>
          <HistoryPanel session={session} opened={historyOpen} onClose={() => setHistoryOpen(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}

import { IconMessages } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useId, useLayoutEffect, useRef } from 'react';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';
import type { ChatMessage } from '../types';

interface MessageListProps {
  messages: ChatMessage[];
  onRegenerate?: () => void;
  canRegenerate: boolean;
}

const stickThreshold = 64;

const loadMessages = () => import('./virtual-messages');
// The virtualiser comes with the first message, so an empty chat (every first visit) paints without it.
const VirtualMessages = lazy(loadMessages);

/** Loads the message list's code ahead of a conversation being restored. */
export const preloadMessages = () => void loadMessages();

/**
 * The message list (ARIA `list` "messages" of `listitem`s). It follows the newest text while the
 * reader is at the bottom, and stays put when they scroll up to read.
 */
export function MessageList({ messages, onRegenerate, canRegenerate }: MessageListProps) {
  const t = useT(catalogue);
  const emptyId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const stuck = useRef(true);

  const onScroll = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    stuck.current = element.scrollHeight - element.scrollTop - element.clientHeight < stickThreshold;
  }, []);

  // A new message (sent by the reader) always brings the bottom into view.
  useLayoutEffect(() => {
    stuck.current = true;
  }, [messages.length]);

  return (
    <div
      ref={scroller}
      className="chat-list"
      role="list"
      aria-label={t('messages.label')}
      aria-describedby={messages.length === 0 ? emptyId : undefined}
      aria-busy={!canRegenerate}
      onScroll={onScroll}
      tabIndex={0}
    >
      {messages.length === 0 ? (
        // A list holds only its items: the empty state is read as the list's description instead.
        <div className="chat-list-empty" id={emptyId} aria-hidden="true">
          <IconMessages size={34} stroke={1.4} aria-hidden />
          <span>{t('messages.empty')}</span>
          <small>{t('messages.emptyHint')}</small>
        </div>
      ) : (
        <Suspense fallback={null}>
          <VirtualMessages messages={messages} onRegenerate={onRegenerate} canRegenerate={canRegenerate} scroller={scroller} stuck={stuck} />
        </Suspense>
      )}
    </div>
  );
}

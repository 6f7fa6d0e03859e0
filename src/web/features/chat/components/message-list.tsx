import { IconMessages } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useId, useLayoutEffect, useRef } from 'react';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';
import type { ChatMessage } from '../types';
import { MessageItem } from './message-item';

interface MessageListProps {
  messages: ChatMessage[];
  onRegenerate?: () => void;
  canRegenerate: boolean;
}

const stickThreshold = 64;

/**
 * The virtualised message list (ARIA `list` "messages" of `listitem`s). It follows the newest
 * text while the reader is at the bottom, and stays put when they scroll up to read.
 */
export function MessageList({ messages, onRegenerate, canRegenerate }: MessageListProps) {
  const t = useT(catalogue);
  const emptyId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const stuck = useRef(true);
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 140,
    overscan: 4,
    getItemKey: (index) => messages[index]?.id ?? index,
  });
  const totalSize = virtualizer.getTotalSize();
  const last = messages[messages.length - 1];

  const onScroll = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    stuck.current = element.scrollHeight - element.scrollTop - element.clientHeight < stickThreshold;
  }, []);

  // A new message (sent by the reader) always brings the bottom into view.
  useLayoutEffect(() => {
    stuck.current = true;
  }, [messages.length]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && stuck.current) element.scrollTop = element.scrollHeight;
  }, [totalSize, last?.content, messages.length]);

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
      ) : null}
      <div role="presentation" style={{ height: totalSize, position: 'relative', width: '100%' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const message = messages[item.index]!;
          const isLastReply = item.index === messages.length - 1 && message.role !== 'user';
          return (
            <div
              key={item.key}
              role="listitem"
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="chat-list-item"
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
            >
              <MessageItem message={message} onRegenerate={isLastReply && canRegenerate ? onRegenerate : undefined} />
            </div>
          );
        })}
      </div>
    </div>
  );
}

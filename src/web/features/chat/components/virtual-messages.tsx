import { useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, type RefObject } from 'react';
import type { ChatMessage } from '../types';
import { MessageItem } from './message-item';

interface VirtualMessagesProps {
  messages: ChatMessage[];
  onRegenerate?: () => void;
  canRegenerate: boolean;
  /** The list's scrolling element. */
  scroller: RefObject<HTMLDivElement | null>;
  /** Whether the reader is at the bottom (the list follows the newest text only then). */
  stuck: RefObject<boolean>;
}

/** The messages of a non-empty list, virtualised: only those in view (and a few around) are in the DOM. */
export default function VirtualMessages({ messages, onRegenerate, canRegenerate, scroller, stuck }: VirtualMessagesProps) {
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 140,
    overscan: 4,
    getItemKey: (index) => messages[index]?.id ?? index,
  });
  const totalSize = virtualizer.getTotalSize();
  const last = messages[messages.length - 1];

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && stuck.current) element.scrollTop = element.scrollHeight;
  }, [scroller, stuck, totalSize, last?.content, messages.length]);

  return (
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
  );
}

import { ActionIcon } from '@mantine/core';
import { IconCopy, IconRefresh, IconRobot, IconUser } from '@tabler/icons-react';
import { memo } from 'react';
import { getProvider } from '../../../lib/ai/registry';
import { toast } from '../../../lib/notify';
import { MarkdownView } from '../markdown/markdown-view';
import type { ChatMessage } from '../types';
import { AddToLibraryButton } from '../../../components/add-to-library/add-to-library-button';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

async function copyReply(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast('copied', 'success');
  } catch {
    toast('copy failed: the browser refused clipboard access', 'error');
  }
}

interface MessageItemProps {
  message: ChatMessage;
  /** Offer "regenerate" (the last reply, while idle). */
  onRegenerate?: () => void;
  compact?: boolean;
}

/** One message: who said it, through which provider, when; then the text (markdown for replies). */
export const MessageItem = memo(function MessageItem({ message, onRegenerate, compact }: MessageItemProps) {
  const isUser = message.role === 'user';
  const label = getProvider(message.provider).label;
  const when = new Date(message.timestamp);
  return (
    <div className={`chat-msg chat-msg-${isUser ? 'user' : 'reply'}${compact ? ' chat-msg-compact' : ''}`}>
      <div className="chat-msg-meta">
        <span className="chat-msg-avatar" aria-hidden>
          {isUser ? <IconUser size={14} /> : <IconRobot size={14} />}
        </span>
        <span className="chat-msg-role">{message.role}</span>
        <span className="chat-msg-provider" title={message.model ? `${label} · ${message.model}` : label}>
          {label}
          {message.model && !compact ? <span className="chat-msg-model"> · {message.model}</span> : null}
        </span>
        <time className="chat-msg-time" dateTime={when.toISOString()} title={dateTimeFormat.format(when)}>
          {timeFormat.format(when)}
        </time>
      </div>
      <div className="chat-msg-body">
        {isUser ? (
          <div className="chat-msg-text">{message.content}</div>
        ) : message.pending && !message.content ? (
          <div className="chat-typing" aria-label="waiting for the reply">
            <span />
            <span />
            <span />
          </div>
        ) : (
          <MarkdownView text={message.content} streaming={message.pending} />
        )}
        {message.error ? (
          <div className="chat-msg-error" role="note">
            {message.error}
          </div>
        ) : null}
      </div>
      {!isUser && !message.pending && (message.content || onRegenerate) ? (
        <div className="chat-msg-actions">
          {message.content ? (
            <ActionIcon variant="subtle" color="gray" size="sm" aria-label="copy reply" title="copy reply" onClick={() => void copyReply(message.content)}>
              <IconCopy size={15} />
            </ActionIcon>
          ) : null}
          {message.content ? <AddToLibraryButton text={message.content} media="chat" titlePrefix="chat" size="sm" /> : null}
          {onRegenerate ? (
            <ActionIcon variant="subtle" color="gray" size="sm" aria-label="regenerate" title="regenerate" onClick={onRegenerate}>
              <IconRefresh size={15} />
            </ActionIcon>
          ) : null}
        </div>
      ) : null}
    </div>
  );
});

import { ActionIcon } from '@mantine/core';
import { IconCopy, IconRefresh, IconRobot, IconUser } from '@tabler/icons-react';
import { lazy, memo, Suspense } from 'react';
import { translate } from '../../../lib/i18n/i18n';
import { formatDate } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/use-t';
import { toast } from '../../../lib/notify';
import { copyText } from '../../../lib/secure-context';
import { interruptedError } from '../chat-store';
import { catalogue } from '../i18n';
import type { ChatMessage } from '../types';
import { AddToLibraryButton } from '../../../components/add-to-library/add-to-library-button';
import { useProviderLabel } from './provider-name';
import { untilLoaded } from '../../../lib/until-loaded';

/**
 * The markdown renderer (marked and DOMPurify, then highlight.js when code shows up) comes with the
 * first message shown, not with the screen; until it is there the text is shown as written.
 */
const loadMarkdown = () => import('../markdown/markdown-view');
const MarkdownView = lazy(() => untilLoaded(loadMarkdown).then((module) => ({ default: module.MarkdownView })));
/** Fetches the renderer while the page is idle, so a reply that arrives later finds it there. */
export const preloadMarkdown = () => void loadMarkdown().catch(() => {});

const timeOptions: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', second: '2-digit' };
const dateTimeOptions: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' };

async function copyReply(text: string) {
  if (await copyText(text)) toast(translate(catalogue, 'copy.done'), 'success');
  else toast(translate(catalogue, 'copy.failed'), 'error');
}

interface MessageItemProps {
  message: ChatMessage;
  /** Offer "regenerate" (the last reply, while idle). */
  onRegenerate?: () => void;
  compact?: boolean;
}

/** One message: who said it, through which provider, when; then the text (markdown for replies). */
export const MessageItem = memo(function MessageItem({ message, onRegenerate, compact }: MessageItemProps) {
  const t = useT(catalogue);
  const isUser = message.role === 'user';
  const label = useProviderLabel()(message.provider);
  const when = new Date(message.timestamp);
  return (
    <div className={`chat-msg chat-msg-${isUser ? 'user' : 'reply'}${compact ? ' chat-msg-compact' : ''}`}>
      <div className="chat-msg-meta">
        <span className="chat-msg-avatar" aria-hidden>
          {isUser ? <IconUser size={14} /> : <IconRobot size={14} />}
        </span>
        <span className="chat-msg-role">{t(`message.role.${message.role}`)}</span>
        {/* The provider (a brand name) and the model id are shown as written. */}
        <span className="chat-msg-provider" translate={message.provider === 'custom' ? undefined : 'no'} title={message.model ? `${label} · ${message.model}` : label}>
          {label}
          {message.model && !compact ? (
            <span className="chat-msg-model" translate="no">
              {' · '}
              {message.model}
            </span>
          ) : null}
        </span>
        <time className="chat-msg-time" dateTime={when.toISOString()} title={formatDate(when, dateTimeOptions)}>
          {formatDate(when, timeOptions)}
        </time>
      </div>
      <div className="chat-msg-body">
        {isUser ? (
          <div className="chat-msg-text" translate="no">
            {message.content}
          </div>
        ) : message.pending && !message.content ? (
          <div className="chat-typing" aria-label={t('message.waiting')}>
            <span />
            <span />
            <span />
          </div>
        ) : (
          <Suspense
            fallback={
              <div className="md md-plain" translate="no">
                {message.content}
              </div>
            }
          >
            <MarkdownView text={message.content} streaming={message.pending} />
          </Suspense>
        )}
        {message.error ? (
          <div className="chat-msg-error" role="note">
            {message.error === interruptedError ? t('message.interrupted') : message.error}
          </div>
        ) : null}
      </div>
      {!isUser && !message.pending && (message.content || onRegenerate) ? (
        <div className="chat-msg-actions">
          {message.content ? (
            <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('message.copy')} title={t('message.copy')} onClick={() => void copyReply(message.content)}>
              <IconCopy size={15} />
            </ActionIcon>
          ) : null}
          {message.content ? <AddToLibraryButton text={message.content} media="chat" titlePrefix="chat" size="sm" /> : null}
          {onRegenerate ? (
            <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('message.regenerate')} title={t('message.regenerate')} onClick={onRegenerate}>
              <IconRefresh size={15} />
            </ActionIcon>
          ) : null}
        </div>
      ) : null}
    </div>
  );
});

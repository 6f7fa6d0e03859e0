import { Button } from '@mantine/core';
import { IconPlayerStopFilled, IconSend } from '@tabler/icons-react';
import { memo, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { AutoTextarea } from '../../../components/auto-textarea/auto-textarea';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';

interface ComposerProps {
  processing: boolean;
  /** Returns whether the question was taken (then the box is cleared). */
  onSend: (question: string) => boolean;
  onStop: () => void;
  initialValue?: string;
  compact?: boolean;
  autoFocus?: boolean;
  /** A phone-sized screen: a shorter placeholder. */
  narrow?: boolean;
  /** Send `initialValue` right away (the compact chat asked about a selection). */
  autoSend?: boolean;
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The question box with send (Ctrl/Cmd+Enter) and, while a reply streams, stop generating. */
export const Composer = memo(function Composer({ processing, onSend, onStop, initialValue = '', compact, narrow, autoFocus, autoSend }: ComposerProps) {
  const t = useT(catalogue);
  const [question, setQuestion] = useState(initialValue);
  const box = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (autoFocus) box.current?.focus();
  }, [autoFocus]);

  const send = (text = question) => {
    if (onSend(text)) setQuestion('');
    else if (!text.trim()) setQuestion('');
  };

  const autoSent = useRef(false);
  useEffect(() => {
    if (!autoSend || autoSent.current) return;
    autoSent.current = true;
    if (initialValue.trim() && onSend(initialValue)) setQuestion('');
  }, [autoSend, initialValue, onSend]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <div className={`chat-composer${compact ? ' chat-composer-compact' : ''}`}>
      <AutoTextarea
        ref={box}
        aria-label={t('composer.label')}
        placeholder={compact || narrow ? t('composer.placeholder') : t('composer.placeholderShortcut', { key: isMac ? '⌘' : 'Ctrl' })}
        value={question}
        onChange={(event) => setQuestion(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        minRows={compact ? 1 : 2}
        maxRows={7}
        className="chat-composer-input"
      />
      <div className="chat-composer-actions">
        {processing ? (
          <Button color="red" variant="light" leftSection={<IconPlayerStopFilled size={14} />} onClick={onStop}>
            {t('composer.stop')}
          </Button>
        ) : null}
        <Button leftSection={<IconSend size={16} />} onClick={() => send()} disabled={question === '' || processing}>
          {t('composer.send')}
        </Button>
      </div>
    </div>
  );
});

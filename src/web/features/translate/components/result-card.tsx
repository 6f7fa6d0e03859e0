import { ActionIcon, Anchor, Badge, Checkbox, Group, Loader, Paper, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconPlayerStopFilled, IconVolume } from '@tabler/icons-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { formatNumber } from '../../../lib/i18n/format';
import { useT, type Translate } from '../../../lib/i18n/use-t';
import type { KeysOf } from '../../../lib/i18n/i18n';
import { useSpeechOnDemand } from '../../../lib/speech/use-speech-on-demand';
import { toast } from '../../../lib/notify';
import { copyText } from '../../../lib/secure-context';
import type { TranslationResult } from '../run';
import { catalogue } from '../i18n';
import classes from './translate.module.css';
import { Hint } from '../../../components/hint/hint';
import { AddToLibraryButton } from '../../../components/add-to-library/add-to-library-button';

interface ResultCardProps {
  name: string;
  link: string;
  /** The model to show (showModel): the one that answered, else the configured list. */
  model?: string;
  showModel: boolean;
  enabled: boolean;
  onEnabledChange?: (enabled: boolean) => void;
  result?: TranslationResult;
  /** Language of the translation, for reading it aloud. */
  lang: string;
  /** The grip the card is moved by (SortableList's), or null. */
  handle: ReactNode;
}

/** The card's copy button: a tick for 1.5 s once copied (copyText works on plain http too). */
function CopyIcon({ text, disabled, t }: { text: string; disabled: boolean; t: Translate<KeysOf<typeof catalogue>> }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    if (await copyText(text)) setCopied(true);
    else toast(t('card.copyFailed'), 'error');
  };
  return (
    <Hint label={copied ? t('card.copied') : t('card.copy')}>
      <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} aria-label={t('card.copy')} disabled={disabled} onClick={() => void copy()}>
        {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
      </ActionIcon>
    </Hint>
  );
}

function latency(ms: number, t: Translate<KeysOf<typeof catalogue>>): string {
  return ms < 1000 ? t('card.latency.ms', { ms: formatNumber(ms) }) : t('card.latency.s', { seconds: formatNumber(ms / 1000, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) });
}

/** One engine's result card: an `article` named after the engine (docs/on-screen-names.md "Translate"). */
export function ResultCard({ name, link, model, showModel, enabled, onEnabledChange, result, lang, handle }: ResultCardProps) {
  const t = useT(catalogue);
  const nameId = useId();
  const { player, load: loadSpeech, preload: preloadSpeech } = useSpeechOnDemand();
  const text = result?.translate ?? '';
  const speakingThis = player.state !== 'STOPPED' && player.text === text && text !== '';
  const failed = result?.status === 'failed';
  const shownModel = result?.model ?? model;

  return (
    <Paper
      component="article"
      aria-labelledby={nameId}
      withBorder
      radius="md"
      p="sm"
      className={classes.card}
      data-disabled={!enabled || undefined}
      aria-busy={result?.status === 'running' || undefined}
    >
      <Group gap={6} wrap="nowrap" className={classes.cardHeader}>
        {handle}
        {/* The engine's name (chosen in Settings, or a brand) names the card and is shown as written. */}
        <Anchor id={nameId} href={link} target="_blank" rel="noreferrer" fw={600} size="sm" truncate className={`${classes.engineName} ${classes.link}`} translate="no">
          {name}
        </Anchor>
        {showModel && shownModel ? (
          <Badge variant="light" color="grape" size="sm" radius="sm" tt="none" className={classes.model} title={shownModel} translate="no">
            {shownModel}
          </Badge>
        ) : null}
        <span className={classes.spacer} />
        {result?.latencyMs !== undefined ? (
          <Text size="xs" c="dimmed" aria-label={t('card.latency')} className={classes.latency}>
            {latency(result.latencyMs, t)}
          </Text>
        ) : null}
        <Checkbox size="xs" label={t('card.enabled')} checked={enabled} onChange={(event) => onEnabledChange?.(event.currentTarget.checked)} disabled={!onEnabledChange} />
      </Group>

      <div className={classes.cardBody} aria-live="polite">
        {!enabled && !result ? (
          <Text size="sm" c="dimmed" fs="italic">
            {t('card.off')}
          </Text>
        ) : result?.status === 'running' && !text ? (
          <Group gap={8}>
            <Loader size="xs" type="dots" />
            <Text size="sm" c="dimmed">
              {t('card.translating')}
            </Text>
          </Group>
        ) : (
          // The translation (or the service's error) is shown as it came.
          <Text size="sm" className={classes.translation} data-failed={failed || undefined} data-testid="translation" translate="no">
            {text}
          </Text>
        )}
      </div>

      <Group gap={4} justify="flex-end" className={classes.cardFooter}>
        <Hint label={speakingThis ? t('card.stop') : t('card.speak')}>
          <ActionIcon variant="subtle" color="gray" aria-label={t('card.speak')} disabled={!text || failed} onPointerEnter={preloadSpeech}
                onFocus={preloadSpeech}
                onClick={() => void loadSpeech().then((speech) => speech.speakOrStop(text, lang))}>
            {speakingThis ? <IconPlayerStopFilled size={16} /> : <IconVolume size={16} />}
          </ActionIcon>
        </Hint>
        <CopyIcon text={text} disabled={!text || failed} t={t} />
        {text && !failed ? <AddToLibraryButton text={text} media="translation" titlePrefix={name} /> : null}
      </Group>
    </Paper>
  );
}

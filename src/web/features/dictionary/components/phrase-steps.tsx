import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { DictLookup } from '../../../../common/dict';
import { useT } from '../../../lib/i18n/use-t';
import { useDictLookup } from '../api/dict-api';
import { catalogue } from '../i18n';
import { LookupAnswer, ResultList } from './results';

/**
 * A phrase the server split into words (`segments`): the words in a row, the current one's
 * entries below, one lookup per step. Previous/next buttons, clicking a word, and the arrow keys
 * (Home/End too) move through it.
 */
export function PhraseSteps({ answer, focusOnMount, onWord }: { answer: DictLookup; focusOnMount: boolean; onWord: (word: string | null) => void }) {
  const t = useT(catalogue);
  const segments = answer.segments ?? [];
  const [step, setStep] = useState(0);
  const segment = segments[step];
  // The answer to the phrase already is the first word's, unless that word was split (見せて|もらいました).
  const reuse = step === 0 && segment.text === answer.matched;
  const stepLookup = useDictLookup(segment.text, !reuse);
  const words = useRef<Array<HTMLButtonElement | null>>([]);
  const focusWord = useRef(false);
  const last = segments.length - 1;

  useEffect(() => {
    onWord(segment.text);
    return () => onWord(null);
  }, [segment.text, onWord]);
  useEffect(() => {
    if (focusOnMount) words.current[0]?.focus();
    // Only when the phrase first appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (!focusWord.current) return;
    focusWord.current = false;
    words.current[step]?.focus();
  }, [step]);

  const go = (next: number, moveFocus = false) => {
    const clamped = Math.max(0, Math.min(last, next));
    focusWord.current = moveFocus;
    setStep(clamped);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const inWords = (event.target as HTMLElement).closest('[role="toolbar"]') !== null;
    const target = { ArrowRight: step + 1, ArrowDown: step + 1, ArrowLeft: step - 1, ArrowUp: step - 1, Home: 0, End: last }[event.key];
    if (target === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    go(target, inWords);
  };

  const dictionaryForm = segment.matched && segment.matched !== segment.text ? segment.matched : null;
  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" p="xs" onKeyDown={onKeyDown}>
        <Stack gap={6}>
          <Group gap={4} wrap="wrap" role="toolbar" aria-label={t('phrase.words')} lang="ja">
            {segments.map((word, index) => (
              <Button
                key={word.start}
                ref={(element) => {
                  words.current[index] = element;
                }}
                size="compact-md"
                px={8}
                fz="md"
                fw={index === step ? 600 : 400}
                variant={index === step ? 'light' : 'subtle'}
                color={word.matched ? undefined : 'gray'}
                aria-pressed={index === step}
                tabIndex={index === step ? 0 : -1}
                onClick={() => go(index)}
                title={word.matched && word.matched !== word.text ? `${word.text} → ${word.matched}` : undefined}
                translate="no"
              >
                {word.text}
              </Button>
            ))}
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" c="dimmed" aria-live="polite" style={{ minWidth: 0 }}>
              {t('phrase.position', { step: step + 1, count: segments.length })}
              {dictionaryForm ? (
                <>
                  :{' '}
                  <span lang="ja" translate="no">
                    {segment.text}
                  </span>{' '}
                  →{' '}
                  <span lang="ja" translate="no">
                    {dictionaryForm}
                  </span>
                </>
              ) : null}
              {!segment.matched ? ` ${t('phrase.notFound')}` : null}
            </Text>
            <Group gap={6} wrap="nowrap">
              <NavButton label={t('phrase.previous')} disabled={step === 0} onClick={() => go(step - 1)}>
                <IconChevronLeft size={18} aria-hidden />
              </NavButton>
              <NavButton label={t('phrase.next')} disabled={step === last} onClick={() => go(step + 1)}>
                <IconChevronRight size={18} aria-hidden />
              </NavButton>
            </Group>
          </Group>
        </Stack>
      </Paper>
      {reuse ? (
        <ResultList query={segment.text} answer={answer} prefer={segment.matched} />
      ) : (
        <LookupAnswer query={segment.text} lookup={stepLookup} prefer={segment.matched} />
      )}
    </Stack>
  );
}

/** Stays focusable at either end (aria-disabled), so arrowing past the last word keeps the focus. */
function NavButton({ label, disabled, onClick, children }: { label: string; disabled: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={label}
      title={label}
      aria-disabled={disabled}
      data-disabled={disabled || undefined}
      onClick={() => {
        if (!disabled) onClick();
      }}
    >
      {children}
    </ActionIcon>
  );
}

import '../../components/screen-styles/screen-styles';
import './tap-lookup.css';
import { Button, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { IconLanguage, IconPlayerStopFilled, IconSparkles, IconVolume } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { CommonText } from '../../components/common-text/common-text';
import { AddToAnki } from '../../components/add-to-anki/add-to-anki';
import { useDictLookup } from '../../features/dictionary/api/dict-api';
import { SelectedSentence } from '../../features/dictionary/components/entry-anki';
import { LookupAnswer, ResultList } from '../../features/dictionary/components/results';
import type { DictLookup } from '../../../common/dict';
import { common } from '../../lib/i18n/common';
import { useT } from '../../lib/i18n/use-t';
import { useModalStore } from '../../lib/modal-store';
import { usePlayer } from '../../lib/speech/speech';
import { selectionActions } from '../selection-menu/selection-actions';
import { selectionCard } from '../selection-menu/selection-menu-bar';
import { selectionSentence } from '../selection-menu/selection-sentence';
import { markRange } from './highlight';
import { scannedSpan } from './scanned-span';
import { rangeOf, type ScannedText } from './text-at-point';

export { scanTap } from './tap-target';

/** The history entry the open sheet adds, so that Back closes it (and nothing else). */
const historyMark = 'kotonoha.tapLookup';

const isOwnEntry = () => (window.history.state as Record<string, unknown> | null)?.[historyMark] === true;

/** The part of the scan the answer is for: its longest word at the tap, else the tapped character alone. */
function spanOf(scan: ScannedText, answer: DictLookup | undefined): number {
  const span = answer ? scannedSpan(answer, scan.text) : 0;
  return span > 0 ? span : String.fromCodePoint(scan.text.codePointAt(0)!).length;
}

/**
 * The bottom sheet of a tap's look-up (docs/behaviour.md "Tap to look up"): the word found at the
 * tap, marked in the page, with the selection menu's actions and the dictionary's cards. Closes
 * with its close button, a tap outside, Back, or when a modal opens (one of its actions).
 */
export function TapLookupSheet({ scan, onClosed }: { scan: ScannedText; onClosed: () => void }) {
  const t = useT(common);
  const [opened, setOpened] = useState(true);
  const lookup = useDictLookup(scan.text, true);
  const answer = lookup.isPlaceholderData ? undefined : lookup.data;
  const span = spanOf(scan, answer);
  const range = useMemo(() => rangeOf(scan, 0, span), [scan, span]);
  const word = scan.text.slice(0, span);
  const sentence = useMemo(() => selectionSentence(range), [range]);

  useEffect(() => (opened ? markRange(range) : undefined), [range, opened]);

  // Back closes the sheet: it has its own history entry while open.
  const popped = useRef(false);
  useEffect(() => {
    if (!isOwnEntry()) window.history.pushState({ ...(window.history.state as object | null), [historyMark]: true }, '');
    const onPop = () => {
      popped.current = true;
      setOpened(false);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const close = () => {
    setOpened(false);
    if (!popped.current && isOwnEntry()) {
      popped.current = true;
      window.history.back();
    }
  };

  // An action that opens a modal (translate, ask AI, a kanji's card) takes the sheet's place.
  const modalAtOpen = useRef(useModalStore.getState().current);
  const modal = useModalStore((state) => state.current);
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (modal !== modalAtOpen.current) closeRef.current();
  }, [modal]);

  const found = answer !== undefined && scannedSpan(answer, scan.text) > 0;
  return (
    <Drawer
      opened={opened}
      onClose={close}
      onExitTransitionEnd={onClosed}
      position="bottom"
      size="auto"
      zIndex={300}
      title={<CommonText id="modal.dictionary" />}
      closeButtonProps={{ 'aria-label': t('close') }}
      transitionProps={{ duration: 180 }}
      // Focus stays on the page: on a phone, focusing the sheet's first control would scroll it.
      trapFocus={false}
      classNames={{ content: 'tap-lookup-sheet', header: 'tap-lookup-sheet-header', body: 'tap-lookup-sheet-body' }}
      data-tap-lookup-ignore
    >
      <Stack gap="sm">
        <Group justify="space-between" align="center" wrap="wrap" gap="xs">
          <Text component="p" fz={26} fw={600} lang="ja" translate="no" m={0} lh={1.25} data-testid="tap-lookup-word">
            {word}
          </Text>
          {lookup.isPending ? <Loader size="sm" aria-hidden /> : null}
        </Group>
        {found ? <Actions word={word} card={() => selectionCard(word, sentence)} /> : null}
        <SelectedSentence value={sentence}>
          {answer && !found ? (
            // Nothing starts at the tap: said for the tapped character, not the whole scan.
            <ResultList query={word} answer={{ ...answer, results: [], kanji: undefined, matched: undefined, searched: word }} />
          ) : (
            <LookupAnswer query={word} lookup={lookup} prefer={answer?.segments?.[0]?.matched} />
          )}
        </SelectedSentence>
      </Stack>
    </Drawer>
  );
}

function Action({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <Button variant="subtle" leftSection={children} onClick={onClick}>
      {label}
    </Button>
  );
}

/** The selection menu's actions on the word: speak, translate, ask AI, add to Anki. */
function Actions({ word, card }: { word: string; card: () => ReturnType<typeof selectionCard> }) {
  const t = useT(common);
  const player = usePlayer();
  const reading = player.state !== 'STOPPED' && player.text === word;
  const icon = { size: 18, stroke: 1.8, 'aria-hidden': true } as const;
  return (
    <div role="group" aria-label={t('selection.menu')} className="tap-lookup-actions">
      <Action label={reading ? t('selection.stop') : t('selection.speak')} onClick={() => void selectionActions.speak(word, 'ja')}>
        {reading && player.state === 'LOADING' ? <Loader size={14} /> : reading ? <IconPlayerStopFilled {...icon} /> : <IconVolume {...icon} />}
      </Action>
      <Action label={t('selection.translate')} onClick={() => selectionActions.translate(word)}>
        <IconLanguage {...icon} />
      </Action>
      <Action label={t('selection.askAI')} onClick={() => selectionActions.askAI(word)}>
        <IconSparkles {...icon} />
      </Action>
      <AddToAnki cardId={word} card={card} />
    </div>
  );
}

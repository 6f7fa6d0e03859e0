import { ActionIcon, Loader, Menu, Paper, Tooltip } from '@mantine/core';
import {
  IconCopy,
  IconDots,
  IconLanguage,
  IconNotebook,
  IconPlayerStopFilled,
  IconSearch,
  IconSparkles,
  IconVocabulary,
  IconVolume,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { AddToAnki } from '../../components/add-to-anki/add-to-anki';
import type { AnkiCard, MarkedText } from '../../lib/anki/anki-note';
import { dictionaryWords } from '../../lib/anki/dict-words';
import { common } from '../../lib/i18n/common';
import { useT } from '../../lib/i18n/use-t';
import { usePlayer } from '../../lib/speech/speech';
import { selectionActions } from './selection-actions';
import { selectionSentence } from './selection-sentence';

interface BarProps {
  text: string;
  locale: string;
  /** Where the selection is: its sentence is read from it when an action needs it. */
  range: Range;
}

/** A card from a selection: the word, its sentence, the dictionary's reading and meaning, the page. */
export async function selectionCard(text: string, sentence: MarkedText | undefined): Promise<AnkiCard> {
  const { reading, meaning } = await dictionaryWords(text);
  return { word: text, reading, meaning, sentence, source: document.title };
}

function Action({ label, hint, onClick, children }: { label: string; hint: string; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip label={hint} openDelay={400} withinPortal={false} position="bottom">
      <ActionIcon variant="subtle" color="gray" size={30} radius="md" aria-label={label} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** The buttons of the selection menu; loaded with the first selection. */
export function SelectionMenuBar({ text, locale, range }: BarProps) {
  const sentence = () => selectionSentence(range);
  const t = useT(common);
  const withKey = (label: string, key: string) => t('selection.withKey', { label, key });
  const player = usePlayer();
  const readingThis = player.state !== 'STOPPED' && player.text === text;
  const icon = { size: 18, stroke: 1.8 };
  return (
    <Paper shadow="md" radius="md" p={3} withBorder style={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      <Action label={t('selection.speak')} hint={readingThis ? t('selection.stop') : t('selection.speak')} onClick={() => void selectionActions.speak(text, locale)}>
        {readingThis && player.state === 'LOADING' ? <Loader size={14} /> : readingThis ? <IconPlayerStopFilled {...icon} /> : <IconVolume {...icon} />}
      </Action>
      <Action label={t('selection.shonagon')} hint={withKey(t('selection.shonagon'), 'n')} onClick={() => selectionActions.shonagon(text)}>
        <IconSearch {...icon} />
      </Action>
      <Action label={t('selection.askAI')} hint={withKey(t('selection.askAI'), 'a')} onClick={() => selectionActions.askAI(text)}>
        <IconSparkles {...icon} />
      </Action>
      <Action label={t('selection.translate')} hint={withKey(t('selection.translate'), 't')} onClick={() => selectionActions.translate(text)}>
        <IconLanguage {...icon} />
      </Action>
      <Action label={t('selection.copy')} hint={t('selection.copy')} onClick={() => void selectionActions.copy(text)}>
        <IconCopy {...icon} />
      </Action>
      <Menu position="bottom-end" withinPortal={false} shadow="md" width={220}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size={30} radius="md" aria-label={t('selection.ellipsis')} title={t('selection.more')}>
            <IconDots {...icon} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconVocabulary size={16} />} onClick={() => selectionActions.dictionary(text, sentence())}>
            {t('selection.dictionary')}
          </Menu.Item>
          <Menu.Item leftSection={<IconNotebook size={16} />} onClick={() => selectionActions.notes(text)}>
            {t('selection.searchNotes')}
          </Menu.Item>
          <Menu.Item leftSection={<IconNotebook size={16} />} onClick={() => selectionActions.saveNote(text)}>
            {t('selection.saveNote')}
          </Menu.Item>
          <AddToAnki variant="menuitem" cardId={text} card={() => selectionCard(text, sentence())} />
        </Menu.Dropdown>
      </Menu>
    </Paper>
  );
}

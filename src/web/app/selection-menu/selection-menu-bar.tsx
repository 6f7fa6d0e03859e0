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
import { usePlayer } from '../../lib/speech/speech';
import { selectionActions } from './selection-actions';

interface BarProps {
  text: string;
  locale: string;
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
export function SelectionMenuBar({ text, locale }: BarProps) {
  const player = usePlayer();
  const readingThis = player.state !== 'STOPPED' && player.text === text;
  const icon = { size: 18, stroke: 1.8 };
  return (
    <Paper shadow="md" radius="md" p={3} withBorder style={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      <Action label="speak" hint={readingThis ? 'stop' : 'speak'} onClick={() => void selectionActions.speak(text, locale)}>
        {readingThis && player.state === 'LOADING' ? <Loader size={14} /> : readingThis ? <IconPlayerStopFilled {...icon} /> : <IconVolume {...icon} />}
      </Action>
      <Action label="search in Shonagon" hint="search in Shonagon (n)" onClick={() => selectionActions.shonagon(text)}>
        <IconSearch {...icon} />
      </Action>
      <Action
        label="Ask AI"
        hint="Ask AI (a)"
        onClick={() => selectionActions.askAI(text)}
      >
        <IconSparkles {...icon} />
      </Action>
      <Action
        label="translate"
        hint="translate (t)"
        onClick={() => selectionActions.translate(text)}
      >
        <IconLanguage {...icon} />
      </Action>
      <Action label="copy selection" hint="copy selection" onClick={() => void selectionActions.copy(text)}>
        <IconCopy {...icon} />
      </Action>
      <Menu position="bottom-end" withinPortal={false} shadow="md" width={170}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size={30} radius="md" aria-label="ellipsis" title="more">
            <IconDots {...icon} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconVocabulary size={16} />}
            onClick={() => selectionActions.dictionary(text)}
          >
            dictionary
          </Menu.Item>
          <Menu.Item
            leftSection={<IconNotebook size={16} />}
            onClick={() => selectionActions.notes(text)}
          >
            search notes
          </Menu.Item>
          <Menu.Item leftSection={<IconNotebook size={16} />} onClick={() => selectionActions.saveNote(text)}>
            save to notes
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Paper>
  );
}

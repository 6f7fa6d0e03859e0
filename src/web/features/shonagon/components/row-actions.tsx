import { ActionIcon, Menu } from '@mantine/core';
import { IconBook, IconCopy, IconDots, IconLanguage, IconSparkles, IconVocabulary, IconVolume } from '@tabler/icons-react';
import { emit } from '../../../lib/events';
import { toast } from '../../../lib/notify';

export interface RowActionTarget {
  sentence: () => Promise<string>;
  key: string;
}

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast('copied', 'success');
  } catch {
    toast('copy failed', 'error');
  }
}

async function speak(text: string) {
  const { speakOrStop } = await import('../../../lib/speech/speech');
  speakOrStop(text, 'ja');
}

/** One result's actions; everything goes through the event bus and the shared speech player. */
export function RowActions({ target, onOpenReader }: { target: RowActionTarget; onOpenReader: () => void }) {
  return (
    <Menu position="bottom-end" shadow="md" width={200} withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size={28} aria-label="sentence actions">
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconVolume size={16} />} onClick={() => void target.sentence().then(speak)}>
          speak
        </Menu.Item>
        <Menu.Item leftSection={<IconLanguage size={16} />} onClick={() => void target.sentence().then((text) => emit('open-translate', { text }))}>
          translate
        </Menu.Item>
        <Menu.Item leftSection={<IconSparkles size={16} />} onClick={() => void target.sentence().then((query) => emit('askAI', { query }))}>
          ask AI
        </Menu.Item>
        <Menu.Item leftSection={<IconVocabulary size={16} />} onClick={() => emit('open-dict', { query: target.key })}>
          dictionary
        </Menu.Item>
        <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => void target.sentence().then(copy)}>
          copy
        </Menu.Item>
        <Menu.Item leftSection={<IconBook size={16} />} onClick={onOpenReader}>
          open in reader
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

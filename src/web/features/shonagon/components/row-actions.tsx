import { ActionIcon, Menu } from '@mantine/core';
import { IconBook, IconCopy, IconDots, IconLanguage, IconSparkles, IconVocabulary, IconVolume } from '@tabler/icons-react';
import { emit } from '../../../lib/events';
import { useT } from '../../../lib/i18n/use-t';
import { toast } from '../../../lib/notify';
import { copyText } from '../../../lib/secure-context';
import { catalogue } from '../i18n';
import { RowAnki } from './row-anki';

export interface RowActionTarget {
  sentence: () => Promise<string>;
  key: string;
  /** The row's left context (finds the key in the whole sentence) and its document. */
  left: string;
  title: string;
  sentenceId: string;
}

async function copy(text: string, messages: { copied: string; failed: string }) {
  if (await copyText(text)) toast(messages.copied, 'success');
  else toast(messages.failed, 'error');
}

async function speak(text: string) {
  const { speakOrStop } = await import('../../../lib/speech/speech');
  speakOrStop(text, 'ja');
}

/** One result's actions; everything goes through the event bus and the shared speech player. */
export function RowActions({ target, onOpenReader }: { target: RowActionTarget; onOpenReader: () => void }) {
  const t = useT(catalogue);
  return (
    <Menu position="bottom-end" shadow="md" width={200} withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size={28} aria-label={t('actions.label')}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconVolume size={16} />} onClick={() => void target.sentence().then(speak)}>
          {t('actions.speak')}
        </Menu.Item>
        <Menu.Item leftSection={<IconLanguage size={16} />} onClick={() => void target.sentence().then((text) => emit('open-translate', { text }))}>
          {t('actions.translate')}
        </Menu.Item>
        <Menu.Item leftSection={<IconSparkles size={16} />} onClick={() => void target.sentence().then((query) => emit('askAI', { query }))}>
          {t('actions.askAI')}
        </Menu.Item>
        <Menu.Item leftSection={<IconVocabulary size={16} />} onClick={() => emit('open-dict', { query: target.key })}>
          {t('actions.dictionary')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconCopy size={16} />}
          onClick={() => void target.sentence().then((text) => copy(text, { copied: t('actions.copied'), failed: t('actions.copyFailed') }))}
        >
          {t('actions.copy')}
        </Menu.Item>
        <Menu.Item leftSection={<IconBook size={16} />} onClick={onOpenReader}>
          {t('actions.openReader')}
        </Menu.Item>
        <RowAnki target={target} />
      </Menu.Dropdown>
    </Menu>
  );
}

import { ActionIcon, Group } from '@mantine/core';
import { IconBook, IconVolume } from '@tabler/icons-react';
import { emit } from '../../../lib/events';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';

async function speakWord(text: string) {
  const { speak } = await import('../../../lib/speech/speech');
  void speak(text, 'ja');
}

/**
 * Speak and dictionary on a word (docs/behaviour.md "Application events": the dictionary modal
 * opens through `open-dict`).
 */
export function WordActions({ word }: { word: string }) {
  const t = useT(catalogue);
  if (!word) return null;
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="subtle" aria-label={t('word.speak')} title={t('word.speak')} onClick={(event) => (event.stopPropagation(), void speakWord(word))}>
        <IconVolume size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon variant="subtle" aria-label={t('word.dictionary')} title={t('word.dictionaryTitle')} onClick={(event) => (event.stopPropagation(), emit('open-dict', { query: word }))}>
        <IconBook size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

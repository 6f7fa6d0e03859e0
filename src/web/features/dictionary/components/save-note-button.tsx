import { Button } from '@mantine/core';
import { IconNotebook } from '@tabler/icons-react';
import type { DictEntry } from '../../../../common/dict';
import { emit } from '../../../lib/events';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';
import { meaningText } from './glossary-text';
import { primaryForm, readingOf } from './result-card';

/** "save to notes": hands the entry to the notes feature through the event bus (features never import each other). */
export function SaveNoteButton({ entry }: { entry: DictEntry }) {
  const t = useT(catalogue);
  const word = primaryForm(entry);
  const reading = readingOf(entry);
  const meaning = meaningText(entry);
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      mt={4}
      leftSection={<IconNotebook size={14} aria-hidden />}
      aria-label={t('entry.saveNoteLabel', { word })}
      onClick={() => emit('save-note', { word, reading, meaning })}
    >
      {t('entry.saveNote')}
    </Button>
  );
}

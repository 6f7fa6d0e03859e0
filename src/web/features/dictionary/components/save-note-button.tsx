import { Button } from '@mantine/core';
import { IconNotebook } from '@tabler/icons-react';
import type { DictEntry } from '../../../../common/dict';
import { emit } from '../../../lib/events';

/** "save to notes": hands the entry to the notes feature through the event bus (features never import each other). */
export function SaveNoteButton({ entry }: { entry: DictEntry }) {
  const word = entry.headwords[0]?.text ?? entry.readings[0]?.text ?? '';
  const reading = entry.headwords.length ? entry.readings.map((form) => form.text).join('・') : '';
  const meaning = entry.senses.map((sense) => sense.glosses.join(', ')).join('; ');
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      mt={4}
      leftSection={<IconNotebook size={14} aria-hidden />}
      aria-label={`save ${word} to notes`}
      onClick={() => emit('save-note', { word, reading, meaning })}
    >
      save to notes
    </Button>
  );
}

import { ActionIcon } from '@mantine/core';
import { IconBookmarkPlus, IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { common } from '../../lib/i18n/common';
import { useT } from '../../lib/i18n/use-t';
import { toast } from '../../lib/notify';
import { addTextDocument, reportShonagonError } from '../../lib/shonagon-client';

/** A document title from the text's first line, short enough for the library list. */
export function titleFromText(text: string, prefix: string): string {
  const first = text.trim().split(/\r?\n/)[0].replace(/[#>*`_]/g, '').trim();
  const chars = Array.from(first);
  return `${prefix}: ${chars.length > 30 ? chars.slice(0, 30).join('') + '…' : first}`;
}

/**
 * "add to Shonagon library" in one click, for a chat reply or a translation: the text becomes a
 * document of the learner's corpus (POST /shonagon_api/documents with JSON).
 */
export function AddToLibraryButton({ text, media, titlePrefix, size = 'md' }: { text: string; media: string; titlePrefix: string; size?: 'sm' | 'md' }) {
  const t = useT(common);
  const [state, setState] = useState<'idle' | 'saving' | 'added'>('idle');
  const add = async () => {
    setState('saving');
    try {
      const created = await addTextDocument({ title: titleFromText(text, titlePrefix), text, media, pubYear: new Date().getFullYear() });
      setState('added');
      toast(t('library.addedCount', { count: created.sentences }), 'success');
    } catch (error) {
      setState('idle');
      reportShonagonError(error);
    }
  };
  return (
    <ActionIcon
      variant="subtle"
      color={state === 'added' ? 'teal' : 'gray'}
      size={size}
      aria-label={t('library.add')}
      title={state === 'added' ? t('library.added') : t('library.add')}
      loading={state === 'saving'}
      disabled={!text.trim() || state === 'added'}
      onClick={() => void add()}
    >
      {state === 'added' ? <IconCheck size={size === 'sm' ? 15 : 16} /> : <IconBookmarkPlus size={size === 'sm' ? 15 : 16} />}
    </ActionIcon>
  );
}

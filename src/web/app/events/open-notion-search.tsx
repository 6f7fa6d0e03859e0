import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { CommonText } from '../../components/common-text/common-text';
import { common } from '../../lib/i18n/common';
import { useT } from '../../lib/i18n/use-t';
import { on } from '../../lib/events';
import { closeModal, openModal } from '../../lib/modal-store';
import { untilLoaded } from '../../lib/until-loaded';

// docs/behaviour.md "Shell": "Notion search" loads lazily, with its first dialog.
const NotionSearch = lazy(() => untilLoaded(() => import('../../features/notion/components/notion-search')).then((m) => ({ default: m.NotionSearch })));
const SaveNoteDialog = lazy(() => untilLoaded(() => import('../../features/notion/components/save-note-dialog')).then((m) => ({ default: m.SaveNoteDialog })));

function Loading() {
  const t = useT(common);
  return (
    <Center p="lg">
      <Loader aria-label={t('loading')} />
    </Center>
  );
}

const fallback = <Loading />;

/**
 * `open-notion-search {query}` opens the dialog named "Notion search"
 * (docs/on-screen-names.md "Dialogs opened from anywhere").
 */
export function handleOpenNotionSearch(): () => void {
  return on('open-notion-search', (props) =>
    openModal({
      title: <CommonText id="modal.notionSearch" />,
      size: 'lg',
      render: () => (
        <Suspense fallback={fallback}>
          <NotionSearch initialQuery={typeof props?.query === 'string' ? props.query : ''} onDone={closeModal} />
        </Suspense>
      ),
    }),
  );
}

/** `save-note {word, reading, meaning, example}` opens "Save to notes". */
export function handleSaveNote(): () => void {
  return on('save-note', (draft) =>
    openModal({
      title: <CommonText id="modal.saveNote" />,
      size: 'lg',
      render: () => (
        <Suspense fallback={fallback}>
          <SaveNoteDialog draft={draft} onDone={closeModal} />
        </Suspense>
      ),
    }),
  );
}

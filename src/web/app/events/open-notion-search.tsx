import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { on } from '../../lib/events';
import { closeModal, openModal } from '../../lib/modal-store';

// Spec §2: "Notion search" loads lazily, with its first dialog.
const NotionSearch = lazy(() => import('../../features/notion/components/notion-search').then((m) => ({ default: m.NotionSearch })));
const SaveNoteDialog = lazy(() => import('../../features/notion/components/save-note-dialog').then((m) => ({ default: m.SaveNoteDialog })));

const fallback = (
  <Center p="lg">
    <Loader aria-label="loading" />
  </Center>
);

/** `open-notion-search {query}` opens the dialog named "Notion search" (CONTRACT.md "MyNotion"). */
export function handleOpenNotionSearch(): () => void {
  return on('open-notion-search', (props) =>
    openModal({
      title: 'Notion search',
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
      title: 'Save to notes',
      size: 'lg',
      render: () => (
        <Suspense fallback={fallback}>
          <SaveNoteDialog draft={draft} onDone={closeModal} />
        </Suspense>
      ),
    }),
  );
}

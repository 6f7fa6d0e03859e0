import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { on } from '../../lib/events';
import { openModal } from '../../lib/modal-store';

// Spec §2: the dictionary loads lazily, with its first modal.
const DictionaryModal = lazy(() => import('../../features/dictionary/components/dictionary-modal').then((m) => ({ default: m.DictionaryModal })));

/** Opens the dictionary modal with `query` in its search box. */
export function openDictionary(query: string): void {
  openModal({
    title: 'Dictionary',
    size: 'lg',
    render: () => (
      <Suspense
        fallback={
          <Center p="lg">
            <Loader aria-label="loading the dictionary" />
          </Center>
        }
      >
        <DictionaryModal initialQuery={query} />
      </Suspense>
    ),
  });
}

/** Handles the app event by opening its feature's modal. Returns the unsubscribe function. */
export function handleOpenDict(): () => void {
  return on('open-dict', ({ query }) => openDictionary(query));
}

import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { MarkedText } from '../../lib/anki/anki-note';
import { CommonText } from '../../components/common-text/common-text';
import { common } from '../../lib/i18n/common';
import { translate } from '../../lib/i18n/i18n';
import { on } from '../../lib/events';
import { openModal } from '../../lib/modal-store';
import { untilLoaded } from '../../lib/until-loaded';

// docs/behaviour.md "Shell": the dictionary loads lazily, with its first modal.
const DictionaryModal = lazy(() => untilLoaded(() => import('../../features/dictionary/components/dictionary-modal')).then((m) => ({ default: m.DictionaryModal })));

/** Opens the dictionary modal with `query` in its search box (selected in `sentence`, when known). */
export function openDictionary(query: string, sentence?: MarkedText): void {
  openModal({
    title: <CommonText id="modal.dictionary" />,
    size: 'lg',
    render: () => (
      <Suspense
        fallback={
          <Center p="lg">
            <Loader aria-label={translate(common, 'modal.loadingDictionary')} />
          </Center>
        }
      >
        <DictionaryModal initialQuery={query} sentence={sentence} />
      </Suspense>
    ),
  });
}

/** Handles the app event by opening its feature's modal. Returns the unsubscribe function. */
export function handleOpenDict(): () => void {
  return on('open-dict', ({ query, sentence }) => openDictionary(query, sentence));
}

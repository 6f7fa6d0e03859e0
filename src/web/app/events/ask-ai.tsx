import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { CommonText } from '../../components/common-text/common-text';
import { common } from '../../lib/i18n/common';
import { translate } from '../../lib/i18n/i18n';
import { on } from '../../lib/events';
import { openModal } from '../../lib/modal-store';
import { untilLoaded } from '../../lib/until-loaded';

const CompactChat = lazy(() => untilLoaded(() => import('../../features/chat/compact-chat')).then((module) => ({ default: module.CompactChat })));

/** Opens the compact chat (docs/behaviour.md "Floating assistant") in the generic modal, asking `query` at once. */
export function openCompactChat(query = ''): void {
  openModal({
    title: <CommonText id="assistant.label" />,
    size: 'lg',
    render: () => (
      <Suspense
        fallback={
          <Center h={160}>
            <Loader aria-label={translate(common, 'loading')} />
          </Center>
        }
      >
        <CompactChat initialQuery={query} />
      </Suspense>
    ),
  });
}

/**
 * `askAI {query}` opens the compact chat (docs/behaviour.md "Application events"). Returns the
 * unsubscribe function.
 */
export function handleAskAi(): () => void {
  return on('askAI', ({ query }) => openCompactChat(query));
}

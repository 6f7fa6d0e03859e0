import { ActionIcon } from '@mantine/core';
import { IconMessageChatbot } from '@tabler/icons-react';
import { common } from '../lib/i18n/common';
import { useT } from '../lib/i18n/use-t';
import { closeModal, isModalOpen } from '../lib/modal-store';
import { openCompactChat } from './events/ask-ai';
import { selectionText } from '../lib/reading/plain-selection';

const selectedPlainText = () => {
  const selection = window.getSelection();
  return selection ? selectionText(selection).trim() : '';
};

/**
 * The floating icon (docs/behaviour.md "Floating assistant"): closes any open modal, otherwise
 * opens the compact chat asking about the current selection. On every screen; the chat screen keeps
 * its send buttons clear of it.
 */
export function FloatingAssistant() {
  const t = useT(common);
  return (
    // A native title rather than Mantine's Tooltip, which would bring floating-ui into the first load.
    <ActionIcon
        className="floating-assistant"
        aria-label={t('assistant.label')}
        title={t('assistant.label')}
        size={52}
        radius="xl"
        variant="gradient"
        gradient={{ from: 'indigo', to: 'violet', deg: 135 }}
        // Keep the page's selection: a mousedown on a button would otherwise clear it.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => {
          if (isModalOpen()) closeModal();
          else openCompactChat(selectedPlainText());
        }}
        // Above the modal's overlay (200): the icon also closes the open modal.
        style={{ position: 'fixed', right: 'calc(20px + env(safe-area-inset-right))', bottom: 'calc(20px + env(safe-area-inset-bottom))', zIndex: 250, boxShadow: '0 6px 18px rgba(76, 56, 200, 0.35)' }}
      >
        <IconMessageChatbot size={26} />
      </ActionIcon>
  );
}

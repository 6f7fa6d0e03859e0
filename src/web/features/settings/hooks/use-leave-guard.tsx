import { Button, Group, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useRef } from 'react';
import { useT } from '../../../lib/i18n/use-t';
import { openModal } from '../../../lib/modal-store';
import { useNavigationGuard, type Leaving } from '../../../lib/navigation-guard';
import { catalogue } from '../i18n';

type LeaveChoice = 'save' | 'discard';

/** The dialog's words follow the interface language, also when it changes while the dialog is open. */
function LeaveTitle() {
  const t = useT(catalogue);
  return <>{t('leave.title')}</>;
}

function LeaveChoices({ onChoose, onStay }: { onChoose: (choice: LeaveChoice) => void; onStay: () => void }) {
  const t = useT(catalogue);
  return (
    <Stack gap="md">
      <Text size="sm">{t('leave.body')}</Text>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onStay} data-autofocus>
          {t('leave.stay')}
        </Button>
        <Button variant="light" color="red" onClick={() => onChoose('discard')}>
          {t('leave.discard')}
        </Button>
        <Button onClick={() => onChoose('save')}>{t('leave.save')}</Button>
      </Group>
    </Stack>
  );
}

/**
 * Asks before leaving the screen with unsaved changes: an in-app navigation is held and a dialog
 * offers to stay, discard or save; closing the tab or reloading gets the browser's own prompt.
 */
/** `saveDraft` returns false when the save failed: then the person stays, edits kept. */
export function useLeaveGuard(dirty: boolean, saveDraft: () => boolean, discardDraft: () => void) {
  const held = useNavigationGuard(useCallback(({ from, to }: Leaving) => dirty && from !== to, [dirty]));
  const actions = useRef({ save: saveDraft, discard: discardDraft });
  useEffect(() => {
    actions.current = { save: saveDraft, discard: discardDraft };
  }, [saveDraft, discardDraft]);

  useEffect(() => {
    if (!held) return;
    let decided = false;
    openModal<LeaveChoice>({
      title: <LeaveTitle />,
      size: 'sm',
      render: ({ confirm, close }) => <LeaveChoices onChoose={confirm} onStay={close} />,
      onConfirm: (choice) => {
        decided = true;
        // Discarding resets the draft too: the screen can stay mounted while the next one loads,
        // and coming back must not show the discarded edits.
        if (choice === 'save' && !actions.current.save()) {
          held.stay();
          return;
        }
        if (choice === 'discard') actions.current.discard();
        held.proceed();
      },
      onClose: () => {
        if (!decided) held.stay();
      },
    });
  }, [held]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show their prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}

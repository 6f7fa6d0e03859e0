import '../screen-styles/screen-styles';
import { Modal } from '@mantine/core';
import { useCallback } from 'react';
import { common } from '../../lib/i18n/common';
import { useT } from '../../lib/i18n/use-t';
import { useModalStore } from '../../lib/modal-store';

/** Renders the one open modal. Close button, backdrop click and Escape all close it. */
export function ModalHost() {
  const t = useT(common);
  const current = useModalStore((state) => state.current);
  const close = useModalStore((state) => state.close);
  const confirm = useCallback(
    (data: unknown) => {
      const request = useModalStore.getState().current;
      request?.onConfirm?.(data);
      close();
    },
    [close],
  );

  return (
    <Modal
      key={current?.key}
      opened={current !== null}
      onClose={close}
      title={current?.title}
      aria-label={current?.label ?? (typeof current?.title === 'string' ? current.title : undefined)}
      size={current?.size ?? 'lg'}
      fullScreen={current?.fullScreen}
      closeOnClickOutside
      closeOnEscape
      closeButtonProps={{ 'aria-label': t('close') }}
      centered
      transitionProps={{ duration: 150 }}
    >
      {current ? current.render({ confirm, close }) : null}
    </Modal>
  );
}

import { describe, expect, it, vi } from 'vitest';
import { emit } from './events';
import { closeModal, isModalOpen, openModal, useModalStore } from './modal-store';

describe('modal store', () => {
  it('opening a modal first closes the open one', () => {
    const firstClosed = vi.fn();
    openModal({ title: 'first', render: () => 'one', onClose: firstClosed });
    openModal({ title: 'second', render: () => 'two' });
    expect(firstClosed).toHaveBeenCalledOnce();
    expect(useModalStore.getState().current?.title).toBe('second');
    closeModal();
  });

  it('closing clears its content, and close-modal closes it', () => {
    openModal({ title: 'x', render: () => 'content' });
    expect(isModalOpen()).toBe(true);
    emit('close-modal');
    expect(isModalOpen()).toBe(false);
    expect(useModalStore.getState().current).toBeNull();
  });
});

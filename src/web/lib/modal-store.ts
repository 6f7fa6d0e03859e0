import type { ReactNode } from 'react';
import { create } from 'zustand';
import { on } from './events';

export interface ModalControls<T = unknown> {
  /** Emits confirm with output data, then closes. */
  confirm: (data: T) => void;
  close: () => void;
}

export interface ModalRequest<T = unknown> {
  title?: ReactNode;
  /** Accessible name when the title is not plain text. */
  label?: string;
  size?: string | number;
  fullScreen?: boolean;
  render: (controls: ModalControls<T>) => ReactNode;
  onConfirm?: (data: T) => void;
  onClose?: () => void;
  /**
   * The selection menu stays hidden while this modal is open (docs/behaviour.md "Selection menu":
   * the translate modal).
   */
  hidesSelectionMenu?: boolean;
}

interface ModalState {
  current: (ModalRequest & { key: number }) | null;
  open: <T>(request: ModalRequest<T>) => void;
  close: () => void;
}

let nextKey = 1;

/**
 * The one open modal (docs/behaviour.md "Generic modal"). Opening a modal first closes the open
 * one; closing clears its content. The shell's modal host renders `current`.
 */
export const useModalStore = create<ModalState>((set, get) => ({
  current: null,
  open: (request) => {
    get().close();
    set({ current: { ...(request as ModalRequest), key: nextKey++ } });
  },
  close: () => {
    const current = get().current;
    if (!current) return;
    set({ current: null });
    current.onClose?.();
  },
}));

export const openModal = <T,>(request: ModalRequest<T>) => useModalStore.getState().open(request);
export const closeModal = () => useModalStore.getState().close();
export const isModalOpen = () => useModalStore.getState().current !== null;

on('close-modal', closeModal);

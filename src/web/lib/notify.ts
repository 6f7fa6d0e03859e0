import { notifications } from '@mantine/notifications';
import { common } from './i18n/common';
import { i18n, translate } from './i18n/i18n';

/** Toasts (docs/behaviour.md "Limits and constants"): top right, 3000 ms, warnings 5000 ms, dismissible. */
export const toastDurations = { normal: 3000, warning: 5000 } as const;

type Kind = 'success' | 'info' | 'warning' | 'error';
const colors: Record<Kind, string> = { success: 'teal', info: 'blue', warning: 'yellow', error: 'red' };

/** `message` is already in the interface language: callers pass translated text. */
export function toast(message: string, kind: Kind = 'info'): void {
  notifications.show({
    message,
    color: colors[kind],
    autoClose: kind === 'warning' ? toastDurations.warning : toastDurations.normal,
    withCloseButton: true,
    closeButtonProps: i18n.locale ? { 'aria-label': translate(common, 'close') } : undefined,
    // Errors interrupt (role=alert); the rest are announced politely.
    role: kind === 'error' || kind === 'warning' ? 'alert' : 'status',
  } as Parameters<typeof notifications.show>[0]);
}

import { notifications } from '@mantine/notifications';

/** Toasts (spec §9): top right, 3000 ms, warnings 5000 ms, dismissible. */
export const toastDurations = { normal: 3000, warning: 5000 } as const;

type Kind = 'success' | 'info' | 'warning' | 'error';
const colors: Record<Kind, string> = { success: 'teal', info: 'blue', warning: 'yellow', error: 'red' };

export function toast(message: string, kind: Kind = 'info'): void {
  notifications.show({
    message,
    color: colors[kind],
    autoClose: kind === 'warning' ? toastDurations.warning : toastDurations.normal,
    withCloseButton: true,
    // Errors interrupt (role=alert); the rest are announced politely.
    role: kind === 'error' || kind === 'warning' ? 'alert' : 'status',
  } as Parameters<typeof notifications.show>[0]);
}

import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

export function Toasts() {
  return <Notifications position="top-right" limit={5} zIndex={10000} />;
}

// The screens' sheets (CloseButton among them) before the toast's own: a sheet both imported would
// be a file of its own on every screen's first load.
import '../components/screen-styles/screen-styles';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

export function Toasts() {
  return <Notifications position="top-right" limit={5} zIndex={10000} />;
}

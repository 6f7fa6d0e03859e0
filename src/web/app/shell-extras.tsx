import { useEffect } from 'react';
import { registerAccessDialog } from './access-dialog';
import { registerAppEventHandlers } from './events/register';
import { FloatingAssistant } from './floating-assistant';
import { SelectionMenu } from './selection-menu/selection-menu';

/**
 * Notes queued for Anki before a reload go out when Anki answers, whatever screen is open. The queue's
 * code loads only when its database exists (someone has used "add to Anki" in this browser).
 */
function resumeAnkiQueue(): () => void {
  const timer = window.setTimeout(() => {
    void (indexedDB.databases?.() ?? Promise.resolve([]))
      .then((databases) => {
        if (databases.some((database) => database.name === 'kotonoha-anki')) return import('../lib/anki/anki-queue').then((queue) => queue.resumeQueue());
      })
      .catch(() => {});
  }, 1000);
  return () => window.clearTimeout(timer);
}

/** Shell-wide overlays and the app event handlers that open the modals of features. */
export function ShellExtras() {
  useEffect(() => registerAppEventHandlers(), []);
  useEffect(() => resumeAnkiQueue(), []);
  useEffect(() => registerAccessDialog(), []);
  return (
    <>
      <SelectionMenu />
      <FloatingAssistant />
    </>
  );
}

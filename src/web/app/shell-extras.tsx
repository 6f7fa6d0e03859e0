import { useEffect } from 'react';
import { registerAccessDialog } from './access-dialog';
import { registerAppEventHandlers } from './events/register';
import { FloatingAssistant } from './floating-assistant';
import { SelectionMenu } from './selection-menu/selection-menu';

/** Shell-wide overlays and the app event handlers that open the modals of features. */
export function ShellExtras() {
  useEffect(() => registerAppEventHandlers(), []);
  useEffect(() => registerAccessDialog(), []);
  return (
    <>
      <SelectionMenu />
      <FloatingAssistant />
    </>
  );
}

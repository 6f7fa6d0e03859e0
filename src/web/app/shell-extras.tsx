import { useEffect } from 'react';
import { registerAppEventHandlers } from './events/register';
import { FloatingAssistant } from './floating-assistant';
import { SelectionMenu } from './selection-menu/selection-menu';

/** Shell-wide overlays and the app event handlers that open the modals of features. */
export function ShellExtras() {
  useEffect(() => registerAppEventHandlers(), []);
  return (
    <>
      <SelectionMenu />
      <FloatingAssistant />
    </>
  );
}

import { handleAskAi } from './ask-ai';
import { handleOpenDict } from './open-dict';
import { handleOpenNotionSearch, handleSaveNote } from './open-notion-search';
import { handleOpenTranslate } from './open-translate';

/** Subscribes every app event (docs/behaviour.md "Application events") to the modal that serves it. */
export function registerAppEventHandlers(): () => void {
  const unsubscribers = [handleAskAi(), handleOpenTranslate(), handleOpenDict(), handleOpenNotionSearch(), handleSaveNote()];
  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}

export interface Rect {
  left: number;
  top: number;
  bottom: number;
}

/** docs/behaviour.md "Selection menu": the menu's left edge is capped at window width − 200. */
export const rightReserve = 200;
export const menuGap = 8;

/**
 * Where the menu goes (viewport coordinates): under the selection, or above it when there is
 * no room below; its left edge follows the selection's, capped at window width − 200.
 */
export function menuPosition(selection: Rect, viewport: { width: number; height: number }, menuHeight: number): { top: number; left: number } {
  let top = selection.bottom + menuGap;
  if (top + menuHeight > viewport.height && selection.top - menuGap - menuHeight >= 0) top = selection.top - menuGap - menuHeight;
  const left = Math.max(4, Math.min(selection.left, viewport.width - rightReserve));
  return { top: Math.round(top), left: Math.round(left) };
}

/** Shortcuts (docs/behaviour.md "Selection menu") apply only when focus is not in something that takes typing. */
export function isTypingTarget(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLElement && element.isContentEditable) return true;
  const tag = element.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (element as HTMLInputElement).type;
    return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image'].includes(type);
  }
  return element.closest('[contenteditable=""], [contenteditable="true"]') !== null;
}

export interface Rect {
  left: number;
  top: number;
  bottom: number;
}

/** docs/behaviour.md "Selection menu": the menu's left edge is capped at window width − 200. */
export const rightReserve = 200;
export const menuGap = 8;
/** Under a selection made by touch: clear of the selection handles the phone draws there. */
export const touchGap = 28;

/**
 * Where the menu goes (viewport coordinates): under the selection, or above it when there is
 * no room below; its left edge follows the selection's, capped at window width − 200. A selection
 * made by touch has the phone's own toolbar above it, so the menu stays below, at the bottom of
 * the screen when there is no room under the selection. A menu wider than the reserve keeps inside
 * the window.
 */
export function menuPosition(selection: Rect, viewport: { width: number; height: number }, menuHeight: number, touch = false, menuWidth = 0): { top: number; left: number } {
  let top = selection.bottom + (touch ? touchGap : menuGap);
  if (touch) top = Math.max(0, Math.min(top, viewport.height - menuHeight - menuGap));
  else if (top + menuHeight > viewport.height && selection.top - menuGap - menuHeight >= 0) top = selection.top - menuGap - menuHeight;
  // On a touch screen its buttons are 44 px: wider than the reserve, it keeps inside the window.
  const left = Math.max(4, Math.min(selection.left, viewport.width - rightReserve, viewport.width - menuWidth - 4));
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

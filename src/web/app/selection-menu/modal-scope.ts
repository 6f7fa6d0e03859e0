import type { ModalRequest } from '../../lib/modal-store';

/** Inside the open dialog, the menu acts on the dialog's own text (a reply, a gloss). */
function insideDialog(node: Node): boolean {
  const element = node instanceof Element ? node : node.parentElement;
  return element?.closest('[role="dialog"]') != null;
}

/**
 * While a modal is open, the menu (and a tap's look-up) serves only text inside it: text behind
 * the modal would be acted on unseen. The translate modal hides it altogether (docs/behaviour.md
 * "Selection menu").
 */
export function allowedWithModal(modal: ModalRequest | null, node: Node | null): boolean {
  if (!modal) return true;
  return !modal.hidesSelectionMenu && node !== null && insideDialog(node);
}

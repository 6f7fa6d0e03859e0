import { useModalStore } from '../../lib/modal-store';
import { allowedWithModal } from '../selection-menu/modal-scope';
import { scanAt, type ScannedText } from './text-at-point';

/** Whatever a tap already does something with: controls, links, media, fields, editable text. */
const interactive = [
  'a[href]',
  'button',
  'input',
  'select',
  'textarea',
  'label',
  'summary',
  'img',
  'svg',
  'picture',
  'video',
  'audio',
  'canvas',
  'iframe',
  '[contenteditable]:not([contenteditable="false"])',
  ...['button', 'link', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'tab', 'checkbox', 'radio', 'switch', 'slider', 'textbox', 'combobox', 'toolbar', 'scrollbar'].map((role) => `[role="${role}"]`),
  '[data-tap-lookup-ignore]',
].join(', ');

/**
 * The text a tap on `target` at (x, y) looks up, or null: a tap on a control does what the control
 * does, and one behind a modal (or outside the modal's own text) nothing.
 */
export function scanTap(target: Element, x: number, y: number): ScannedText | null {
  if (target.closest(interactive)) return null;
  if (!allowedWithModal(useModalStore.getState().current, target)) return null;
  return scanAt(x, y);
}

/**
 * A selection's text without the readings drawn over it (docs/api.md "Furigana"): Chromium's
 * Selection.toString() and copy include <rt> text, `user-select: none` on it notwithstanding. The
 * readings are taken out of layout for the moment the text is read, so line breaks between rows
 * stay as the browser gives them.
 */
export function selectionText(selection: Selection): string {
  const hidden: HTMLElement[] = [];
  for (let i = 0; i < selection.rangeCount; i++) {
    const range = selection.getRangeAt(i);
    const root = range.commonAncestorContainer;
    const scope = root instanceof Element ? root : root.parentElement;
    const within = scope?.closest('ruby');
    const readings = within ? [...within.querySelectorAll('rt, rp')] : [...(scope?.querySelectorAll('rt, rp') ?? [])];
    for (const reading of readings) if (reading instanceof HTMLElement && range.intersectsNode(reading) && reading.style.display !== 'none') hidden.push(reading);
  }
  if (hidden.length === 0) return selection.toString();
  for (const reading of hidden) reading.style.display = 'none';
  try {
    return selection.toString();
  } finally {
    for (const reading of hidden) reading.style.removeProperty('display');
  }
}

let installed = false;

/** Copying a selection that crosses readings puts the plain text on the clipboard. */
export function installPlainCopy(): void {
  if (installed || typeof document === 'undefined') return;
  installed = true;
  document.addEventListener('copy', (event) => {
    const selection = document.getSelection();
    if (!selection || selection.isCollapsed || !event.clipboardData) return;
    const text = selectionText(selection);
    if (text === selection.toString()) return;
    event.clipboardData.setData('text/plain', text);
    event.preventDefault();
  });
}

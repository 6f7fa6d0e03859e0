const isReading = (node: Node) => node.parentElement?.closest('rt, rp') != null;

/**
 * A DOM range's text without the readings in it: `Range.toString()` reads the DOM, not the layout,
 * so it includes every <rt> whatever the styles say.
 */
export function plainRangeText(range: Range): string {
  const root = range.commonAncestorContainer;
  if (root.nodeType === Node.TEXT_NODE) return isReading(root) ? '' : range.toString();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let text = '';
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!range.intersectsNode(node) || isReading(node)) continue;
    const value = node.nodeValue ?? '';
    const start = node === range.startContainer ? range.startOffset : 0;
    const end = node === range.endContainer ? range.endOffset : value.length;
    text += value.slice(start, end);
  }
  return text;
}

/** The name of the CSS highlight (tap-lookup.css styles `::highlight(tap-lookup)`). */
export const highlightName = 'tap-lookup';

interface HighlightRegistry {
  set(name: string, highlight: unknown): void;
  delete(name: string): void;
}

function registry(): { highlights: HighlightRegistry; Highlight: new (...ranges: Range[]) => unknown } | null {
  const css = (globalThis as { CSS?: { highlights?: HighlightRegistry } }).CSS;
  const Highlight = (globalThis as { Highlight?: new (...ranges: Range[]) => unknown }).Highlight;
  return css?.highlights && Highlight ? { highlights: css.highlights, Highlight } : null;
}

/**
 * Marks a range of the page's text without touching the page's own elements: the CSS Custom
 * Highlight API where the browser has it, otherwise boxes drawn over the range's lines (they
 * follow scrolling). Returns the function that takes the mark away.
 */
export function markRange(range: Range): () => void {
  const api = registry();
  if (api) {
    api.highlights.set(highlightName, new api.Highlight(range));
    return () => api.highlights.delete(highlightName);
  }
  const layer = document.createElement('div');
  layer.className = 'tap-lookup-marks';
  layer.setAttribute('aria-hidden', 'true');
  document.body.append(layer);
  const draw = () => {
    layer.replaceChildren(
      ...[...range.getClientRects()].map((box) => {
        const mark = document.createElement('div');
        mark.className = 'tap-lookup-mark';
        Object.assign(mark.style, { left: `${box.left}px`, top: `${box.top}px`, width: `${box.width}px`, height: `${box.height}px` });
        return mark;
      }),
    );
  };
  draw();
  let frame = 0;
  const follow = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(draw);
  };
  window.addEventListener('scroll', follow, { capture: true, passive: true });
  window.addEventListener('resize', follow);
  return () => {
    cancelAnimationFrame(frame);
    window.removeEventListener('scroll', follow, { capture: true });
    window.removeEventListener('resize', follow);
    layer.remove();
  };
}

import { useEffect, type RefObject } from 'react';
import { hasKanji, type ReadingToken } from '../../../common/reading';
import { installPlainCopy } from '../../lib/reading/plain-selection';
import { readingOf, subscribeReading } from '../../lib/reading/reading-client';
import { useSettings } from '../../lib/settings-store';
import classes from './furigana.module.css';

/** Where text is code, or already has readings, it is left alone. */
const skipped = 'pre, code, kbd, samp, ruby, rt, rp, script, style, textarea, button';

function wrapper(text: string, tokens: readonly ReadingToken[], mode: string): HTMLSpanElement {
  const span = document.createElement('span');
  span.className = classes.furigana;
  span.dataset.furigana = mode;
  span.dataset.furiganaText = text;
  for (const token of tokens) {
    if (!token.reading) {
      span.append(token.surface);
      continue;
    }
    const ruby = document.createElement('ruby');
    const rt = document.createElement('rt');
    rt.textContent = token.reading;
    ruby.append(token.surface, rt);
    span.append(ruby);
  }
  return span;
}

/**
 * Furigana over HTML that React does not build node by node (a chat reply's rendered markdown):
 * each text node with kanji is replaced by its ruby once the reading arrives, and put back as it
 * was when the setting goes off or the HTML changes. `html` is what the element was given.
 */
export function useDomFurigana(ref: RefObject<HTMLElement | null>, html: string): void {
  const mode = useSettings((settings) => settings.furigana);
  useEffect(() => {
    const root = ref.current;
    if (!root || mode === 'off') return;
    installPlainCopy();
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) => (hasKanji(node.nodeValue ?? '') && !node.parentElement?.closest(skipped) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT),
    });
    const nodes: Text[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
    const stops: Array<() => void> = [];
    for (const node of nodes) {
      const text = node.data;
      const apply = () => {
        const tokens = readingOf(text);
        if (tokens && node.isConnected) node.replaceWith(wrapper(text, tokens, mode));
      };
      if (readingOf(text) !== undefined) apply();
      else stops.push(subscribeReading(text, apply));
    }
    return () => {
      for (const stop of stops) stop();
      for (const span of root.querySelectorAll<HTMLElement>('[data-furigana-text]')) span.replaceWith(span.dataset.furiganaText ?? '');
    };
  }, [ref, html, mode]);
}

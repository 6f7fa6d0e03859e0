import DOMPurify from 'dompurify';
import { Marked, type Tokens } from 'marked';
import { translate } from '../../../lib/i18n/i18n';
import { catalogue } from '../i18n';
import { getHighlighter } from './highlighter';

/** The words of a code block's copy button, in the interface language. */
export interface CodeLabels {
  copy: string;
  copyCode: string;
}

/** The labels in the active language (the chat catalogue is loaded before a reply is drawn). */
export const currentCodeLabels = (): CodeLabels => ({ copy: translate(catalogue, 'code.copy'), copyCode: translate(catalogue, 'code.copyLabel') });

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

function codeBlock({ text, lang }: Tokens.Code, highlight: boolean, labels: CodeLabels): string {
  const language = (lang ?? '').trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  let body = escapeHtml(text);
  let shown = language;
  if (highlight) {
    const hljs = getHighlighter();
    if (hljs) {
      if (language && hljs.getLanguage(language)) {
        body = hljs.highlight(text, { language, ignoreIllegals: true }).value;
      } else if (!language && text.length < 20_000) {
        const result = hljs.highlightAuto(text);
        body = result.value;
        shown = result.language ?? '';
      }
    }
  }
  const languageClass = shown ? ` language-${escapeHtml(shown)}` : '';
  return (
    `<div class="code-block"><div class="code-head"><span class="code-lang">${escapeHtml(shown || 'text')}</span>` +
    `<button type="button" class="code-copy" aria-label="${escapeHtml(labels.copyCode)}">${escapeHtml(labels.copy)}</button></div>` +
    `<pre><code class="hljs${languageClass}">${body}</code></pre></div>\n`
  );
}

/** The labels of the code blocks being rendered (set for each parse: rendering is synchronous). */
let labels: CodeLabels = { copy: 'copy', copyCode: 'copy code' };

function createMarked(highlight: boolean): Marked {
  return new Marked({
    gfm: true,
    breaks: true,
    async: false,
    renderer: {
      code: (token) => codeBlock(token, highlight, labels),
    },
  });
}

const markedHighlighted = createMarked(true);
const markedPlain = createMarked(false);

// Our own instance, so the hooks below do not leak into other users of DOMPurify.
const purify = DOMPurify(window);

function isExternal(href: string): boolean {
  try {
    const url = new URL(href, window.location.href);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== window.location.origin;
  } catch {
    return false;
  }
}

purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    const href = node.getAttribute('href');
    if (href && isExternal(href)) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    } else {
      node.removeAttribute('target');
    }
  } else if (node.tagName === 'IMG') {
    node.setAttribute('loading', 'lazy');
    node.setAttribute('referrerpolicy', 'no-referrer');
  }
});

const purifyConfig = {
  USE_PROFILES: { html: true },
  ADD_ATTR: ['target'],
  FORBID_TAGS: ['style', 'form', 'input', 'textarea', 'select', 'iframe', 'object', 'embed', 'link', 'meta', 'base'],
  FORBID_ATTR: ['style', 'srcset', 'formaction'],
};

/** Sanitises HTML for display: no scripts, no event handlers, no javascript: URLs. */
export function sanitizeHtml(html: string): string {
  return purify.sanitize(html, purifyConfig) as string;
}

/**
 * Markdown (GFM tables, code blocks) to safe HTML. `highlight` is false for a block that is still
 * streaming: highlighting a growing code block every frame is the costliest thing we could do.
 */
export function renderMarkdown(markdown: string, highlight = true, codeLabels: CodeLabels = currentCodeLabels()): string {
  labels = codeLabels;
  const html = (highlight ? markedHighlighted : markedPlain).parse(markdown) as string;
  return sanitizeHtml(html);
}

const cache = new Map<string, string>();
const cacheLimit = 3000;

/** `renderMarkdown` for finished blocks, remembered: a virtualised list remounts items often. */
export function renderBlockCached(raw: string, highlightReady: boolean, codeLabels: CodeLabels = currentCodeLabels()): string {
  // The labels are part of the key: a switch of language draws the copy buttons anew.
  const key = `${highlightReady ? 'h' : 'p'}${codeLabels.copy}\u0000${codeLabels.copyCode}\u0000${raw}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const html = renderMarkdown(raw, true, codeLabels);
  if (cache.size >= cacheLimit) cache.delete(cache.keys().next().value!);
  cache.set(key, html);
  return html;
}

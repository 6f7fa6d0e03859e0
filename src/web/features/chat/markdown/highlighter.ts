import type { HLJSApi } from 'highlight.js';

let instance: HLJSApi | null = null;
let loading: Promise<HLJSApi> | null = null;
const listeners = new Set<() => void>();

/**
 * highlight.js core with a handful of languages, loaded on first use so the chat route does not
 * pay for it until a reply contains code.
 */
export function loadHighlighter(): Promise<HLJSApi> {
  loading ??= (async () => {
    const [core, ...languages] = await Promise.all([
      import('highlight.js/lib/core'),
      import('highlight.js/lib/languages/javascript'),
      import('highlight.js/lib/languages/typescript'),
      import('highlight.js/lib/languages/python'),
      import('highlight.js/lib/languages/json'),
      import('highlight.js/lib/languages/bash'),
      import('highlight.js/lib/languages/xml'),
      import('highlight.js/lib/languages/css'),
      import('highlight.js/lib/languages/sql'),
      import('highlight.js/lib/languages/java'),
      import('highlight.js/lib/languages/go'),
      import('highlight.js/lib/languages/rust'),
      import('highlight.js/lib/languages/cpp'),
      import('highlight.js/lib/languages/yaml'),
      import('highlight.js/lib/languages/diff'),
      import('highlight.js/lib/languages/markdown'),
    ]);
    const names = ['javascript', 'typescript', 'python', 'json', 'bash', 'xml', 'css', 'sql', 'java', 'go', 'rust', 'cpp', 'yaml', 'diff', 'markdown'];
    const hljs = core.default;
    names.forEach((name, i) => hljs.registerLanguage(name, languages[i].default));
    instance = hljs;
    listeners.forEach((listener) => listener());
    return hljs;
  })();
  return loading;
}

/** The loaded highlighter, or null (and starts loading it). */
export function getHighlighter(): HLJSApi | null {
  if (!instance) void loadHighlighter().catch(() => {});
  return instance;
}

export const isHighlighterReady = () => instance !== null;

export function subscribeHighlighter(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const whenIdle = (callback: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(callback, { timeout: 2000 }) : setTimeout(callback, 50);

let warming = false;

/**
 * Loads highlight.js while the page is idle and compiles one grammar per idle slot: the first
 * highlight of a language compiles its regexes, which would otherwise land in the middle of a
 * streaming reply as one long task. Started by the first reply shown; once per page.
 */
export function warmHighlighter(): void {
  if (warming) return;
  warming = true;
  whenIdle(() => {
    void loadHighlighter()
      .then((hljs) => {
        const names = hljs.listLanguages();
        const next = (index: number) => {
          if (index >= names.length) return;
          whenIdle(() => {
            hljs.highlight('x', { language: names[index], ignoreIllegals: true });
            next(index + 1);
          });
        };
        next(0);
      })
      .catch(() => {});
  });
}

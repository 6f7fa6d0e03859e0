import { describe, expect, it } from 'vitest';
import { loadHighlighter } from './highlighter';
import { renderMarkdown, sanitizeHtml } from './render-markdown';

function dom(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

describe('renderMarkdown sanitising', () => {
  it('drops event handlers from raw HTML', () => {
    const root = dom(renderMarkdown('before <img src=x onerror=alert(1)> after'));
    const img = root.querySelector('img');
    expect(img).not.toBeNull();
    expect(img!.getAttribute('onerror')).toBeNull();
    expect(root.innerHTML).not.toContain('alert(1)');
  });

  it('drops javascript: links but keeps their text', () => {
    const root = dom(renderMarkdown('[x](javascript:alert(1)) and <a href="JaVaScRiPt:alert(2)">y</a>'));
    for (const anchor of root.querySelectorAll('a')) expect(anchor.getAttribute('href') ?? '').not.toMatch(/javascript/i);
    expect(root.textContent).toContain('x');
    expect(root.innerHTML).not.toMatch(/alert\(/);
  });

  it('removes script, style and iframe elements', () => {
    const root = dom(renderMarkdown('<script>alert(1)</script>\n\n<style>body{display:none}</style><iframe src="https://evil.test"></iframe>text'));
    expect(root.querySelector('script, style, iframe')).toBeNull();
    expect(root.textContent).toContain('text');
  });

  it('removes on* attributes and inline styles from any element', () => {
    const root = dom(sanitizeHtml('<div onclick="alert(1)" style="position:fixed" onmouseover="x()">hi</div><svg><a xlink:href="javascript:alert(1)"><circle onload="alert(1)"/></a></svg>'));
    expect(root.innerHTML).not.toMatch(/onclick|onmouseover|onload|position:fixed|javascript/i);
  });

  it('opens external links in a new tab without opener or referrer', () => {
    const root = dom(renderMarkdown('[site](https://example.com/page) and [here](/chat) and <https://example.org>'));
    const [external, internal, auto] = root.querySelectorAll('a');
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
    expect(internal.getAttribute('target')).toBeNull();
    expect(auto.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('renders GFM tables', () => {
    const root = dom(renderMarkdown('| a | b |\n|---|---|\n| 1 | 2 |'));
    expect(root.querySelectorAll('table th')).toHaveLength(2);
    expect(root.querySelector('td')?.textContent).toBe('1');
  });

  it('renders code blocks with a copy button and escapes their content', () => {
    const root = dom(renderMarkdown('```html\n<script>alert(1)</script>\n```'));
    expect(root.querySelector('button.code-copy')?.getAttribute('aria-label')).toBe('copy code');
    expect(root.querySelector('script')).toBeNull();
    expect(root.querySelector('pre code')?.textContent).toBe('<script>alert(1)</script>');
  });

  it('highlights code once highlight.js is loaded', async () => {
    await loadHighlighter();
    const root = dom(renderMarkdown('```ts\nconst answer: number = 42;\n```'));
    expect(root.querySelector('code.language-ts .hljs-keyword')?.textContent).toBe('const');
    expect(root.querySelector('.code-lang')?.textContent).toBe('ts');
    // A streaming tail is never highlighted (the costly part), only escaped.
    const plain = dom(renderMarkdown('```ts\nconst a = 1;\n```', false));
    expect(plain.querySelector('.hljs-keyword')).toBeNull();
  });
});

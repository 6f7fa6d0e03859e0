import { safeCssValue } from './structured-content';

/**
 * A dictionary's styles.css made safe to load beside the app's: every rule's selectors are put
 * under `[data-dictionary="<id>"]` (the element the app draws that dictionary's entries in;
 * `:root`, `html` and `body` become that element), `@media`/`@supports` keep their rules so
 * scoped, and what could reach outside or fetch anything is dropped: other at-rules (`@import`,
 * `@font-face`, `@keyframes`, …), declarations with `url(`, `expression(`, `position: fixed`
 * or `sticky`, and anything that does not parse as selectors { declarations }.
 */
export function scopeCss(css: string, dictionaryId: string): string {
  const scope = `[data-dictionary="${dictionaryId.replace(/["\\]/g, '')}"]`;
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/<\/?style/gi, '');
  return scopeBlock(text, scope, 0).trim() + '\n';
}

function scopeBlock(text: string, scope: string, depth: number): string {
  let out = '';
  let at = 0;
  while (at < text.length) {
    const open = findTopLevel(text, '{', at);
    const semicolon = findTopLevel(text, ';', at);
    if (semicolon >= 0 && (open < 0 || semicolon < open)) {
      // A statement at-rule (@import, @charset, @namespace) or stray text: dropped.
      at = semicolon + 1;
      continue;
    }
    if (open < 0) break;
    const close = matchingBrace(text, open);
    if (close < 0) break;
    const prelude = text.slice(at, open).trim();
    const body = text.slice(open + 1, close);
    at = close + 1;
    if (prelude.startsWith('@')) {
      if (depth < 4 && /^@(media|supports)\b/i.test(prelude) && !/url\s*\(/i.test(prelude)) {
        const inner = scopeBlock(body, scope, depth + 1);
        if (inner.trim() !== '') out += `${prelude} {\n${inner}}\n`;
      }
      continue;
    }
    const selectors = splitTopLevel(prelude, ',')
      .map((selector) => selector.trim())
      .filter((selector) => selector !== '' && !/[<>]\s*$/.test(selector) && !selector.includes('{'))
      .map((selector) => scopeSelector(selector, scope));
    const declarations = splitTopLevel(body, ';')
      .map((declaration) => declaration.trim())
      .filter((declaration) => safeDeclaration(declaration));
    if (selectors.length === 0 || declarations.length === 0) continue;
    out += `${selectors.join(',\n')} {\n  ${declarations.join(';\n  ')};\n}\n`;
  }
  return out;
}

function scopeSelector(selector: string, scope: string): string {
  const root = /^(:root|html|body)\b/i.exec(selector);
  if (root) {
    const rest = selector.slice(root[0].length).replace(/^\s*(body)\b/i, '');
    return `${scope}${rest}`;
  }
  return `${scope} ${selector}`;
}

function safeDeclaration(declaration: string): boolean {
  const colon = declaration.indexOf(':');
  if (colon <= 0 || declaration.includes('{') || declaration.includes('}')) return false;
  const property = declaration.slice(0, colon).trim().toLowerCase();
  const value = declaration.slice(colon + 1).trim();
  if (!/^-?[a-z-]+$/.test(property) && !/^--[\w-]+$/.test(property)) return false;
  if (property === 'behavior' || property === '-moz-binding') return false;
  if (property === 'position' && /fixed|sticky/i.test(value)) return false;
  return safeCssValue(value.replace(/\\[0-9a-f]{1,6}\s?/gi, '\\'));
}

/**
 * Walks `text` from `from` past quoted strings (and the escapes inside them): `stop` sees every
 * other character, and the walk ends at the first it accepts. Its index, or -1.
 */
function scan(text: string, from: number, stop: (char: string) => boolean): number {
  let quote = '';
  for (let index = from; index < text.length; index++) {
    const current = text[index];
    if (quote) {
      if (current === '\\') index++;
      else if (current === quote) quote = '';
      continue;
    }
    if (current === '"' || current === "'") quote = current;
    else if (stop(current)) return index;
  }
  return -1;
}

/** Index of `char` at nesting depth 0 (outside parentheses, brackets, braces and strings), or -1. */
function findTopLevel(text: string, char: string, from: number): number {
  let depth = 0;
  return scan(text, from, (current) => {
    if (depth === 0 && current === char) return true;
    if (current === '(' || current === '[') depth++;
    else if (current === ')' || current === ']') depth = Math.max(0, depth - 1);
    return false;
  });
}

function matchingBrace(text: string, open: number): number {
  let depth = 0;
  return scan(text, open, (current) => {
    if (current === '{') depth++;
    else if (current === '}' && --depth === 0) return true;
    return false;
  });
}

function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let at = 0;
  for (;;) {
    const next = findTopLevel(text, separator, at);
    if (next < 0) break;
    parts.push(text.slice(at, next));
    at = next + 1;
  }
  parts.push(text.slice(at));
  return parts;
}

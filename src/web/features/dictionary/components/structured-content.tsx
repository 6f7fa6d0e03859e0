import { Fragment, type CSSProperties, type MouseEvent, type ReactNode } from 'react';
import type { StructuredContent, StructuredElement } from '../../../../common/dictionaries';
import { useLookUp } from './look-up';

/**
 * A dictionary's structured content drawn as React elements: only the tags, attributes and style
 * properties Yomitan's term bank schema allows, whatever the server stored (the import validates
 * too; this is the second wall). Nothing a dictionary holds is ever inserted as HTML.
 */

const containerTags = new Set(['ruby', 'rt', 'rp', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'ol', 'ul', 'li', 'details', 'summary', 'span', 'div']);
/** The tags that take `style` and `title` (the schema's "styled containers" and table cells). */
const styledTags = new Set(['span', 'div', 'ol', 'ul', 'li', 'details', 'summary', 'td', 'th']);

/** The schema's style properties (`structuredContentStyle`); anything else, `position` included, is dropped. */
const styleProperties = new Set([
  'fontStyle', 'fontWeight', 'fontSize', 'color', 'background', 'backgroundColor', 'textDecorationLine', 'textDecorationStyle', 'textDecorationColor',
  'borderColor', 'borderStyle', 'borderRadius', 'borderWidth', 'clipPath', 'verticalAlign', 'textAlign', 'textEmphasis', 'textShadow', 'margin',
  'marginTop', 'marginLeft', 'marginRight', 'marginBottom', 'padding', 'paddingTop', 'paddingLeft', 'paddingRight', 'paddingBottom', 'wordBreak',
  'whiteSpace', 'cursor', 'listStyleType',
]);
/** A value that could fetch something, break out of its declaration or run script is dropped. */
const unsafeStyleValue = /[;{}<>\\@]|url\s*\(|image(-set)?\s*\(|expression\s*\(|element\s*\(|attr\s*\(|var\s*\(|javascript:/i;
const verticalAligns = new Set(['baseline', 'sub', 'super', 'text-top', 'text-bottom', 'middle', 'top', 'bottom']);
const dataKey = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
const languageTag = /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8}){0,6}$/;

export function safeStyle(style: unknown): CSSProperties | undefined {
  if (typeof style !== 'object' || style === null || Array.isArray(style)) return undefined;
  const safe: Record<string, string | number> = {};
  for (const [property, raw] of Object.entries(style as Record<string, unknown>)) {
    if (!styleProperties.has(property)) continue;
    const value = Array.isArray(raw) && property === 'textDecorationLine' ? raw.filter((item) => typeof item === 'string').join(' ') : raw;
    if (typeof value === 'number' && Number.isFinite(value)) safe[property] = value;
    else if (typeof value === 'string' && value.length <= 200 && !unsafeStyleValue.test(value)) safe[property] = value;
  }
  return Object.keys(safe).length > 0 ? (safe as CSSProperties) : undefined;
}

/** Yomitan's `data` object as `data-sc-<key>` attributes (camelCase keys in kebab-case, as its dataset does). */
function dataAttributes(data: unknown): Record<string, string> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return {};
  const attributes: Record<string, string> = {};
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (!dataKey.test(key) || typeof value !== 'string') continue;
    attributes[`data-sc-${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`] = value;
  }
  return attributes;
}

/** Where a dictionary's image is served: a relative path inside its zip, nothing that climbs out of it. */
export function mediaUrl(dictionary: string, path: unknown): string | null {
  if (typeof path !== 'string' || path === '' || path.length > 1024) return null;
  if (path.startsWith('/') || path.includes('\\') || /^[a-z][a-z0-9+.-]*:/i.test(path)) return null;
  const parts = path.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..')) return null;
  return `/api/dict/dictionaries/${encodeURIComponent(dictionary)}/media/${parts.map(encodeURIComponent).join('/')}`;
}

export type LinkTarget = { kind: 'web'; url: string } | { kind: 'lookup'; query: string } | null;

/** `https:`/`http:` links open in a new tab; `?query=…` looks the word up here; anything else is no link. */
export function linkTarget(href: unknown): LinkTarget {
  if (typeof href !== 'string') return null;
  if (href.startsWith('?')) {
    const query = new URLSearchParams(href.slice(1)).get('query')?.trim();
    return query ? { kind: 'lookup', query } : null;
  }
  try {
    const url = new URL(href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? { kind: 'web', url: url.href } : null;
  } catch {
    return null;
  }
}

const positiveInt = (value: unknown, max: number) => (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= max ? value : undefined);
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

interface RenderContext {
  dictionary: string;
  lookUp: (query: string) => void;
}

/** Line breaks inside a text node are kept, as Yomitan shows them. */
function textNode(value: string, key: string): ReactNode {
  if (!value.includes('\n')) return value;
  return (
    <Fragment key={key}>
      {value.split('\n').map((line, index) => (
        <Fragment key={index}>
          {index > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </Fragment>
  );
}

function renderNode(node: unknown, context: RenderContext, key: string, depth: number): ReactNode {
  // A tree deeper than any real entry is cut rather than overflowing the stack.
  if (depth > 64) return null;
  if (typeof node === 'string') return textNode(node, key);
  if (Array.isArray(node)) return node.map((child, index) => renderNode(child, context, `${key}.${index}`, depth + 1));
  if (typeof node !== 'object' || node === null) return null;
  const element = node as StructuredElement;
  const tag = element.tag;
  const children = () => renderNode(element.content, context, `${key}.c`, depth + 1);
  const common = { className: `gloss-sc-${tag}`, ...dataAttributes(element.data), lang: typeof element.lang === 'string' && languageTag.test(element.lang) ? element.lang : undefined };

  if (tag === 'br') return <br key={key} className={common.className} {...dataAttributes(element.data)} />;
  if (tag === 'img') return <StructuredImage key={key} element={element} dictionary={context.dictionary} data={dataAttributes(element.data)} />;
  if (tag === 'a') {
    const target = linkTarget(element.href);
    if (target?.kind === 'web') {
      return (
        <a key={key} {...common} href={target.url} target="_blank" rel="noopener noreferrer">
          {children()}
        </a>
      );
    }
    if (target?.kind === 'lookup') {
      const query = target.query;
      return (
        <a
          key={key}
          {...common}
          href={`?query=${encodeURIComponent(query)}`}
          onClick={(event: MouseEvent) => {
            event.preventDefault();
            context.lookUp(query);
          }}
        >
          {children()}
        </a>
      );
    }
    // Not a link this page follows: its words stay, the link goes.
    return (
      <span key={key} {...common}>
        {children()}
      </span>
    );
  }
  if (typeof tag !== 'string' || !containerTags.has(tag)) return null;

  const Tag = tag as 'span';
  const props: Record<string, unknown> = { ...common };
  if (styledTags.has(tag)) {
    props.style = safeStyle(element.style);
    props.title = text(element.title);
  }
  if (tag === 'td' || tag === 'th') {
    props.colSpan = positiveInt(element.colSpan, 1000);
    props.rowSpan = positiveInt(element.rowSpan, 65534);
  }
  if (tag === 'details' && element.open === true) props.open = true;
  return (
    <Tag key={key} {...props}>
      {children()}
    </Tag>
  );
}

function StructuredImage({ element, dictionary, data }: { element: Omit<StructuredElement, 'tag'>; dictionary: string; data: Record<string, string> }) {
  const src = mediaUrl(dictionary, element.path);
  if (!src) return null;
  const unit = element.sizeUnits === 'em' ? 'em' : 'px';
  const size = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= 10_000 ? `${value}${unit}` : undefined);
  const rendering = element.imageRendering === 'pixelated' || element.imageRendering === 'crisp-edges' ? element.imageRendering : element.pixelated === true ? 'pixelated' : undefined;
  const verticalAlign = typeof element.verticalAlign === 'string' && verticalAligns.has(element.verticalAlign) ? element.verticalAlign : undefined;
  return (
    <img
      className="gloss-sc-img"
      {...data}
      src={src}
      alt={text(element.alt) ?? text(element.description) ?? ''}
      title={text(element.title)}
      loading="lazy"
      decoding="async"
      style={{ width: size(element.width), height: size(element.height), imageRendering: rendering, verticalAlign, maxWidth: '100%', objectFit: 'contain' }}
    />
  );
}

/** One structured-content definition of `dictionary` (its id: images come from its own files). */
export function StructuredContentView({ content, dictionary }: { content: StructuredContent; dictionary: string }) {
  const lookUp = useLookUp();
  return <>{renderNode(content, { dictionary, lookUp }, 'sc', 0)}</>;
}

/** An `image` definition (the glossary form, not the tag): the same image rules. */
export function GlossaryImage({ image, dictionary }: { image: Omit<StructuredElement, 'tag'>; dictionary: string }) {
  return <StructuredImage element={image} dictionary={dictionary} data={{}} />;
}

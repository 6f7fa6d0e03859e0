/**
 * Structured content as Yomitan's term bank schema (format 3) allows it: its tags, each tag's
 * attributes, and its style properties with their values; anything else fails the row. What
 * passes is stored as it came and drawn by the app as elements (never as HTML).
 */

type AttributeCheck = (value: unknown) => string | null;

const isString: AttributeCheck = (value) => (typeof value === 'string' ? null : 'must be a string');
const isBoolean: AttributeCheck = (value) => (typeof value === 'boolean' ? null : 'must be true or false');
const nonNegative: AttributeCheck = (value) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? null : 'must be a number ≥ 0');
const positiveInteger: AttributeCheck = (value) => (Number.isInteger(value) && (value as number) >= 1 ? null : 'must be an integer ≥ 1');
const oneOf =
  (...allowed: string[]): AttributeCheck =>
  (value) =>
    typeof value === 'string' && allowed.includes(value) ? null : `must be one of ${allowed.join(', ')}`;

/** A CSS value a dictionary may set: no way out of the declaration, no fetched resource. */
export function safeCssValue(value: string): boolean {
  if (value.length > 200) return false;
  // Most values (1em, #565656, bold) hold none of these: no need for the slower pattern.
  if (!/[;{}<>\\(@]/.test(value)) return true;
  return !/[;{}<>\\]|url\s*\(|image\s*\(|image-set|expression\s*\(|@import/i.test(value);
}
const cssText: AttributeCheck = (value) => (typeof value === 'string' && safeCssValue(value) ? null : 'must be a plain CSS value');
const cssNumberOrText: AttributeCheck = (value) => (typeof value === 'number' && Number.isFinite(value) ? null : cssText(value));
const verticalAlign = oneOf('baseline', 'sub', 'super', 'text-top', 'text-bottom', 'middle', 'top', 'bottom');

const styleProperties: Record<string, AttributeCheck> = {
  fontStyle: oneOf('normal', 'italic'),
  fontWeight: oneOf('normal', 'bold'),
  fontSize: cssText,
  color: cssText,
  background: cssText,
  backgroundColor: cssText,
  textDecorationLine: (value) =>
    Array.isArray(value)
      ? value.every((line) => ['underline', 'overline', 'line-through'].includes(line as string))
        ? null
        : 'must list underline, overline or line-through'
      : oneOf('none', 'underline', 'overline', 'line-through')(value),
  textDecorationStyle: oneOf('solid', 'double', 'dotted', 'dashed', 'wavy'),
  textDecorationColor: cssText,
  borderColor: cssText,
  borderStyle: cssText,
  borderRadius: cssText,
  borderWidth: cssText,
  clipPath: cssText,
  verticalAlign,
  textAlign: oneOf('start', 'end', 'left', 'right', 'center', 'justify', 'justify-all', 'match-parent'),
  textEmphasis: cssText,
  textShadow: cssText,
  margin: cssText,
  marginTop: cssNumberOrText,
  marginLeft: cssNumberOrText,
  marginRight: cssNumberOrText,
  marginBottom: cssNumberOrText,
  padding: cssText,
  paddingTop: cssText,
  paddingLeft: cssText,
  paddingRight: cssText,
  paddingBottom: cssText,
  wordBreak: oneOf('normal', 'break-all', 'keep-all'),
  whiteSpace: cssText,
  cursor: cssText,
  listStyleType: cssText,
};

/** The CSS properties a stored style may hold (the app's renderer allows the same). */
export const allowedStyleProperties: readonly string[] = Object.keys(styleProperties);

const style: AttributeCheck = (value) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'must be an object';
  const properties = value as Record<string, unknown>;
  for (const name in properties) {
    const check = Object.hasOwn(styleProperties, name) ? styleProperties[name] : undefined;
    if (!check) return `style "${name}" is not allowed`;
    const issue = check(properties[name]);
    if (issue) return `style "${name}" ${issue}`;
  }
  return null;
};

/** Data keys seen and found fine (a dictionary uses a handful, again and again). */
const goodDataKeys = new Set<string>();
const data: AttributeCheck = (value) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'must be an object';
  const items = value as Record<string, unknown>;
  for (const key in items) {
    if (!goodDataKeys.has(key)) {
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(key)) return `data key "${key.slice(0, 40)}" is not allowed`;
      if (goodDataKeys.size < 10_000) goodDataKeys.add(key);
    }
    if (typeof items[key] !== 'string') return `data "${key}" must be a string`;
  }
  return null;
};

const href: AttributeCheck = (value) => (typeof value === 'string' && /^(?:https?:|\?)/i.test(value) ? null : 'must start with https:, http: or ?');

/** A file inside the dictionary: relative, no `..`, no backslash or drive. */
export function safeMediaPath(path: string): boolean {
  if (path === '' || path.length > 512 || path.startsWith('/') || path.includes('\\') || /^[a-z]:/i.test(path) || path.includes('\0')) return false;
  return path.split('/').every((part) => part !== '..' && part !== '.' && part !== '');
}
const mediaPath: AttributeCheck = (value) => (typeof value === 'string' && safeMediaPath(value) ? null : 'must be a path inside the dictionary (no "..", not absolute)');

const container = { tag: isString, content: null, data, lang: isString };
const kinds: Record<string, Record<string, AttributeCheck | null>> = {};
kinds.br = { tag: isString, data };
for (const tag of ['ruby', 'rt', 'rp', 'table', 'thead', 'tbody', 'tfoot', 'tr']) kinds[tag] = container;
for (const tag of ['td', 'th']) kinds[tag] = { ...container, colSpan: positiveInteger, rowSpan: positiveInteger, style };
for (const tag of ['span', 'div', 'ol', 'ul', 'li', 'details', 'summary']) kinds[tag] = { ...container, style, title: isString, open: isBoolean };
kinds.a = { tag: isString, content: null, href, lang: isString };
/** An image's attributes (an `img` element, and the `image` glossary form without `tag`). */
export const imageAttributes: Record<string, AttributeCheck | null> = {
  data,
  path: mediaPath,
  width: nonNegative,
  height: nonNegative,
  title: isString,
  alt: isString,
  description: isString,
  pixelated: isBoolean,
  imageRendering: oneOf('auto', 'pixelated', 'crisp-edges'),
  appearance: oneOf('auto', 'monochrome'),
  background: isBoolean,
  collapsed: isBoolean,
  collapsible: isBoolean,
  verticalAlign,
  border: cssText,
  borderRadius: cssText,
  sizeUnits: oneOf('px', 'em'),
};
kinds.img = { tag: isString, ...imageAttributes };

/** The tags structured content may use. */
export const allowedTags: readonly string[] = Object.keys(kinds);

export class ContentIssue extends Error {}

/** Checks an element's attributes against `allowed`; `path` is required for images. */
export function checkAttributes(node: Record<string, unknown>, allowed: Record<string, AttributeCheck | null>, where: string) {
  for (const name in node) {
    if (!Object.hasOwn(allowed, name)) throw new ContentIssue(`${where}: attribute "${name.slice(0, 40)}" is not allowed`);
    const check = allowed[name];
    const issue = check ? check(node[name]) : null;
    if (issue) throw new ContentIssue(`${where}: ${name} ${issue}`);
  }
}

/** Throws a ContentIssue naming the first node outside the schema; collects image paths into `images`. */
export function checkStructuredContent(content: unknown, images: Set<string>, where = 'content', depth = 0): void {
  if (depth > 64) throw new ContentIssue(`${where}: nested too deep`);
  if (typeof content === 'string') return;
  if (Array.isArray(content)) {
    for (let index = 0; index < content.length; index++) checkStructuredContent(content[index], images, where, depth + 1);
    return;
  }
  if (typeof content !== 'object' || content === null) throw new ContentIssue(`${where}: a node must be text, a list or an element`);
  const node = content as Record<string, unknown>;
  const tag = node.tag;
  if (typeof tag !== 'string') throw new ContentIssue(`${where}: an element needs a tag`);
  const allowed = Object.hasOwn(kinds, tag) ? kinds[tag] : undefined;
  if (!allowed) throw new ContentIssue(`${where}: tag "${tag.slice(0, 40)}" is not allowed`);
  checkAttributes(node, allowed, `${where} <${tag}>`);
  if (tag === 'img') {
    if (typeof node.path !== 'string') throw new ContentIssue(`${where} <img>: path is required`);
    images.add(node.path);
  }
  if (tag === 'a' && typeof node.href !== 'string') throw new ContentIssue(`${where} <a>: href is required`);
  if (node.content !== undefined) checkStructuredContent(node.content, images, where, depth + 1);
}

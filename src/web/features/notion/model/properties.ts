/**
 * Notion property values (docs/protocols/notion.md) as the app reads them: plain text for
 * search, sorting, the SQL executor and speech; typed parts for rendering. A type the app does not
 * know is read as whatever text it carries, never a crash.
 */

export interface RichTextPart {
  type?: string;
  plain_text?: string;
  href?: string | null;
  text?: { content?: string; link?: { url?: string } | null };
  annotations?: Partial<Record<'bold' | 'italic' | 'strikethrough' | 'underline' | 'code', boolean>> & { color?: string };
}

export interface NotionProperty {
  id?: string;
  type: string;
  [value: string]: unknown;
}

export type NotionProperties = Record<string, NotionProperty>;

export interface NotionPageObject {
  object?: string;
  id: string;
  url?: string;
  created_time?: string;
  last_edited_time?: string;
  in_trash?: boolean;
  archived?: boolean;
  properties: NotionProperties;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function richTextPlain(parts: unknown): string {
  if (!Array.isArray(parts)) return '';
  return parts.map((part) => (isRecord(part) ? String(part.plain_text ?? (isRecord(part.text) ? (part.text.content ?? '') : '')) : '')).join('');
}

function userName(user: unknown): string {
  if (!isRecord(user)) return '';
  return String(user.name ?? (isRecord(user.person) ? (user.person.email ?? '') : '') ?? user.id ?? '');
}

function fileName(file: unknown): string {
  if (!isRecord(file)) return '';
  if (typeof file.name === 'string' && file.name) return file.name;
  const holder = isRecord(file.external) ? file.external : isRecord(file.file) ? file.file : undefined;
  return holder && typeof holder.url === 'string' ? holder.url : '';
}

export function dateText(value: unknown): string {
  if (!isRecord(value) || typeof value.start !== 'string') return '';
  return typeof value.end === 'string' && value.end ? `${value.start} → ${value.end}` : value.start;
}

/** The value inside a formula or rollup: `{type:"number", number: 3}` and the like. */
function innerValueText(value: unknown): string {
  if (!isRecord(value) || typeof value.type !== 'string') return anyText(value);
  const inner = value[value.type];
  if (value.type === 'date') return dateText(inner);
  if (value.type === 'array' && Array.isArray(inner)) return inner.map((item) => propertyText(item as NotionProperty)).filter(Boolean).join(', ');
  if (inner === null || inner === undefined) return '';
  return typeof inner === 'object' ? anyText(inner) : String(inner);
}

/** Best-effort text of an unknown value: strings and numbers found in it, in order. */
function anyText(value: unknown, depth = 0): string {
  if (value === null || value === undefined || depth > 4) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map((item) => anyText(item, depth + 1)).filter(Boolean).join(', ');
  if (isRecord(value)) {
    if (typeof value.plain_text === 'string') return value.plain_text;
    if (typeof value.name === 'string') return value.name;
    if ('prefix' in value && 'number' in value) return `${value.prefix ? `${String(value.prefix)}-` : ''}${String(value.number)}`;
    return Object.entries(value)
      .filter(([key]) => key !== 'id' && key !== 'type' && key !== 'color' && key !== 'object')
      .map(([, inner]) => anyText(inner, depth + 1))
      .filter(Boolean)
      .join(' ');
  }
  return '';
}

/** A property's value as plain text (what search, sorting, SQL and speech see). */
export function propertyText(property: NotionProperty | undefined | null): string {
  if (!property || typeof property.type !== 'string') return '';
  const value = property[property.type];
  switch (property.type) {
    case 'title':
    case 'rich_text':
      return richTextPlain(value);
    case 'number':
      return typeof value === 'number' ? String(value) : '';
    case 'select':
    case 'status':
      return isRecord(value) ? String(value.name ?? '') : '';
    case 'multi_select':
      return Array.isArray(value) ? value.map((option) => (isRecord(option) ? String(option.name ?? '') : '')).join(', ') : '';
    case 'date':
      return dateText(value);
    case 'checkbox':
      return value ? 'true' : 'false';
    case 'url':
    case 'email':
    case 'phone_number':
    case 'created_time':
    case 'last_edited_time':
      return typeof value === 'string' ? value : '';
    case 'formula':
    case 'rollup':
      return innerValueText(value);
    case 'relation':
      return Array.isArray(value) ? value.map((item) => (isRecord(item) ? String(item.id ?? '') : '')).join(', ') : '';
    case 'people':
      return Array.isArray(value) ? value.map(userName).join(', ') : '';
    case 'created_by':
    case 'last_edited_by':
      return userName(value);
    case 'files':
      return Array.isArray(value) ? value.map(fileName).join(', ') : '';
    default:
      return anyText(value);
  }
}

/** The name of the page's title property (every Notion database has exactly one). */
export function titlePropertyName(properties: NotionProperties): string | undefined {
  return Object.keys(properties).find((name) => properties[name]?.type === 'title');
}

export function pageTitle(page: Pick<NotionPageObject, 'properties'>): string {
  const name = titlePropertyName(page.properties);
  return name ? propertyText(page.properties[name]) : '';
}

/** Property names in display order: the title first, then the rest as Notion listed them. */
export function columnOrder(properties: NotionProperties): string[] {
  const names = Object.keys(properties);
  const title = titlePropertyName(properties);
  return title ? [title, ...names.filter((name) => name !== title)] : names;
}

/** A date property's start as a Date, or null. */
export function propertyDate(property: NotionProperty | undefined): Date | null {
  if (!property || property.type !== 'date' || !isRecord(property.date) || typeof property.date.start !== 'string') return null;
  const date = new Date(property.date.start);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function datePropertyNames(properties: NotionProperties): string[] {
  return Object.keys(properties).filter((name) => properties[name]?.type === 'date');
}

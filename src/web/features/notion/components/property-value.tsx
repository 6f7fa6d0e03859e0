import { useContext, type CSSProperties, type ReactNode } from 'react';
import { formatDateTime } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';
import classes from './notion.module.css';
import { dateText, propertyText, type NotionProperties, type NotionProperty, type RichTextPart } from '../model/properties';
import { Furigana } from '../../../components/furigana/furigana';
import { FuriganaScope } from './furigana-scope';

/** Notion's colour names in Mantine's palette (Notion's brown has no twin; orange is nearest). */
const palette: Record<string, string> = {
  default: 'gray',
  gray: 'gray',
  brown: 'orange',
  orange: 'orange',
  yellow: 'yellow',
  green: 'green',
  blue: 'blue',
  purple: 'grape',
  pink: 'pink',
  red: 'red',
};
const colourOf = (name: unknown) => palette[String(name ?? 'default').replace(/_background$/, '')] ?? 'gray';

/** Only web and mail links are followed; anything else (javascript:, data:) is shown as text. */
export function safeHref(href: unknown): string | undefined {
  if (typeof href !== 'string') return undefined;
  try {
    const url = new URL(href, window.location.href);
    return ['http:', 'https:', 'mailto:', 'tel:'].includes(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Notion rich text with its annotations and links (plain elements: a long table renders thousands). */
export function RichText({ parts }: { parts: unknown }) {
  const furigana = useContext(FuriganaScope);
  if (!Array.isArray(parts)) return null;
  return (
    <>
      {parts.map((raw, index) => {
        if (!isRecord(raw)) return null;
        const part = raw as RichTextPart;
        const text = part.plain_text ?? part.text?.content ?? '';
        const a = part.annotations ?? {};
        let node: ReactNode = furigana && !a.code ? <Furigana text={text} /> : text;
        if (a.code) node = <code>{node}</code>;
        if (a.bold) node = <strong>{node}</strong>;
        if (a.italic) node = <em>{node}</em>;
        if (a.strikethrough) node = <s>{node}</s>;
        if (a.underline) node = <u>{node}</u>;
        const style: CSSProperties | undefined =
          a.color && a.color !== 'default'
            ? a.color.endsWith('_background')
              ? { backgroundColor: `var(--mantine-color-${colourOf(a.color)}-light)` }
              : { color: `var(--mantine-color-${colourOf(a.color)}-text)` }
            : undefined;
        const href = safeHref(part.href ?? part.text?.link?.url);
        if (href) {
          return (
            <a key={index} className={classes.link} href={href} target="_blank" rel="noopener noreferrer" style={style} onClick={(event) => event.stopPropagation()}>
              {node}
            </a>
          );
        }
        return style ? (
          <span key={index} style={style}>
            {node}
          </span>
        ) : (
          <span key={index}>{node}</span>
        );
      })}
    </>
  );
}

/** A select option as Notion colours it; a plain span, since a long table renders hundreds. */
function Tag({ color, children }: { color: unknown; children: ReactNode }) {
  const name = colourOf(color);
  return (
    <span className={classes.tag} style={{ '--tag-bg': `var(--mantine-color-${name}-light)`, '--tag-color': `var(--mantine-color-${name}-light-color)` } as CSSProperties}>
      {children}
    </span>
  );
}

function Link({ href, children }: { href: string | undefined; children: ReactNode }) {
  return href ? (
    <a className={classes.link} href={href} target="_blank" rel="noopener noreferrer" onClick={(event) => event.stopPropagation()}>
      {children}
    </a>
  ) : (
    <>{children}</>
  );
}

function formatTime(value: unknown) {
  if (typeof value !== 'string') return '';
  return formatDateTime(value) || value;
}

/** The few words a value shows besides the person's own text. */
function Checked({ value }: { value: unknown }) {
  const t = useT(catalogue);
  return (
    <span role="img" aria-label={value ? t('property.checked') : t('property.notChecked')}>
      {value ? '☑' : '☐'}
    </span>
  );
}

function LinkedPages({ count }: { count: number }) {
  const t = useT(catalogue);
  return <>{t('property.linkedPages', { count })}</>;
}

function FileWord() {
  const t = useT(catalogue);
  return <>{t('property.file')}</>;
}

/** One property value, rendered by its type; a type the app does not know shows its text. */
export function PropertyValue({ property }: { property: NotionProperty | undefined }) {
  if (!property || typeof property.type !== 'string') return null;
  const value = property[property.type];
  switch (property.type) {
    case 'title':
    case 'rich_text':
      return <RichText parts={value} />;
    case 'select':
    case 'status':
      return isRecord(value) ? <Tag color={value.color}>{String(value.name ?? '')}</Tag> : null;
    case 'multi_select':
      return Array.isArray(value) ? (
        <span className={classes.tags}>
          {value.filter(isRecord).map((option, index) => (
            <Tag key={index} color={option.color}>
              {String(option.name ?? '')}
            </Tag>
          ))}
        </span>
      ) : null;
    case 'date':
      return <>{dateText(value)}</>;
    case 'checkbox':
      return <Checked value={value} />;
    case 'url':
      return typeof value === 'string' ? <Link href={safeHref(value)}>{value}</Link> : null;
    case 'email':
      return typeof value === 'string' ? <Link href={safeHref(`mailto:${value}`)}>{value}</Link> : null;
    case 'phone_number':
      return typeof value === 'string' ? <Link href={safeHref(`tel:${value.replace(/[^+\d]/g, '')}`)}>{value}</Link> : null;
    case 'created_time':
    case 'last_edited_time':
      return <time dateTime={typeof value === 'string' ? value : undefined}>{formatTime(value)}</time>;
    case 'relation':
      return Array.isArray(value) && value.length ? <LinkedPages count={value.length} /> : null;
    case 'files':
      return Array.isArray(value) ? (
        <>
          {value.filter(isRecord).map((file, index) => {
            const holder = isRecord(file.external) ? file.external : isRecord(file.file) ? file.file : {};
            const name = file.name ?? holder.url;
            return (
              <span key={index}>
                {index > 0 ? ', ' : ''}
                <Link href={safeHref(holder.url)}>{name != null ? String(name) : <FileWord />}</Link>
              </span>
            );
          })}
        </>
      ) : null;
    default:
      return <>{propertyText(property)}</>;
  }
}

/** Named properties of a row as a definition list: the name, then its value. */
export function PropertyList({ properties, names, label }: { properties: NotionProperties; names: readonly string[]; label?: string }) {
  return (
    <dl className={classes.props} style={{ margin: 0 }} aria-label={label}>
      {names.map((name) => (
        <div key={name} style={{ display: 'contents' }}>
          {/* Property names and values are the person's own notes. */}
          <dt translate="no">{name}</dt>
          <dd lang="ja" translate="no">
            <PropertyValue property={properties[name]} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

import { Checkbox, Divider, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n/use-t';
import type { NotionBlock } from '../api/blocks';
import { catalogue } from '../i18n';
import { richTextPlain } from '../model/properties';
import classes from './notion.module.css';
import { RichText, safeHref } from './property-value';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function value(block: NotionBlock): Record<string, unknown> {
  const inner = block[block.type];
  return isRecord(inner) ? inner : {};
}

function Children({ blocks }: { blocks?: NotionBlock[] }) {
  return blocks?.length ? <Blocks blocks={blocks} nested /> : null;
}

/** Consecutive list items become one list. */
type Grouped = { kind: 'list'; list: 'ul' | 'ol'; items: NotionBlock[] } | { kind: 'block'; block: NotionBlock };

function group(blocks: NotionBlock[]): Grouped[] {
  const out: Grouped[] = [];
  for (const block of blocks) {
    const list = block.type === 'bulleted_list_item' ? 'ul' : block.type === 'numbered_list_item' ? 'ol' : null;
    const last = out[out.length - 1];
    if (list && last?.kind === 'list' && last.list === list) last.items.push(block);
    else if (list) out.push({ kind: 'list', list, items: [block] });
    else out.push({ kind: 'block', block });
  }
  return out;
}

/**
 * A page's content (paragraphs, headings, lists, to-dos, toggles, quotes, callouts, code, images,
 * dividers, tables); other types as their text. It is the person's own note: never translated.
 */
export function Blocks({ blocks, nested = false }: { blocks: NotionBlock[]; nested?: boolean }) {
  return (
    <div className={nested ? undefined : classes.blocks} lang="ja" translate={nested ? undefined : 'no'}>
      {group(blocks).map((item) =>
        item.kind === 'list' ? (
          item.list === 'ul' ? (
            <ul key={item.items[0].id}>
              {item.items.map((block) => (
                <li key={block.id}>
                  <RichText parts={value(block).rich_text} />
                  <Children blocks={block.children} />
                </li>
              ))}
            </ul>
          ) : (
            <ol key={item.items[0].id}>
              {item.items.map((block) => (
                <li key={block.id}>
                  <RichText parts={value(block).rich_text} />
                  <Children blocks={block.children} />
                </li>
              ))}
            </ol>
          )
        ) : (
          <Block key={item.block.id} block={item.block} />
        ),
      )}
    </div>
  );
}

function Block({ block }: { block: NotionBlock }): ReactNode {
  const data = value(block);
  const text = <RichText parts={data.rich_text} />;
  switch (block.type) {
    case 'paragraph':
      return (
        <p>
          {text}
          <Children blocks={block.children} />
        </p>
      );
    case 'heading_1':
    case 'heading_2':
    case 'heading_3':
      return (
        <Title order={(Number(block.type.slice(-1)) + 1) as 2 | 3 | 4} my="xs">
          {text}
        </Title>
      );
    case 'to_do':
      return (
        <div>
          <Checkbox readOnly checked={Boolean(data.checked)} label={text} my={4} />
          <Children blocks={block.children} />
        </div>
      );
    case 'toggle':
      return (
        <details>
          <summary>{text}</summary>
          <Children blocks={block.children} />
        </details>
      );
    case 'quote':
      return (
        <blockquote>
          {text}
          <Children blocks={block.children} />
        </blockquote>
      );
    case 'callout': {
      const icon = isRecord(data.icon) && typeof data.icon.emoji === 'string' ? data.icon.emoji : '💡';
      return (
        <div className={classes.callout} role="note">
          <span aria-hidden>{icon}</span>
          <div>
            {text}
            <Children blocks={block.children} />
          </div>
        </div>
      );
    }
    case 'code':
      return (
        <pre>
          <code>{richTextPlain(data.rich_text)}</code>
        </pre>
      );
    case 'divider':
      return <Divider my="sm" />;
    case 'image': {
      const holder = isRecord(data.external) ? data.external : isRecord(data.file) ? data.file : {};
      const src = typeof holder.url === 'string' && (holder.url.startsWith('data:image/') || safeHref(holder.url)) ? holder.url : undefined;
      return src ? <Image src={src} caption={richTextPlain(data.caption)} /> : null;
    }
    case 'table': {
      const rows = block.children ?? [];
      const header = Boolean(data.has_column_header);
      return (
        <div style={{ overflowX: 'auto' }}>
          <table>
            <tbody>
              {rows.map((row, index) => {
                const cells = Array.isArray(value(row).cells) ? (value(row).cells as unknown[]) : [];
                return (
                  <tr key={row.id}>
                    {cells.map((cell, column) =>
                      header && index === 0 ? (
                        <th key={column}>
                          <RichText parts={cell} />
                        </th>
                      ) : (
                        <td key={column}>
                          <RichText parts={cell} />
                        </td>
                      ),
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      );
    }
    default: {
      const plain = richTextPlain(data.rich_text);
      return plain ? <p>{plain}</p> : null;
    }
  }
}

function Image({ src, caption }: { src: string; caption: string }) {
  const t = useT(catalogue);
  return (
    <figure style={{ margin: '8px 0' }}>
      <img src={src} alt={caption || t('page.image')} loading="lazy" style={{ maxWidth: '100%', height: 'auto' }} />
      {caption ? <figcaption>{caption}</figcaption> : null}
    </figure>
  );
}

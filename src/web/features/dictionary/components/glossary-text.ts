import type { DictDefinitionGroup, Glossary, StructuredContent, StructuredElement } from '../../../../common/dictionaries';
import type { DictEntry } from '../../../../common/dict';
import { escapeHtml } from '../../../lib/anki/anki-note';

/** Elements that start a line of their own when the tree is written out as text. */
const blockTags = new Set(['div', 'li', 'tr', 'ol', 'ul', 'table', 'thead', 'tbody', 'tfoot', 'details', 'summary']);
/** The schema's other tags whose words are kept; anything else is dropped with its content, as the card drops it. */
const inlineTags = new Set(['span', 'a', 'ruby', 'rt', 'rp', 'td', 'th', 'br', 'img']);
const known = (tag: unknown) => typeof tag === 'string' && (blockTags.has(tag) || inlineTags.has(tag));

/** Structured content as simple HTML a note can hold: its words escaped, lines as `<br>`, ruby kept, nothing else. */
function structuredHtml(node: StructuredContent | undefined, depth = 0): string {
  if (node === undefined || depth > 64) return '';
  if (typeof node === 'string') return escapeHtml(node);
  if (Array.isArray(node)) return node.map((child) => structuredHtml(child, depth + 1)).join('');
  if (typeof node !== 'object' || node === null) return '';
  const element = node as StructuredElement;
  if (!known(element.tag)) return '';
  switch (element.tag) {
    case 'br':
      return '<br>';
    case 'img':
    case 'rp':
      return '';
    case 'ruby':
      return `<ruby>${structuredHtml(element.content, depth + 1)}</ruby>`;
    case 'rt':
      return `<rt>${structuredHtml(element.content, depth + 1)}</rt>`;
    case 'td':
    case 'th':
      return `${structuredHtml(element.content, depth + 1)} `;
    default: {
      const inner = structuredHtml(element.content, depth + 1);
      return blockTags.has(element.tag) && inner ? `<br>${inner}<br>` : inner;
    }
  }
}

/** Line breaks collapsed: one between lines, none at either end. */
const tidyBreaks = (html: string) => html.replace(/(\s*<br>\s*)+/g, '<br>').replace(/^<br>|<br>$/g, '');

function glossaryHtml(glossary: Glossary): string {
  if (typeof glossary === 'string') return escapeHtml(glossary);
  if (Array.isArray(glossary)) return escapeHtml(`${glossary[0]} (${glossary[1].join(' + ')})`);
  if (glossary.type === 'text') return escapeHtml(glossary.text);
  if (glossary.type === 'structured-content') return tidyBreaks(structuredHtml(glossary.content));
  return '';
}

/**
 * One dictionary's definitions of a word for an Anki field: a numbered list when there are
 * several, each definition's tags in italics before its glosses.
 */
export function definitionsHtml(group: DictDefinitionGroup): string {
  const items = group.definitions
    .map((definition) => {
      const tags = definition.tags.map((tag) => tag.name).join(', ');
      const glosses = definition.glossary.map(glossaryHtml).filter(Boolean);
      const plain = definition.glossary.every((glossary) => typeof glossary === 'string' || (!Array.isArray(glossary) && glossary.type === 'text'));
      const body = glosses.join(plain ? '; ' : '<br>');
      return body ? `${tags ? `<i>(${escapeHtml(tags)})</i> ` : ''}${body}` : '';
    })
    .filter(Boolean);
  if (items.length === 0) return '';
  return items.length === 1 ? items[0]! : `<ol>${items.map((item) => `<li>${item}</li>`).join('')}</ol>`;
}

function structuredText(node: StructuredContent | undefined, depth = 0): string {
  if (node === undefined || depth > 64) return '';
  if (typeof node === 'string') return node;
  if (Array.isArray(node)) return node.map((child) => structuredText(child, depth + 1)).join('');
  if (typeof node !== 'object' || node === null) return '';
  const element = node as StructuredElement;
  if (!known(element.tag)) return '';
  if (element.tag === 'rt' || element.tag === 'rp' || element.tag === 'img') return '';
  if (element.tag === 'br') return '\n';
  const inner = structuredText(element.content, depth + 1);
  return blockTags.has(element.tag) ? `\n${inner}\n` : inner;
}

/** A definition's glosses as one line of text (structured content read without its ruby). */
export function glossaryText(glossary: Glossary): string {
  if (typeof glossary === 'string') return glossary;
  if (Array.isArray(glossary)) return glossary[0];
  if (glossary.type === 'text') return glossary.text;
  if (glossary.type === 'structured-content') {
    return structuredText(glossary.content)
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .join('; ');
  }
  return '';
}

/** The entry's meanings on one line: EDICT's senses, else the first dictionary's definitions. */
export function meaningText(entry: DictEntry): string {
  if (entry.senses.length > 0) return entry.senses.map((sense) => sense.glosses.join(', ')).join('; ');
  const first = entry.definitions?.[0];
  if (!first) return '';
  return first.definitions.map((definition) => definition.glossary.map(glossaryText).filter(Boolean).join(', ')).join('; ');
}

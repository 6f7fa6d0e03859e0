import { translate } from '../../../lib/i18n/i18n';
import { catalogue } from '../i18n';
import { notionCall } from './notion-client';

export interface NotionBlock {
  id: string;
  type: string;
  has_children?: boolean;
  [value: string]: unknown;
  /** Filled in here for tables and toggles. */
  children?: NotionBlock[];
}

interface BlockList {
  results: NotionBlock[];
  has_more: boolean;
  next_cursor: string | null;
}

/** Types whose children the page view shows inline (table rows, a toggle's content, nested list items). */
const expand = new Set(['table', 'toggle', 'bulleted_list_item', 'numbered_list_item', 'to_do', 'callout', 'quote', 'column_list', 'column']);
const maxDepth = 3;

/** A page's blocks, all pages of them, with the children of tables, toggles and lists. */
export async function pageBlocks(token: string, blockId: string, signal?: AbortSignal, depth = 0): Promise<NotionBlock[]> {
  const blocks: NotionBlock[] = [];
  let cursor: string | undefined;
  do {
    const page: BlockList = await notionCall<BlockList>(token, `/blocks/${blockId}/children`, { query: { page_size: 100, start_cursor: cursor }, signal, what: translate(catalogue, 'what.page') });
    blocks.push(...page.results);
    cursor = page.has_more && page.next_cursor ? page.next_cursor : undefined;
  } while (cursor);
  if (depth < maxDepth) {
    for (const block of blocks) {
      if (block.has_children && expand.has(block.type)) block.children = await pageBlocks(token, block.id, signal, depth + 1);
    }
  }
  return blocks;
}

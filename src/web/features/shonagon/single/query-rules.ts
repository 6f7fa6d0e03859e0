import { translate } from '../../../lib/i18n/i18n';
import { catalogue } from '../i18n';

/**
 * The longest query the screen sends; a whole selected sentence is longer (the API allows 200,
 * docs/shonagon-api.md; the screen wants a word).
 */
export const maxQueryLength = 50;

export type PreparedQuery = { ok: true; query: string; truncatedFrom?: number } | { ok: false; message: string };

/**
 * autoSubstrQuery on: an over-long query is cut to its first 50 characters (code points, so a
 * surrogate pair is never split); off: it is refused. Line breaks of a pasted selection become spaces.
 * The message is in the interface language (the screen's catalogue is loaded before it runs).
 */
export function prepareQuery(raw: string, autoSubstr: boolean): PreparedQuery {
  const query = raw.replace(/\s+/g, ' ').trim();
  if (!query) return { ok: false, message: translate(catalogue, 'query.empty') };
  const chars = Array.from(query);
  if (chars.length <= maxQueryLength) return { ok: true, query };
  if (!autoSubstr) {
    return {
      ok: false,
      message: translate(catalogue, 'query.tooLong', { length: chars.length, max: maxQueryLength }),
    };
  }
  return { ok: true, query: chars.slice(0, maxQueryLength).join('').trim(), truncatedFrom: chars.length };
}

export const columns = ['index', 'left', 'key', 'right', 'title', 'media', 'pubYear'] as const;
export type Column = (typeof columns)[number];
/** Hidden below 768 px (docs/behaviour.md "Shell"). */
export const mobileHidden: readonly Column[] = ['index', 'media', 'pubYear'];

/** `?hideColumns=a,b` plus the mobile rule; unknown names are ignored. */
export function visibleColumns(hideColumns: string | null, mobile: boolean): Column[] {
  const hidden = new Set((hideColumns ?? '').split(',').map((name) => name.trim()));
  return columns.filter((column) => !hidden.has(column) && !(mobile && mobileHidden.includes(column)));
}

/** Counts as sorted pairs, largest first (media) or by year ascending (year). */
export function sortedCounts(counts: Record<string, number>, by: 'count' | 'key'): Array<[string, number]> {
  const entries = Object.entries(counts);
  return by === 'count' ? entries.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])) : entries.sort((a, b) => a[0].localeCompare(b[0], undefined, { numeric: true }));
}

/** Lines of the multiple-search box: trimmed, blank lines and repeats dropped, order kept. */
export function parseQueryLines(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const query = line.trim();
    if (query && !seen.has(query)) {
      seen.add(query);
      out.push(query);
    }
  }
  return out;
}

import type { PageHeading } from '../components/page-frame/page-header';

/** The sidebar entries (spec §2), ordered by numeric id. */
export const sidebarEntries = [
  { id: 1, label: 'Home', to: '/', group: null },
  { id: 3, label: 'Shonagon', to: '/shonagon/single', group: '/shonagon' },
  { id: 4, label: 'MyNotion', to: '/notion/pages', group: '/notion' },
  { id: 5, label: 'XPan', to: '/yunpan/view', group: null },
  { id: 6, label: 'Upload', to: '/upload', group: null },
  { id: 8, label: 'AIChat', to: '/chat', group: null },
  { id: 9, label: 'Translate', to: '/translate', group: null },
  { id: 10, label: 'Settings', to: '/settings', group: null },
] as const;

export type SidebarEntry = (typeof sidebarEntries)[number];

/** Active when the path equals the entry's route; any path under a group (`/notion/…`, not `/notionx`) keeps its entry active. */
export function isEntryActive(entry: SidebarEntry, pathname: string): boolean {
  if (entry.group && (pathname === entry.group || pathname.startsWith(`${entry.group}/`))) return true;
  return pathname === entry.to;
}

export const defaultTitle = 'Kotonoha';

/** `title`/`name` set the document title; `heading`/`description` head the screen (PageFrame) and its loading state. */
export interface RouteHandle extends PageHeading {
  title?: string;
  name?: string;
}

/** Route title, else route name, else the product name. */
export function titleFor(handle: RouteHandle | undefined): string {
  return handle?.title || handle?.name || defaultTitle;
}

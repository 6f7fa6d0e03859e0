import { createContext, useContext } from 'react';
import type { PageHeading } from '../components/page-frame/page-header';
import type { common } from '../lib/i18n/common';
import type { KeysOf } from '../lib/i18n/i18n';

/** The sidebar entries (docs/behaviour.md "Shell"), ordered by numeric id. */
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

/** `title` sets the document title; `heading`/`description` head the screen (PageFrame) and its loading state. All are keys of the common catalogue. */
export interface RouteHandle extends PageHeading {
  title?: KeysOf<typeof common>;
  /** The screen is of no use without Kotonoha's server: it asks at once whether the server answers, and says so when not. */
  needsServer?: boolean;
}

/** The handle of the deepest route matched that has one, given by the app's routes. */
export const RouteHandleContext = createContext<RouteHandle | undefined>(undefined);

export const useRouteHandle = () => useContext(RouteHandleContext);

/** The route's title, else the product name (a key of the common catalogue). */
export function titleKeyFor(handle: RouteHandle | undefined): KeysOf<typeof common> {
  return handle?.title ?? 'product';
}

type Screen = 'home' | 'av-search' | 'shonagon' | 'notion' | 'xpan' | 'upload' | 'chat' | 'translate' | 'settings' | 'about' | 'test' | 'share' | 'not-found';

/** A screen's route handle: the parts named are `screen.<screen>.<part>` in the common catalogue. */
export function screenHandle(screen: Screen, parts: Array<'title' | 'heading' | 'description'>, { needsServer = false } = {}): RouteHandle {
  const handle = Object.fromEntries(parts.map((part) => [part, `screen.${screen}.${part}`])) as RouteHandle;
  return needsServer ? { ...handle, needsServer } : handle;
}

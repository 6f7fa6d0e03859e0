import fs from 'node:fs';
import path from 'node:path';

/** One route's entry in the build's `route-preloads.json` (scripts/vite/route-preloads.ts writes it). */
export interface RoutePreload {
  /** The route's path as the router has it (`/shonagon/:mode`). */
  path: string;
  scripts: string[];
  styles: string[];
}

export const routePreloadsFile = 'route-preloads.json';

const matches = (pattern: string, pathname: string) => {
  const want = pattern.split('/');
  const have = pathname.replace(/\/+$/, '').split('/');
  if (pathname === '/' || pathname === '') return pattern === '/';
  return want.length === have.length && want.every((part, index) => (part.startsWith(':') ? have[index] !== '' : part === have[index]));
};

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * index.html for `pathname` with its screen's files as low-priority preloads: a first visit fetches
 * them with the shell instead of after the shell has run, and the page still paints its frame
 * without them (decision 0024). A build without the list (or a path no route has) gets the page
 * as it is.
 */
export function withRoutePreloads(html: string, distDir: string, pathname: string): string {
  let preloads: RoutePreload[];
  try {
    preloads = JSON.parse(fs.readFileSync(path.join(distDir, routePreloadsFile), 'utf8')) as RoutePreload[];
  } catch {
    return html;
  }
  const route = preloads.find((candidate) => matches(candidate.path, pathname));
  if (!route) return html;
  const links = [
    ...route.scripts.map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${escapeAttribute(file)}">`),
    ...route.styles.map((file) => `<link rel="preload" as="style" fetchpriority="low" crossorigin href="/${escapeAttribute(file)}">`),
  ];
  return html.replace('</head>', `${links.join('')}</head>`);
}

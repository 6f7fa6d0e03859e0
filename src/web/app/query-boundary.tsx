import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { use, type ReactNode } from 'react';
import { shellPainted } from './first-paint';

let client: Promise<QueryClient> | undefined;
const loadClient = () => (client ??= shellPainted.then(() => import('../lib/query-client')).then((module) => module.queryClient));

/**
 * TanStack Query's client (about 7 KB) is not part of the shell: the shell paints without it.
 * Screens get it with their chunk (routes.tsx); modals wait for it here. Both get the same
 * client, so the cache is shared.
 */
export function QueryBoundary({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={use(loadClient())}>{children}</QueryClientProvider>;
}

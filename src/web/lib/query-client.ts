import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { HttpError } from './http/http-client';
import { serverReach } from './server-reach';

export { notifyManager, QueryObserver } from '@tanstack/react-query';

/** What a query or mutation may carry in its `meta`. */
interface RequestMeta extends Record<string, unknown> {
  /**
   * How a failed request is told to the learner (a toast, say): called once per failure, by the
   * cache, so the queries of one service share one reporter instead of each catching its own.
   */
  reportError?: (error: unknown) => void;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: RequestMeta;
    mutationMeta: RequestMeta;
  }
}

const saidByTheShell = (error: unknown) => error instanceof HttpError && error.kind === 'network' && serverReach() === 'unreachable';

/** The one cache of server data, shared by every screen and modal (loaded after the shell's first paint). */
export const queryClient = new QueryClient({
  // A read that found Kotonoha's server out of reach is said once, by the shell's offline notice
  // (lib/server-reach.ts), not by a toast per query. What the learner asked for (a mutation) is still told.
  queryCache: new QueryCache({ onError: (error, query) => (saidByTheShell(error) ? undefined : query.meta?.reportError?.(error)) }),
  mutationCache: new MutationCache({ onError: (error, _variables, _context, mutation) => mutation.meta?.reportError?.(error) }),
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

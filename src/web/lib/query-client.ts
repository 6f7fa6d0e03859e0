import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

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

/** The one cache of server data, shared by every screen and modal (loaded after the shell's first paint). */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => query.meta?.reportError?.(error) }),
  mutationCache: new MutationCache({ onError: (error, _variables, _context, mutation) => mutation.meta?.reportError?.(error) }),
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

import { QueryClient } from '@tanstack/react-query';

export { QueryObserver } from '@tanstack/react-query';

/** The one cache of server data, shared by every screen and modal (loaded after the shell's first paint). */
export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });

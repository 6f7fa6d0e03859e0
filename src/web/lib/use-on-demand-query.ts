import type { QueryFunction, QueryKey, QueryObserver, QueryObserverResult } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

export interface OnDemandQueryOptions<T> {
  queryKey: QueryKey;
  queryFn: QueryFunction<T>;
  enabled: boolean;
  staleTime?: number;
  retry?: boolean | number;
}

export interface OnDemandQueryResult<T> {
  data: T | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  refetch: () => void;
}

/**
 * A query for a screen that usually needs none: TanStack Query (the app's one cache, `queryClient`)
 * is loaded only once the query is enabled, so the screen's first load does not carry it. Used
 * where a list depends on a key most people have not entered (Settings' model and voice lists,
 * decision 0014). It observes the shared cache like `useQuery`: an invalidation refetches it.
 */
export function useOnDemandQuery<T>(options: OnDemandQueryOptions<T>): OnDemandQueryResult<T> {
  const [result, setResult] = useState<QueryObserverResult<T> | undefined>(undefined);
  const observer = useRef<QueryObserver<T> | undefined>(undefined);
  const latest = useRef(options);
  latest.current = options;
  const key = JSON.stringify(options.queryKey);

  useEffect(() => {
    if (!options.enabled) {
      setResult(undefined);
      return;
    }
    let live = true;
    let unsubscribe = () => {};
    void import('./query-client').then(({ queryClient, QueryObserver }) => {
      if (!live) return;
      const { queryKey, queryFn, staleTime, retry } = latest.current;
      const current = new QueryObserver<T>(queryClient, { queryKey, queryFn, staleTime, retry });
      observer.current = current;
      unsubscribe = current.subscribe(setResult);
      setResult(current.getCurrentResult());
    });
    return () => {
      live = false;
      unsubscribe();
      observer.current = undefined;
    };
  }, [options.enabled, key]);

  return {
    data: result?.data,
    error: result?.error ?? null,
    isError: result?.isError ?? false,
    isFetching: result?.isFetching ?? false,
    refetch: () => void observer.current?.refetch(),
  };
}

/** The shared cache, for changes a screen makes after a call of its own (invalidate, set). */
export const onDemandQueryClient = () => import('./query-client').then((module) => module.queryClient);

import { useEffect, useState } from 'react';

/**
 * What `load` gives (a lazily imported component, say), once `when` has been true; undefined until
 * then. A plain state update, not a Suspense boundary: a boundary's retry waits behind a screen's
 * pending renders, and what it reveals misses what happened meanwhile (a video's first events).
 */
export function useLoadedWhen<T>(when: boolean, load: () => Promise<T>): T | undefined {
  const [loaded, setLoaded] = useState<{ value: T }>();
  const wanted = when && loaded === undefined;
  useEffect(() => {
    if (!wanted) return;
    let left = false;
    void load().then((value) => {
      if (!left) setLoaded({ value });
    });
    return () => {
      left = true;
    };
    // `load` is read once, when first wanted.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted]);
  return loaded?.value;
}

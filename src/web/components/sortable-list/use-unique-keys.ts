import { useMemo } from 'react';

/** Row keys for a list: the item's own key, made unique by position when two items share one. */
export function useUniqueKeys<T>(items: T[], getKey: (item: T, index: number) => string): string[] {
  return useMemo(() => {
    const seen = new Map<string, number>();
    return items.map((item, index) => {
      const key = getKey(item, index);
      const count = seen.get(key) ?? 0;
      seen.set(key, count + 1);
      return count === 0 ? key : `${key}#${count}`;
    });
  }, [items, getKey]);
}

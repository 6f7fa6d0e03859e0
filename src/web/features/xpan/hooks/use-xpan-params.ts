import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { XpanOrder } from '../api/xpan-api';
import type { XpanView } from '../components/file-list';
import { normaliseDir } from '../xpan-files';

export const orders: XpanOrder[] = ['name', 'size', 'time'];

/** Address-bar state shared by both pages: folder, sort and view survive reloads and links. */
export function useXpanParams() {
  const [params, setParams] = useSearchParams();
  const dir = normaliseDir(params.get('dir'));
  const order = (orders.some((o) => o === params.get('order')) ? params.get('order') : 'name') as XpanOrder;
  const desc = params.get('desc') === '1';
  const view: XpanView = params.get('view') === 'grid' ? 'grid' : 'list';
  const change = useCallback(
    (patch: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { params, dir, order, desc, view, change };
}

export type XpanParams = ReturnType<typeof useXpanParams>;

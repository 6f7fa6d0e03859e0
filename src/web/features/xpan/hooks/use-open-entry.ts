import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { XpanEntry } from '../../../../common/xpan';
import { openPreview } from '../components/file-preview';
import { useXpanParams } from './use-xpan-params';

/** Opens a folder, or a file's preview; `siblings` are the entries shown with it (a video's subtitles). */
export function useOpenEntry(token: string, siblings: XpanEntry[]) {
  const navigate = useNavigate();
  const { order, desc, view } = useXpanParams();
  const openFolder = useCallback(
    (path: string) => {
      const params = new URLSearchParams();
      if (path !== '/') params.set('dir', path);
      if (order !== 'name') params.set('order', order);
      if (desc) params.set('desc', '1');
      if (view === 'grid') params.set('view', 'grid');
      const search = params.toString();
      navigate(`/yunpan/view${search ? `?${search}` : ''}`);
    },
    [navigate, order, desc, view],
  );
  const open = useCallback(
    (entry: XpanEntry) => {
      // Every file opens its preview: one without a preview still offers download (and the library).
      if (entry.isdir === 1) openFolder(entry.path);
      else openPreview(entry, token, siblings);
    },
    [openFolder, token, siblings],
  );
  return { open, openFolder };
}

import { Alert, CloseButton, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';
import { rowNames } from '../model/due';
import type { NotionEntry } from '../model/entries';
import { notionDb, type CachedRow } from '../model/notion-db';
import { datePropertyNames } from '../model/properties';

type Notice = { kind: 'local' } | { kind: 'wrong-type'; names: string[] };

/** What about the database keeps the schedule out of Notion, if anything (read from its first row: every row has the same properties). */
function noticeFor(entry: NotionEntry, rows: CachedRow[]): Notice | null {
  const first = rows[0];
  if (!first || !entry.updateReviewTime) return null;
  if (datePropertyNames(first.properties).length === 0) return { kind: 'local' };
  const wrong = rowNames(entry, first).card.wrongType;
  return wrong.length ? { kind: 'wrong-type', names: wrong } : null;
}

/** Whether a notice is new: asked once per page load, so a remount (or React's double effect) gets the same answer. */
const claims = new Map<string, Promise<boolean>>();
function claim(key: string): Promise<boolean> {
  let found = claims.get(key);
  if (!found) {
    const notices = notionDb().notices;
    found = notices.get(key).then(async (seen) => {
      if (seen) return false;
      await notices.put({ key, shownAt: Date.now() });
      return true;
    });
    claims.set(key, found);
  }
  return found;
}

/**
 * Says once per database (remembered in IndexedDB) when the schedule cannot live in its pages:
 * no date property at all, or card-state properties of a type that does not fit.
 */
export function ReviewNotice({ entry, rows }: { entry: NotionEntry; rows: CachedRow[] }) {
  const t = useT(catalogue);
  const [notice, setNotice] = useState<Notice | null>(null);
  const found = noticeFor(entry, rows);
  const key = found ? `${found.kind}|${entry.id}|${found.kind === 'wrong-type' ? found.names.join(',') : ''}` : '';
  useEffect(() => {
    if (!key || !found) return;
    let live = true;
    void claim(key).then((fresh) => fresh && live && setNotice(found));
    return () => {
      live = false;
    };
    // `found` is derived from the same rows as `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (!notice) return null;
  return (
    <Alert color="blue" role="note" aria-label={t('notice.label')} py={6}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm">{notice.kind === 'local' ? t('notice.local') : t('notice.wrongType', { names: notice.names.join(', ') })}</Text>
        <CloseButton size="sm" aria-label={t('notice.close')} onClick={() => setNotice(null)} />
      </Group>
    </Alert>
  );
}

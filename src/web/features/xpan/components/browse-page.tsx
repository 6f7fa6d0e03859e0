import { Loader, Text } from '@mantine/core';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useT } from '../../../lib/i18n/use-t';
import { useFolder } from '../api/xpan-api';
import { useOpenEntry } from '../hooks/use-open-entry';
import { useXpanParams } from '../hooks/use-xpan-params';
import { catalogue } from '../i18n';
import { foldersFirst } from '../xpan-files';
import classes from '../xpan.module.css';
import { Crumbs } from './crumbs';
import { FileList } from './file-list';
import { SearchBox } from './search-box';
import { ViewControls } from './view-controls';
import { XpanErrorAlert } from './xpan-error-alert';
import { XpanTabs } from './xpan-tabs';

/** /yunpan/view: a folder's entries, folders first, page by page. */
export function BrowsePage({ token }: { token: string }) {
  const t = useT(catalogue);
  const { dir, order, desc, view, change } = useXpanParams();
  const folder = useFolder(token, dir, order, desc);
  const entries = useMemo(() => foldersFirst(folder.data?.pages.flatMap((page) => page.entries) ?? []), [folder.data]);
  const { open, openFolder } = useOpenEntry(token, entries);
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = folder;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  let content: ReactNode;
  if (folder.isPending) content = <Loader aria-label={t('folder.loading')} mx="auto" my="xl" />;
  else if (folder.isError) content = <XpanErrorAlert error={folder.error} title={t('folder.error')} />;
  else if (entries.length === 0) content = <Text c="dimmed">{t('folder.empty')}</Text>;
  else
    content = (
      <FileList
        entries={entries}
        view={view}
        token={token}
        onOpen={open}
        onOpenFolder={openFolder}
        hasMore={hasNextPage}
        loadingMore={isFetchingNextPage}
        loadMore={loadMore}
      />
    );

  return (
    <>
      <div className={classes.topRow}>
        <Crumbs dir={dir} />
        <XpanTabs page="view" />
      </div>
      <div className={classes.toolbar}>
        <SearchBox key={dir} initial="" dir={dir} />
        <ViewControls order={order} desc={desc} view={view} change={change} />
      </div>
      {content}
      {folder.isFetchNextPageError ? <XpanErrorAlert error={folder.error} title={t('folder.moreError')} /> : null}
    </>
  );
}

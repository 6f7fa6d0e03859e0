import { ActionIcon, Alert, Anchor, Breadcrumbs, Button, Checkbox, Loader, SegmentedControl, Select, Text, TextInput } from '@mantine/core';
import { IconLayoutGrid, IconList, IconSearch, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useCallback, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { xpanCategories, type XpanEntry } from '../../../common/xpan';
import { PageFrame } from '../../components/page-frame/page-frame';
import { RichText } from '../../lib/i18n/rich-text';
import { useT } from '../../lib/i18n/use-t';
import { useSettings } from '../../lib/settings-store';
import { driveErrorStatus, useDriveSearch, useFolder, type DriveOrder } from './api/xpan-api';
import { FileList, type DriveView } from './components/file-list';
import { openPreview } from './components/file-preview';
import { driveErrorText } from './drive-errors';
import { crumbsOf, foldersFirst, normaliseDir, sortEntries } from './drive-files';
import classes from './drive.module.css';
import { catalogue } from './i18n';

/** Baidu's search key limit (wire file: "≤30 chars"). */
const maxSearchLength = 30;

const orders: DriveOrder[] = ['name', 'size', 'time'];

const categories = Object.keys(xpanCategories) as Array<keyof typeof xpanCategories>;

/**
 * "Settings → XPan" as a link, where a message marks it `<link>…</link>`. It sits in an alert's
 * text: that text's colour (legible on the alert's background in both themes), told apart by its underline.
 */
const settingsLink = (words: string) => (
  <Anchor component={Link} to="/settings#xpan" inherit c="inherit" underline="always" fw={600}>
    {words}
  </Anchor>
);

function NoToken() {
  const t = useT(catalogue);
  return (
    <Alert color="blue" title={t('noToken.title')}>
      <Text size="sm">
        <RichText text={t('noToken.body')} parts={{ link: settingsLink }} />
      </Text>
    </Alert>
  );
}

function DriveError({ error, title }: { error: Error; title: string }) {
  const t = useT(catalogue);
  const status = driveErrorStatus(error);
  return (
    <Alert color="red" title={title}>
      <Text size="sm">{driveErrorText(t, error)}</Text>
      {status === 401 ? (
        <Text size="sm" mt={4}>
          <RichText text={t('error.openSettings')} parts={{ link: settingsLink }} />
        </Text>
      ) : null}
    </Alert>
  );
}

/** Address-bar state shared by both pages: folder, sort and view survive reloads and links. */
function useDriveParams() {
  const [params, setParams] = useSearchParams();
  const dir = normaliseDir(params.get('dir'));
  const order = (orders.some((o) => o === params.get('order')) ? params.get('order') : 'name') as DriveOrder;
  const desc = params.get('desc') === '1';
  const view: DriveView = params.get('view') === 'grid' ? 'grid' : 'list';
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

function ViewControls({ order, desc, view, change }: Pick<ReturnType<typeof useDriveParams>, 'order' | 'desc' | 'view' | 'change'>) {
  const t = useT(catalogue);
  return (
    <div className={classes.controls}>
      <Select
        label={t('view.sortBy')}
        data={orders.map((value) => ({ value, label: t(`view.order.${value}`) }))}
        value={order}
        onChange={(value) => change({ order: value === 'name' ? null : value })}
        allowDeselect={false}
        w={100}
        size="xs"
        comboboxProps={{ withinPortal: true }}
      />
      <ActionIcon
        variant="default"
        size="input-xs"
        aria-label={desc ? t('view.descending') : t('view.ascending')}
        title={desc ? t('view.descending.hint') : t('view.ascending.hint')}
        aria-pressed={desc}
        onClick={() => change({ desc: desc ? null : '1' })}
      >
        {desc ? <IconSortDescending size={16} aria-hidden /> : <IconSortAscending size={16} aria-hidden />}
      </ActionIcon>
      <SegmentedControl
        aria-label={t('view')}
        size="xs"
        value={view}
        onChange={(value) => change({ view: value === 'grid' ? 'grid' : null })}
        data={[
          { value: 'list', label: <IconList size={16} aria-label={t('view.list')} /> },
          { value: 'grid', label: <IconLayoutGrid size={16} aria-label={t('view.grid')} /> },
        ]}
      />
    </div>
  );
}

function SearchBox({ initial, dir, extra }: { initial: string; dir: string; extra?: ReactNode }) {
  const t = useT(catalogue);
  const navigate = useNavigate();
  const [key, setKey] = useState(initial);
  const [touched, setTouched] = useState(false);
  const tooLong = [...key.trim()].length > maxSearchLength;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    const trimmed = key.trim();
    if (!trimmed || tooLong) return;
    navigate(`/yunpan/search?${new URLSearchParams({ key: trimmed, ...(dir !== '/' ? { dir } : {}) })}`);
  };
  return (
    <form className={classes.searchForm} role="search" onSubmit={submit}>
      <TextInput
        aria-label={t('search.label')}
        placeholder={dir === '/' ? t('search.placeholder') : t('search.placeholder.folder', { folder: dir.split('/').at(-1) })}
        value={key}
        onChange={(event) => setKey(event.currentTarget.value)}
        error={tooLong ? t('search.tooLong', { max: maxSearchLength }) : touched && !key.trim() ? t('search.blank') : undefined}
        leftSection={<IconSearch size={16} aria-hidden />}
        size="xs"
        style={{ flex: 1, minWidth: 0 }}
      />
      {extra}
      <Button type="submit" size="xs">
        {t('search.submit')}
      </Button>
    </form>
  );
}

/** Opens a folder, or a file's preview; `siblings` are the entries shown with it (a video's subtitles). */
function useOpenEntry(token: string, siblings: XpanEntry[]) {
  const navigate = useNavigate();
  const { order, desc, view } = useDriveParams();
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

function Crumbs({ dir }: { dir: string }) {
  const t = useT(catalogue);
  const crumbs = crumbsOf(dir);
  const { params } = useDriveParams();
  const linkTo = (path: string) => {
    const next = new URLSearchParams(params);
    next.delete('key');
    if (path === '/') next.delete('dir');
    else next.set('dir', path);
    const search = next.toString();
    return `/yunpan/view${search ? `?${search}` : ''}`;
  };
  return (
    <nav aria-label={t('crumbs')} className={classes.crumbs}>
      <Breadcrumbs separatorMargin={6}>
        <Anchor component={Link} to={linkTo('/')} size="sm" aria-current={crumbs.length === 0 ? 'page' : undefined}>
          {t('allFiles')}
        </Anchor>
        {crumbs.map((crumb, index) => (
          <Anchor
            key={crumb.path}
            component={Link}
            to={linkTo(crumb.path)}
            size="sm"
            translate="no"
            aria-current={index === crumbs.length - 1 ? 'page' : undefined}
          >
            {crumb.name}
          </Anchor>
        ))}
      </Breadcrumbs>
    </nav>
  );
}

function BrowsePage({ token }: { token: string }) {
  const t = useT(catalogue);
  const { dir, order, desc, view, change } = useDriveParams();
  const folder = useFolder(token, dir, order, desc);
  const entries = useMemo(() => foldersFirst(folder.data?.pages.flatMap((page) => page.entries) ?? []), [folder.data]);
  const { open, openFolder } = useOpenEntry(token, entries);
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = folder;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  let content: ReactNode;
  if (folder.isPending) content = <Loader aria-label={t('folder.loading')} mx="auto" my="xl" />;
  else if (folder.isError) content = <DriveError error={folder.error} title={t('folder.error')} />;
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
        <DriveTabs page="view" />
      </div>
      <div className={classes.toolbar}>
        <SearchBox key={dir} initial="" dir={dir} />
        <ViewControls order={order} desc={desc} view={view} change={change} />
      </div>
      {content}
      {folder.isFetchNextPageError ? <DriveError error={folder.error} title={t('folder.moreError')} /> : null}
    </>
  );
}

function SearchPage({ token }: { token: string }) {
  const t = useT(catalogue);
  const { params, dir, order, desc, view, change } = useDriveParams();
  const key = (params.get('key') ?? '').trim();
  const recursive = params.get('recursion') !== '0';
  const category = Number(params.get('category')) || undefined;
  const search = useDriveSearch(token, [...key].length <= maxSearchLength ? key : '', dir, recursive, category);
  const results = useMemo(() => sortEntries(search.data ?? [], order, desc), [search.data, order, desc]);
  const { open, openFolder } = useOpenEntry(token, results);

  let content: ReactNode;
  if (!key) content = <Text c="dimmed">{t('search.prompt')}</Text>;
  else if ([...key].length > maxSearchLength) content = <Text className={classes.errorText}>{t('search.tooLongNotice', { max: maxSearchLength })}</Text>;
  else if (search.isPending) content = <Loader aria-label={t('search.searching')} mx="auto" my="xl" />;
  else if (search.isError) content = <DriveError error={search.error} title={t('search.error')} />;
  else if (results.length === 0)
    content = (
      <Text c="dimmed">
        <RichText text={t('search.none')} parts={{ key: () => <span translate="no">{key}</span> }} />
      </Text>
    );
  else content = <FileList entries={results} view={view} token={token} onOpen={open} showFolder onOpenFolder={openFolder} />;

  const scope = (
    <Checkbox
      label={t('search.subfolders')}
      size="xs"
      checked={recursive}
      onChange={(event) => change({ recursion: event.currentTarget.checked ? null : '0' })}
      style={{ alignSelf: 'center', whiteSpace: 'nowrap' }}
    />
  );
  return (
    <>
      <div className={classes.topRow}>
        <Text size="sm" c="dimmed">
          <RichText
            text={t('search.scope')}
            parts={{
              folder: () =>
                dir === '/' ? (
                  t('allFiles')
                ) : (
                  <Anchor component={Link} to={`/yunpan/view?${new URLSearchParams({ dir })}`} translate="no">
                    {dir}
                  </Anchor>
                ),
            }}
          />
        </Text>
        <DriveTabs page="search" />
      </div>
      <div className={classes.toolbar}>
        <SearchBox key={key} initial={key} dir={dir} extra={scope} />
        <div className={classes.controls}>
          <Select
            label={t('search.kind')}
            data={[{ value: '', label: t('search.kind.all') }, ...categories.map((name) => ({ value: String(xpanCategories[name]), label: t(`search.kind.${name}`) }))]}
            value={category ? String(category) : ''}
            onChange={(value) => change({ category: value || null })}
            allowDeselect={false}
            w={120}
            size="xs"
          />
          <ViewControls order={order} desc={desc} view={view} change={change} />
        </div>
      </div>
      {content}
    </>
  );
}

function DriveTabs({ page }: { page: string }) {
  const t = useT(catalogue);
  return (
    <nav aria-label={t('tabs')} style={{ display: 'flex', gap: 4, flexShrink: 0, marginLeft: 'auto' }}>
      <Button component={Link} to="/yunpan/view" size="xs" variant={page === 'view' ? 'light' : 'subtle'} aria-current={page === 'view' ? 'page' : undefined}>
        {t('tabs.browse')}
      </Button>
      <Button component={Link} to="/yunpan/search" size="xs" variant={page === 'search' ? 'light' : 'subtle'} aria-current={page === 'search' ? 'page' : undefined}>
        {t('tabs.search')}
      </Button>
    </nav>
  );
}

/** /yunpan/view browses the drive, /yunpan/search searches it (CONTRACT "XPan"). */
export function DrivePage() {
  const page = useLocation().pathname === '/yunpan/search' ? 'search' : 'view';
  const token = useSettings((settings) => settings.xpan.accessToken);
  return (
    <PageFrame>
      {!token ? (
        <>
          <DriveTabs page={page} />
          <NoToken />
        </>
      ) : page === 'view' ? (
        <BrowsePage token={token} />
      ) : (
        <SearchPage token={token} />
      )}
    </PageFrame>
  );
}

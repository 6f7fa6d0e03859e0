import { ActionIcon, Alert, Anchor, Breadcrumbs, Button, Checkbox, Loader, SegmentedControl, Select, Text, TextInput } from '@mantine/core';
import { IconLayoutGrid, IconList, IconSearch, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useCallback, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { xpanCategories, type XpanEntry } from '../../../common/xpan';
import { PageFrame } from '../../components/page-frame/page-frame';
import { httpErrorMessage } from '../../lib/http/http-client';
import { useSettings } from '../../lib/settings-store';
import { driveErrorStatus, useDriveSearch, useFolder, type DriveOrder } from './api/xpan-api';
import { FileList, type DriveView } from './components/file-list';
import { openPreview } from './components/file-preview';
import { crumbsOf, foldersFirst, normaliseDir, sortEntries } from './drive-files';
import classes from './drive.module.css';

/** Baidu's search key limit (wire file: "≤30 chars"). */
const maxSearchLength = 30;

const orders: Array<{ value: DriveOrder; label: string }> = [
  { value: 'name', label: 'name' },
  { value: 'size', label: 'size' },
  { value: 'time', label: 'date' },
];

const categoryOptions = [
  { value: '', label: 'all kinds' },
  ...Object.entries(xpanCategories).map(([label, value]) => ({ value: String(value), label })),
];

function SettingsLink() {
  return (
    <Anchor component={Link} to="/settings#xpan">
      Settings → XPan
    </Anchor>
  );
}

function NoToken() {
  return (
    <Alert color="blue" title="No XPan access token">
      <Text size="sm">
        This screen shows your Baidu Netdisk (百度网盘) with an OAuth access token of a Baidu open-platform app. Paste one in <SettingsLink />; it stays in
        this browser.
      </Text>
    </Alert>
  );
}

function DriveError({ error, title }: { error: Error; title: string }) {
  const status = driveErrorStatus(error);
  return (
    <Alert color="red" title={title}>
      <Text size="sm">{httpErrorMessage(error)}</Text>
      {status === 401 ? (
        <Text size="sm" mt={4}>
          Open <SettingsLink />.
        </Text>
      ) : null}
    </Alert>
  );
}

/** Address-bar state shared by both pages: folder, sort and view survive reloads and links. */
function useDriveParams() {
  const [params, setParams] = useSearchParams();
  const dir = normaliseDir(params.get('dir'));
  const order = (orders.some((o) => o.value === params.get('order')) ? params.get('order') : 'name') as DriveOrder;
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
  return (
    <div className={classes.controls}>
      <Select
        label="sort by"
        data={orders}
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
        aria-label={desc ? 'descending' : 'ascending'}
        title={desc ? 'descending (click for ascending)' : 'ascending (click for descending)'}
        aria-pressed={desc}
        onClick={() => change({ desc: desc ? null : '1' })}
      >
        {desc ? <IconSortDescending size={16} aria-hidden /> : <IconSortAscending size={16} aria-hidden />}
      </ActionIcon>
      <SegmentedControl
        aria-label="view"
        size="xs"
        value={view}
        onChange={(value) => change({ view: value === 'grid' ? 'grid' : null })}
        data={[
          { value: 'list', label: <IconList size={16} aria-label="list" /> },
          { value: 'grid', label: <IconLayoutGrid size={16} aria-label="grid" /> },
        ]}
      />
    </div>
  );
}

function SearchBox({ initial, dir, extra }: { initial: string; dir: string; extra?: ReactNode }) {
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
        aria-label="search the drive"
        placeholder={dir === '/' ? 'Search file names' : `Search in ${dir.split('/').at(-1)}`}
        value={key}
        onChange={(event) => setKey(event.currentTarget.value)}
        error={tooLong ? `at most ${maxSearchLength} characters (Baidu's limit)` : touched && !key.trim() ? 'type a word to search' : undefined}
        leftSection={<IconSearch size={16} aria-hidden />}
        size="xs"
        style={{ flex: 1, minWidth: 0 }}
      />
      {extra}
      <Button type="submit" size="xs">
        search
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
    <nav aria-label="folder path" className={classes.crumbs}>
      <Breadcrumbs separatorMargin={6}>
        <Anchor component={Link} to={linkTo('/')} size="sm" aria-current={crumbs.length === 0 ? 'page' : undefined}>
          All files
        </Anchor>
        {crumbs.map((crumb, index) => (
          <Anchor key={crumb.path} component={Link} to={linkTo(crumb.path)} size="sm" aria-current={index === crumbs.length - 1 ? 'page' : undefined}>
            {crumb.name}
          </Anchor>
        ))}
      </Breadcrumbs>
    </nav>
  );
}

function BrowsePage({ token }: { token: string }) {
  const { dir, order, desc, view, change } = useDriveParams();
  const folder = useFolder(token, dir, order, desc);
  const entries = useMemo(() => foldersFirst(folder.data?.pages.flatMap((page) => page.entries) ?? []), [folder.data]);
  const { open, openFolder } = useOpenEntry(token, entries);
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = folder;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  let content: ReactNode;
  if (folder.isPending) content = <Loader aria-label="loading folder" mx="auto" my="xl" />;
  else if (folder.isError) content = <DriveError error={folder.error} title="The folder could not be listed" />;
  else if (entries.length === 0) content = <Text c="dimmed">This folder is empty.</Text>;
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
      {folder.isFetchNextPageError ? <DriveError error={folder.error} title="More entries could not be loaded" /> : null}
    </>
  );
}

function SearchPage({ token }: { token: string }) {
  const { params, dir, order, desc, view, change } = useDriveParams();
  const key = (params.get('key') ?? '').trim();
  const recursive = params.get('recursion') !== '0';
  const category = Number(params.get('category')) || undefined;
  const search = useDriveSearch(token, [...key].length <= maxSearchLength ? key : '', dir, recursive, category);
  const results = useMemo(() => sortEntries(search.data ?? [], order, desc), [search.data, order, desc]);
  const { open, openFolder } = useOpenEntry(token, results);

  let content: ReactNode;
  if (!key) content = <Text c="dimmed">Type a word to search the file names on your drive.</Text>;
  else if ([...key].length > maxSearchLength) content = <Text c="red">Search words are at most {maxSearchLength} characters (Baidu&apos;s limit).</Text>;
  else if (search.isPending) content = <Loader aria-label="searching" mx="auto" my="xl" />;
  else if (search.isError) content = <DriveError error={search.error} title="The search failed" />;
  else if (results.length === 0) content = <Text c="dimmed">Nothing on the drive matches “{key}”.</Text>;
  else content = <FileList entries={results} view={view} token={token} onOpen={open} showFolder onOpenFolder={openFolder} />;

  const scope = (
    <Checkbox
      label="subfolders"
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
          Search in{' '}
          {dir === '/' ? (
            'All files'
          ) : (
            <Anchor component={Link} to={`/yunpan/view?${new URLSearchParams({ dir })}`}>
              {dir}
            </Anchor>
          )}
        </Text>
        <DriveTabs page="search" />
      </div>
      <div className={classes.toolbar}>
        <SearchBox key={key} initial={key} dir={dir} extra={scope} />
        <div className={classes.controls}>
          <Select
            label="kind"
            data={categoryOptions}
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
  return (
    <nav aria-label="drive pages" style={{ display: 'flex', gap: 4, flexShrink: 0, marginLeft: 'auto' }}>
      <Button component={Link} to="/yunpan/view" size="xs" variant={page === 'view' ? 'light' : 'subtle'} aria-current={page === 'view' ? 'page' : undefined}>
        browse
      </Button>
      <Button component={Link} to="/yunpan/search" size="xs" variant={page === 'search' ? 'light' : 'subtle'} aria-current={page === 'search' ? 'page' : undefined}>
        search files
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

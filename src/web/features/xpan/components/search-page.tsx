import { Anchor, Checkbox, Loader, Select, Text } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { xpanCategories } from '../../../../common/xpan';
import { RichText } from '../../../lib/i18n/rich-text';
import { useT } from '../../../lib/i18n/use-t';
import { useXpanSearch } from '../api/xpan-api';
import { useOpenEntry } from '../hooks/use-open-entry';
import { useXpanParams } from '../hooks/use-xpan-params';
import { catalogue } from '../i18n';
import { sortEntries } from '../xpan-files';
import classes from '../xpan.module.css';
import { FileList } from './file-list';
import { maxSearchLength, SearchBox } from './search-box';
import { ViewControls } from './view-controls';
import { XpanErrorAlert } from './xpan-error-alert';
import { XpanTabs } from './xpan-tabs';

const categories = Object.keys(xpanCategories) as Array<keyof typeof xpanCategories>;

/** /yunpan/search: file names matching the address's `key`, in a folder (and its subfolders), of a kind. */
export function SearchPage({ token }: { token: string }) {
  const t = useT(catalogue);
  const { params, dir, order, desc, view, change } = useXpanParams();
  const key = (params.get('key') ?? '').trim();
  const recursive = params.get('recursion') !== '0';
  const category = Number(params.get('category')) || undefined;
  const search = useXpanSearch(token, [...key].length <= maxSearchLength ? key : '', dir, recursive, category);
  const results = useMemo(() => sortEntries(search.data ?? [], order, desc), [search.data, order, desc]);
  const { open, openFolder } = useOpenEntry(token, results);

  let content: ReactNode;
  if (!key) content = <Text c="dimmed">{t('search.prompt')}</Text>;
  else if ([...key].length > maxSearchLength) content = <Text className={classes.errorText}>{t('search.tooLongNotice', { max: maxSearchLength })}</Text>;
  else if (search.isPending) content = <Loader aria-label={t('search.searching')} mx="auto" my="xl" />;
  else if (search.isError) content = <XpanErrorAlert error={search.error} title={t('search.error')} />;
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
        <XpanTabs page="search" />
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

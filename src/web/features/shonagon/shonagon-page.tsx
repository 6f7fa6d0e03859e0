import { Center, Loader, Tabs } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { PageFrame } from '../../components/page-frame/page-frame';
import { common } from '../../lib/i18n/common';
import { useT } from '../../lib/i18n/use-t';
import { catalogue } from './i18n';
import { untilLoaded } from '../../lib/until-loaded';

/** Each tab's code loads when the tab is first shown (docs/behaviour.md "Shell": Shonagon tabs load lazily). */
const tabs = [
  { value: 'single', label: 'tab.single', Component: lazy(() => untilLoaded(() => import('./single/single-search')).then((m) => ({ default: m.SingleSearch }))) },
  { value: 'multi', label: 'tab.multi', Component: lazy(() => untilLoaded(() => import('./multi/multi-search')).then((m) => ({ default: m.MultiSearch }))) },
  { value: 'history', label: 'tab.history', Component: lazy(() => untilLoaded(() => import('./history/history-tab')).then((m) => ({ default: m.HistoryTab }))) },
  { value: 'library', label: 'tab.library', Component: lazy(() => untilLoaded(() => import('./library/library-tab')).then((m) => ({ default: m.LibraryTab }))) },
] as const;

export function ShonagonPage() {
  const t = useT(catalogue);
  const tc = useT(common);
  const { mode = 'single' } = useParams();
  const navigate = useNavigate();
  const { search } = useLocation();
  const current = tabs.find((tab) => tab.value === mode);
  if (!current) return <Navigate to={{ pathname: '/shonagon/single', search }} replace />;
  // The sidebar parameter stays with the screen when switching tabs; a query belongs to its tab.
  const sidebar = new URLSearchParams(search).get('sidebar');
  return (
    <PageFrame>
      <Tabs value={mode} onChange={(value) => value && navigate({ pathname: `/shonagon/${value}`, search: sidebar ? `?sidebar=${encodeURIComponent(sidebar)}` : '' })} keepMounted={false}>
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value} style={{ whiteSpace: 'nowrap' }}>
              {t(tab.label)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={current.value} pt="md">
          <Suspense
            fallback={
              <Center py="xl">
                <Loader size="sm" aria-label={tc('loading')} />
              </Center>
            }
          >
            <current.Component />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </PageFrame>
  );
}

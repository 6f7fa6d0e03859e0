import { AppShell, Burger, Center, Group, Loader, Stack, UnstyledButton } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Suspense, useEffect } from 'react';
import { Link, Outlet, useLocation, useSearchParams } from 'react-router';
import { PageHeader, pageFrameProps, useRouteHeading } from '../components/page-frame/page-header';
import { ScreenPaintedMark, useShellPainted } from './first-paint';
import { LazyModalHost, LazyToasts } from './lazy-overlays';
import { common } from '../lib/i18n/common';
import { useT } from '../lib/i18n/use-t';
import { titleKeyFor, useRouteHandle } from './route-table';
import { Sidebar } from './sidebar';
import { ShellExtras } from './shell-extras';
import { ServerNotice } from './installable/server-notice';
import { RouteErrorBoundary } from './route-error';

export const sidebarWidths = { expanded: 220, collapsed: 68 } as const;

function useDocumentTitle() {
  const title = useT(common)(titleKeyFor(useRouteHandle()));
  useEffect(() => {
    document.title = title;
  }, [title]);
}

export function Shell() {
  const t = useT(common);
  useDocumentTitle();
  useShellPainted();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const sidebarParam = searchParams.get('sidebar');
  const hidden = sidebarParam === 'hidden';
  const [collapsed, { toggle: toggleCollapsed, close: expand, open: collapse }] = useDisclosure(sidebarParam === 'collapsed');
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const isMobile = useMediaQuery('(max-width: 767.98px)', false, { getInitialValueInEffect: false });

  useEffect(() => {
    if (sidebarParam === 'collapsed') collapse();
    else if (sidebarParam === 'expanded') expand();
  }, [sidebarParam, collapse, expand]);

  useEffect(closeMobile, [location.pathname, closeMobile]);

  const narrow = collapsed && !isMobile;
  return (
    <AppShell
      // Below a notch or status bar (viewport-fit=cover): the header grows by the top safe area.
      header={isMobile && !hidden ? { height: 'calc(52px + env(safe-area-inset-top))' } : undefined}
      navbar={
        hidden
          ? undefined
          : {
              width: narrow ? sidebarWidths.collapsed : sidebarWidths.expanded,
              breakpoint: 'sm',
              collapsed: { mobile: !mobileOpened },
            }
      }
      padding="md"
      transitionDuration={150}
    >
      {isMobile && !hidden ? (
        <AppShell.Header className="shell-header">
          <Group h="100%" justify="space-between">
            <Burger opened={mobileOpened} onClick={toggleMobile} size="sm" aria-label={t('nav.menu')} />
            <UnstyledButton component={Link} to="/" fw={700}>
              {t('product')}
            </UnstyledButton>
            <span style={{ width: 28 }} />
          </Group>
        </AppShell.Header>
      ) : null}
      {hidden ? null : (
        <AppShell.Navbar aria-label={t('nav.sidebar')}>
          <Sidebar collapsed={narrow} onToggleCollapsed={toggleCollapsed} showCollapseToggle={!isMobile} />
        </AppShell.Navbar>
      )}
      {/* Room below the content for the floating assistant icon, which the chat screen does not show. */}
      <AppShell.Main pb={location.pathname === '/chat' ? undefined : 88}>
        <ServerNotice />
        <RouteErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<ScreenLoading />}>
            <Outlet />
            <ScreenPaintedMark />
          </Suspense>
        </RouteErrorBoundary>
      </AppShell.Main>
      <LazyModalHost />
      <LazyToasts />
      <ShellExtras />
    </AppShell>
  );
}

/** While a screen's code loads: its heading (from the route) at once, then a spinner. */
function ScreenLoading() {
  const t = useT(common);
  const { heading, description } = useRouteHeading();
  const spinner = (
    <Center h={200}>
      <Loader aria-label={t('loading')} />
    </Center>
  );
  if (!heading) return spinner;
  return (
    <Stack {...pageFrameProps}>
      <PageHeader title={heading} description={description} />
      {spinner}
    </Stack>
  );
}

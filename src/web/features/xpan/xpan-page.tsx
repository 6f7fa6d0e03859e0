import { lazy } from 'react';
import { useParams } from 'react-router';
import { PageFrame } from '../../components/page-frame/page-frame';
import { useSettings } from '../../lib/settings-store';
import { UnknownPage } from './components/unknown-page';
import { NoToken } from './components/xpan-alerts';
import { XpanTabs } from './components/xpan-tabs';
import { untilLoaded } from '../../lib/until-loaded';

// The browse and search pages (Mantine's Select and floating-ui, the drive's API and queries, the
// file list and preview) load only when a token is set: without one, the screen's first paint is
// the tabs and the notice, which need none of them (decision 0014, addendum "issue 29").
const BrowsePage = lazy(() => untilLoaded(() => import('./components/browse-page')).then((m) => ({ default: m.BrowsePage })));
const SearchPage = lazy(() => untilLoaded(() => import('./components/search-page')).then((m) => ({ default: m.SearchPage })));

/** /yunpan/view browses the drive, /yunpan/search searches it; any other page is not one of the drive's. */
export function XpanPage() {
  const page = useParams().page ?? '';
  const token = useSettings((settings) => settings.xpan.accessToken);
  let content;
  if (page !== 'view' && page !== 'search') content = <UnknownPage page={page} />;
  else if (!token)
    content = (
      <>
        <XpanTabs page={page} />
        <NoToken />
      </>
    );
  else if (page === 'view') content = <BrowsePage token={token} />;
  else content = <SearchPage token={token} />;
  return <PageFrame>{content}</PageFrame>;
}

import { useParams } from 'react-router';
import { PageFrame } from '../../components/page-frame/page-frame';
import { useSettings } from '../../lib/settings-store';
import { BrowsePage } from './components/browse-page';
import { SearchPage } from './components/search-page';
import { UnknownPage } from './components/unknown-page';
import { NoToken } from './components/xpan-alerts';
import { XpanTabs } from './components/xpan-tabs';

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

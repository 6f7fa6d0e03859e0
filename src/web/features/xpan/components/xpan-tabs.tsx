import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';

/** Browse and search, the drive's two pages; `page` is the one shown (none on an unknown page). */
export function XpanTabs({ page }: { page: string }) {
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

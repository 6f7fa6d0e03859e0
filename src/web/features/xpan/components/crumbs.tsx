import { Anchor, Breadcrumbs } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n/use-t';
import { useXpanParams } from '../hooks/use-xpan-params';
import { catalogue } from '../i18n';
import { crumbsOf } from '../xpan-files';
import classes from '../xpan.module.css';

/** The folder's path as links, keeping the sort and view. */
export function Crumbs({ dir }: { dir: string }) {
  const t = useT(catalogue);
  const crumbs = crumbsOf(dir);
  const { params } = useXpanParams();
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

import { Text, Title } from '@mantine/core';
import { createContext, useContext, type ReactNode } from 'react';
import { common } from '../../lib/i18n/common';
import type { KeysOf } from '../../lib/i18n/i18n';
import { useT } from '../../lib/i18n/use-t';

/** A screen's heading, kept in its route's `handle` (as keys of the common catalogue) so the shell can show it while the screen loads. */
export interface PageHeading {
  heading?: KeysOf<typeof common>;
  description?: KeysOf<typeof common>;
}

/** The current route's heading, given by the app's routes. */
export const RouteHeadingContext = createContext<PageHeading | undefined>(undefined);

/** The current route's heading, in the active language. */
export function useRouteHeading(): { heading?: string; description?: string } {
  const t = useT(common);
  const handle = useContext(RouteHeadingContext);
  return { heading: handle?.heading && t(handle.heading), description: handle?.description && t(handle.description) };
}

interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}

export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Title order={2} id="page-title">
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        ) : null}
      </div>
      {actions}
    </div>
  );
}

/** The outer box of every screen: same width and spacing for the screen and its loading state. */
export const pageFrameProps = { gap: 'md', component: 'section', 'aria-labelledby': 'page-title', maw: 1200, mx: 'auto', w: '100%' } as const;

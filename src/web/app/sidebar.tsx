import { ActionIcon, Box, NavLink, Stack, Text } from '@mantine/core';
import {
  IconBook2,
  IconBrandNotion,
  IconCloud,
  IconEyeOff,
  IconHome,
  IconLanguage,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconMessageChatbot,
  IconSettings,
  IconUpload,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link, useLocation } from 'react-router';
import { PreferenceControls } from '../components/preference-controls/preference-controls';
import { common } from '../lib/i18n/common';
import { useT } from '../lib/i18n/use-t';
import { isEntryActive, sidebarEntries, type SidebarEntry } from './route-table';
import { SidebarSync } from './sync/sync-shell';

const icons: Record<SidebarEntry['label'], ComponentType<{ size?: number; stroke?: number }>> = {
  Home: IconHome,
  Shonagon: IconBook2,
  MyNotion: IconBrandNotion,
  XPan: IconCloud,
  Upload: IconUpload,
  AIChat: IconMessageChatbot,
  Translate: IconLanguage,
  Settings: IconSettings,
};

interface SidebarProps {
  collapsed: boolean;
  showCollapseToggle: boolean;
  onToggleCollapsed: () => void;
}

export function Sidebar({ collapsed, showCollapseToggle, onToggleCollapsed }: SidebarProps) {
  const t = useT(common);
  const { pathname, search } = useLocation();
  const hideMeSearch = withParam(search, 'sidebar', 'hidden');
  return (
    <Stack gap={0} h="100%">
      <Text fw={700} size="lg" px="md" py="sm" c="blue" aria-hidden={collapsed} style={{ whiteSpace: 'nowrap', overflow: 'hidden' }}>
        {collapsed ? '言' : `${t('product')} 言の葉`}
      </Text>
      {/* A plain scrolling box: Mantine's ScrollArea would bring floating-ui into the first load. */}
      <Box component="nav" aria-label={t('nav.main')} style={{ flex: 1, overflowY: 'auto', overscrollBehavior: 'contain' }}>
        {sidebarEntries.map((entry) => {
          const Icon = icons[entry.label];
          const active = isEntryActive(entry, pathname);
          const label = t(`nav.${entry.label}`);
          return (
            <NavLink
              key={entry.id}
              component={Link}
              to={entry.to}
              label={collapsed ? null : label}
              aria-label={label}
              aria-current={active ? 'page' : undefined}
              data-active={active || undefined}
              active={active}
              leftSection={<Icon size={20} stroke={1.6} />}
              title={collapsed ? label : undefined}
              py={10}
            />
          );
        })}
      </Box>
      <Stack gap={4} p="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <SidebarSync collapsed={collapsed} />
        <PreferenceControls compact={collapsed} />
        <NavLink
          component={Link}
          to={{ pathname, search: hideMeSearch }}
          label={collapsed ? null : t('nav.hideMe')}
          aria-label={t('nav.hideMe')}
          leftSection={<IconEyeOff size={18} stroke={1.6} />}
        />
        {showCollapseToggle ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={onToggleCollapsed}
            aria-label={collapsed ? t('nav.expand') : t('nav.collapse')}
            aria-expanded={!collapsed}
            style={{ alignSelf: collapsed ? 'center' : 'flex-end' }}
          >
            {collapsed ? <IconLayoutSidebarLeftExpand size={20} /> : <IconLayoutSidebarLeftCollapse size={20} />}
          </ActionIcon>
        ) : null}
      </Stack>
    </Stack>
  );
}

/** The current query with one parameter set, the others (query_string, hideColumns…) kept. */
export function withParam(search: string, name: string, value: string): string {
  const params = new URLSearchParams(search);
  params.set(name, value);
  return `?${params.toString()}`;
}

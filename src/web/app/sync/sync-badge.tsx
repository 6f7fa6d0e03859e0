import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n/use-t';
import { useSyncStatus } from '../../lib/sync/sync-status';
import { catalogue } from './i18n';
import { shortReason } from './sync-words';

// A dot, not an icon: every icon outside the shell is in one file that Settings loads at its first paint.
const colors = { syncing: 'var(--mantine-color-blue-5)', synced: 'var(--mantine-color-teal-6)', offline: 'var(--mantine-color-yellow-6)', error: 'var(--mantine-color-red-6)' } as const;

/** Out of sight but read out (Mantine's VisuallyHidden would be one more file). */
const hidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** The engine's code is loaded from here, so that the shell's file names only this small one. */
export function startSync(): Promise<void> {
  return import('./sync-app').then((sync) => sync.startSyncIfOn());
}

/**
 * The sidebar's sync line (docs/on-screen-names.md "Shell"): synced, syncing, offline or the error's
 * reason, and how many records this device cannot read; a link to Settings → Sync.
 */
export function SyncBadge({ collapsed }: { collapsed: boolean }) {
  const t = useT(catalogue);
  const status = useSyncStatus();
  // Before the engine's first round the status is still `off`: it is about to sync.
  const state = status.state === 'off' ? 'syncing' : status.state;
  const unreadable = status.unreadable.reduce((sum, { count }) => sum + count, 0);
  const words = [state === 'error' ? t('badge.error', { reason: shortReason(t, status.problem) }) : t(`badge.${state}`), unreadable > 0 ? t('badge.unreadable', { count: unreadable }) : null]
    .filter(Boolean)
    .join(' · ');
  return (
    <div role="status" aria-label={t('badge.name')}>
      <UnstyledButton component={Link} to="/settings#sync" title={collapsed ? words : t('badge.open')} px="xs" py={4} w="100%" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
        <Group gap={8} wrap="nowrap" justify={collapsed ? 'center' : 'flex-start'}>
          <span aria-hidden style={{ width: 8, height: 8, margin: 5, borderRadius: 4, flexShrink: 0, background: colors[state] }} />
          {/* Collapsed, the words are for screen readers (and the hint) only. */}
          <Text component="span" size="xs" c={state === 'error' ? 'red' : 'dimmed'} lineClamp={2} style={collapsed ? hidden : undefined}>
            {words}
          </Text>
        </Group>
      </UnstyledButton>
    </div>
  );
}

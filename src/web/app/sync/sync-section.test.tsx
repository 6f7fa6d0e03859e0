import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCatalogue } from '../../lib/i18n/i18n';
import { useSyncStatus, type SyncStatus } from '../../lib/sync/sync-status';
import { SyncBadge } from './sync-badge';
import { catalogue } from './i18n';
import { StatusLine } from './sync-panel';
import { SyncSetup } from './sync-setup';

// The test set-up loads the features' catalogues; this one is the app's.
beforeAll(() => loadCatalogue(catalogue, 'en'));

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
  useSyncStatus.setState({ state: 'off', problem: undefined, syncedAt: undefined, unreadable: [] });
});

function show(node: ReactNode) {
  render(
    <MantineProvider env="test">
      <MemoryRouter>
        <Suspense fallback={null}>{node}</Suspense>
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('Settings → Sync', { timeout: 20_000 }, () => {
  it('refuses a passphrase shorter than 10 characters under the field, before any request', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    show(<SyncSetup />);
    const user = userEvent.setup();
    const passphrase = await screen.findByLabelText('passphrase');
    await user.type(passphrase, 'nine char');
    // Refused at once, in the click itself: no sync code is loaded, no key derived.
    fireEvent.click(screen.getByRole('button', { name: 'turn on sync' }));
    expect(screen.getByText('The passphrase needs at least 10 characters.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fetch).not.toHaveBeenCalled();
    expect(localStorage.getItem('kotonoha.sync')).toBeNull();
    // API keys stay on this device unless ticked.
    expect(screen.getByRole('checkbox', { name: 'API keys' })).not.toBeChecked();
    expect(screen.getByText(/the server can't read them/)).toBeInTheDocument();
  });

  it.each<[string, Partial<SyncStatus>, RegExp[]]>([
    ['synced', { state: 'synced', syncedAt: Date.now() - 60_000 }, [/^Last synced 1 minute ago\.$/]],
    ['offline', { state: 'offline' }, [/^Offline: the server is out of reach/]],
    ['vault full', { state: 'error', problem: { code: 'vault-full', message: 'the vault is full' } }, [/^Sync stopped: the vault is full$/, /Delete old chats, or untick a kind/]],
    ['record too large', { state: 'error', problem: { code: 'record-too-large', message: 'message.c1.m2 is 2 MB' } }, [/too large for the vault: message\.c1\.m2 is 2 MB/]],
    ['rate', { state: 'error', problem: { code: 'rate', message: 'slow down' } }, [/tries again by itself/]],
    ['wrong passphrase', { state: 'error', problem: { code: 'wrong-passphrase', message: '' } }, [/^Sync stopped: the passphrase no longer opens this vault$/, /^The passphrase no longer opens this vault .*Turn sync off, then on again/]],
  ])('words the status: %s', async (_name, status, expected) => {
    show(<StatusLine status={{ unreadable: [], ...status } as SyncStatus} vaultName="" />);
    for (const words of expected) expect(await screen.findByText(words)).toBeInTheDocument();
  });

  it('the sidebar badge says the state, the reason of an error and how many records are unreadable, and links to Settings → Sync', async () => {
    useSyncStatus.setState({ state: 'synced', unreadable: [] });
    show(<SyncBadge collapsed={false} />);
    const badge = await screen.findByRole('status', { name: 'sync' });
    expect(badge).toHaveTextContent(/^synced$/);
    expect(within(badge).getByRole('link')).toHaveAttribute('href', '/settings#sync');
    cleanup();

    useSyncStatus.setState({ state: 'error', problem: { code: 'vault-full', message: '' }, unreadable: [{ type: 'chat', count: 2 }, { type: 'keys', count: 1 }] });
    show(<SyncBadge collapsed />);
    expect(await screen.findByRole('status', { name: 'sync' })).toHaveTextContent('error: the vault is full · 3 unreadable');
  });
});

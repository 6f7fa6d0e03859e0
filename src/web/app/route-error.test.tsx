import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Screen({ broken }: { broken: boolean }) {
  if (broken) throw new Error('Cannot read properties of undefined (reading "reading")');
  return <p>語彙の一覧</p>;
}

const screenAt = (path: string, broken: boolean) => (
  <MantineProvider env="test">
    <RouteErrorBoundary resetKey={path}>
      <Screen broken={broken} />
    </RouteErrorBoundary>
  </MantineProvider>
);

describe('RouteErrorBoundary', () => {
  it("shows what went wrong in the screen's place, and the next screen once the person goes elsewhere", () => {
    // React reports the caught error on the console as well.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(screenAt('/notion/pages', true));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).toHaveTextContent('Cannot read properties of undefined (reading "reading")');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeVisible();

    rerender(screenAt('/notion/pages', false));
    expect(screen.getByRole('alert')).toBeVisible();

    rerender(screenAt('/translate', false));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('語彙の一覧')).toBeVisible();
  });
});

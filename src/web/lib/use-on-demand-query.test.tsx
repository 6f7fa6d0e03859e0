import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { onDemandQueryClient, useOnDemandQuery } from './use-on-demand-query';

afterEach(async () => {
  cleanup();
  (await onDemandQueryClient()).clear();
});

function Words({ enabled, source }: { enabled: boolean; source: () => Promise<string[]> }) {
  const query = useOnDemandQuery({ queryKey: ['words', 'test'], queryFn: source, enabled, retry: false });
  if (query.isError) return <p>failed: {String((query.error as Error).message)}</p>;
  return <p>{query.isFetching ? 'fetching' : (query.data ?? ['none']).join(',')}</p>;
}

describe('useOnDemandQuery', () => {
  it('fetches nothing while disabled, then reads and follows the shared cache', async () => {
    let calls = 0;
    const source = async () => {
      calls += 1;
      return calls === 1 ? ['今日', '昨日'] : ['図書館'];
    };
    const { rerender } = render(<Words enabled={false} source={source} />);
    // The hook loads the client on its own; once that load has settled, a disabled query is not in the cache.
    const client = await act(() => onDemandQueryClient());
    expect(client.getQueryCache().find({ queryKey: ['words', 'test'] })).toBeUndefined();
    expect(calls).toBe(0);
    expect(screen.getByText('none')).toBeTruthy();

    rerender(<Words enabled source={source} />);
    await screen.findByText('今日,昨日');

    // A change made elsewhere through the shared client reaches the observer.
    await act(async () => void (await onDemandQueryClient()).invalidateQueries({ queryKey: ['words', 'test'] }));
    await screen.findByText('図書館');
    expect(calls).toBe(2);
  });

  it('reports a failed fetch', async () => {
    render(<Words enabled source={() => Promise.reject(new Error('401 invalid key'))} />);
    await waitFor(() => expect(screen.getByText('failed: 401 invalid key')).toBeTruthy());
  });
});

import { describe, expect, it, vi } from 'vitest';
import { HttpError } from './http/http-client';
import { queryClient } from './query-client';
import { reportServerReach } from './server-reach';

describe('queryClient', () => {
  it("tells a failed query's error to the reporter in its meta, once", async () => {
    const reportError = vi.fn();
    const failure = new Error('corpus down');
    await expect(queryClient.fetchQuery({ queryKey: ['test', 'failing'], queryFn: () => Promise.reject(failure), retry: false, meta: { reportError } })).rejects.toBe(failure);
    expect(reportError).toHaveBeenCalledTimes(1);
    expect(reportError).toHaveBeenCalledWith(failure);
  });

  it("tells a failed mutation's error to the reporter in its meta, once", async () => {
    const reportError = vi.fn();
    const failure = new Error('not saved');
    const mutation = queryClient.getMutationCache().build(queryClient, { mutationFn: () => Promise.reject(failure), meta: { reportError } });
    await expect(mutation.execute(undefined)).rejects.toBe(failure);
    expect(reportError).toHaveBeenCalledTimes(1);
  });

  it('reports nothing for a query that succeeds or names no reporter', async () => {
    const reportError = vi.fn();
    await queryClient.fetchQuery({ queryKey: ['test', 'fine'], queryFn: () => 1, meta: { reportError } });
    await expect(queryClient.fetchQuery({ queryKey: ['test', 'silent'], queryFn: () => Promise.reject(new Error('x')), retry: false })).rejects.toThrow('x');
    expect(reportError).not.toHaveBeenCalled();
  });

  it("leaves a read that found our server out of reach to the shell's offline notice", async () => {
    const reportError = vi.fn();
    const unreachable = new HttpError('network', 'cannot reach the Kotonoha server', { url: '/shonagon_api/documents' });
    reportServerReach('unreachable');
    try {
      await expect(queryClient.fetchQuery({ queryKey: ['test', 'offline'], queryFn: () => Promise.reject(unreachable), retry: false, meta: { reportError } })).rejects.toBe(unreachable);
      expect(reportError).not.toHaveBeenCalled();
    } finally {
      reportServerReach('reachable');
    }
    await expect(queryClient.fetchQuery({ queryKey: ['test', 'offline-again'], queryFn: () => Promise.reject(unreachable), retry: false, meta: { reportError } })).rejects.toBe(unreachable);
    expect(reportError).toHaveBeenCalledTimes(1);
  });
});

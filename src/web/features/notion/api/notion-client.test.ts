import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotionError, notionCall } from './notion-client';

afterEach(() => vi.unstubAllGlobals());

function notionAnswering(status: number, headers: Record<string, string> = {}) {
  const fetchFn = vi.fn(async () => new Response(JSON.stringify({ object: 'error', code: 'rate_limited', message: 'slow down' }), { status, headers: { 'content-type': 'application/json', ...headers } }));
  vi.stubGlobal('fetch', fetchFn);
  return fetchFn;
}

async function failure(promise: Promise<unknown>): Promise<NotionError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof NotionError) return error;
    throw error;
  }
  throw new Error('expected a NotionError');
}

describe('notionCall and Retry-After', () => {
  it('reads the wait from the 429 answer’s Retry-After header', async () => {
    const fetchFn = notionAnswering(429, { 'retry-after': '7' });
    const error = await failure(notionCall('retry-after-token-1', '/databases/x/query', { json: {}, retryRateLimit: false }));
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfter: 7 });
    expect(fetchFn).toHaveBeenCalledTimes(1);
  });

  it('caps a long Retry-After at a minute', async () => {
    notionAnswering(429, { 'retry-after': '3600' });
    const error = await failure(notionCall('retry-after-token-2', '/databases/x/query', { json: {}, retryRateLimit: false }));
    expect(error.retryAfter).toBe(60);
  });
});

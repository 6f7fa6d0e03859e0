import type { AvResult } from '../../../common/av-search';
import { xpanCategories, xpanErrno, xpanListSchema, xpanMissingTokenMessage } from '../../../common/xpan';

export const yunpanSearchTimeoutMs = 15_000;

/** Baidu's keyword search (`method=search`, video category, recursive) on the learner's drive; plays through the XPan stream relay. */
export async function* searchYunpan(upstream: string, accessToken: string | undefined, q: string, signal: AbortSignal): AsyncIterable<AvResult> {
  if (!accessToken) throw new Error(xpanMissingTokenMessage);
  const target = new URL('/rest/2.0/xpan/file', upstream);
  // Baidu caps `key` at 30 characters.
  target.search = new URLSearchParams({
    method: 'search',
    key: q.slice(0, 30),
    dir: '/',
    recursion: '1',
    category: String(xpanCategories.video),
    web: '1',
    access_token: accessToken,
  }).toString();
  let body: unknown;
  try {
    const response = await fetch(target, { redirect: 'manual', signal: AbortSignal.any([signal, AbortSignal.timeout(yunpanSearchTimeoutMs)]) });
    if (!response.ok) throw new Error(`Baidu answered HTTP ${response.status}`);
    body = await response.json();
  } catch (error) {
    if (signal.aborted) return;
    if (error instanceof Error && error.name === 'TimeoutError') throw new Error(`Baidu did not answer within ${yunpanSearchTimeoutMs / 1000} s`);
    if (error instanceof SyntaxError) throw new Error('Baidu answered something that is not JSON');
    throw error instanceof Error && error.message.startsWith('Baidu') ? error : new Error('Baidu is unreachable');
  }
  const parsed = xpanListSchema.safeParse(body);
  if (!parsed.success) throw new Error('Baidu answered in a shape this server does not know');
  if (parsed.data.errno !== 0) throw new Error(xpanErrno(parsed.data.errno).message);
  for (const item of parsed.data.list ?? []) {
    if (item.isdir === 1) continue;
    const fsid = String(item.fs_id);
    const title = item.server_filename;
    const at = title.toLowerCase().indexOf(q.toLowerCase());
    yield {
      source: 'yunpan',
      id: `yunpan:${fsid}`,
      title,
      thumb: item.thumbs?.url2 ?? item.thumbs?.url1 ?? null,
      duration: null,
      url: `/api/xpan/stream?${new URLSearchParams({ fsid, access_token: accessToken })}`,
      ...(at >= 0 ? { match: { start: at, end: at + q.length } } : {}),
    };
  }
}

import type { AvResult } from '../../../common/av-search';
import { coded } from '../../../common/server-errors';
import { xpanCategories, xpanErrno, xpanErrnoCoded, xpanListSchema, xpanMissingTokenMessage } from '../../../common/xpan';
import { SourceError } from './search';

/** As the XPan relay names the service in its codes' params. */
const upstream = 'Baidu Netdisk';

export const yunpanSearchTimeoutMs = 15_000;

/** Baidu's keyword search (`method=search`, video category, recursive) on the learner's drive; plays through the XPan stream relay. */
export async function* searchYunpan(upstreamOrigin: string, accessToken: string | undefined, q: string, signal: AbortSignal): AsyncIterable<AvResult> {
  if (!accessToken) throw new SourceError(xpanMissingTokenMessage, coded('xpan-token'));
  const target = new URL('/rest/2.0/xpan/file', upstreamOrigin);
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
    if (!response.ok) throw new SourceError(`Baidu answered HTTP ${response.status}`, coded('upstream-bad-answer', { upstream, status: response.status }));
    body = await response.json();
  } catch (error) {
    if (signal.aborted) return;
    if (error instanceof Error && error.name === 'TimeoutError') throw new SourceError(`Baidu did not answer within ${yunpanSearchTimeoutMs / 1000} s`, coded('upstream-timeout', { upstream, seconds: yunpanSearchTimeoutMs / 1000 }));
    if (error instanceof SyntaxError) throw new SourceError('Baidu answered something that is not JSON', coded('xpan-bad-answer'));
    throw error instanceof SourceError ? error : new SourceError('Baidu is unreachable', coded('upstream-unreachable', { upstream }));
  }
  const parsed = xpanListSchema.safeParse(body);
  if (!parsed.success) throw new SourceError('Baidu answered in a shape this server does not know', coded('xpan-bad-answer'));
  if (parsed.data.errno !== 0) throw new SourceError(xpanErrno(parsed.data.errno).message, xpanErrnoCoded(parsed.data.errno));
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

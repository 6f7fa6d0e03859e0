import type { AvResult } from '../../../common/av-search';

export const yunpanSearchTimeoutMs = 15_000;

/** The Baidu open platform answers errors as HTTP 200 with an `errno` (../shared/wire/baidu-xpan.md). */
const errnoMessages: Record<number, string> = {
  [-6]: 'the XPan access token is invalid or expired — paste a new one in Settings → XPan',
  111: 'the XPan access token has expired — paste a new one in Settings → XPan',
  31045: 'the XPan access token was refused — paste a new one in Settings → XPan',
  31034: 'Baidu is rate-limiting this token; try again in a minute',
  [-7]: 'no access to that folder',
  [-9]: 'no such file or folder',
  2: 'Baidu refused the search parameters',
  31023: 'Baidu refused the search parameters',
  6: 'this app may not access the drive’s data',
};

interface XpanItem {
  fs_id?: unknown;
  server_filename?: unknown;
  path?: unknown;
  isdir?: unknown;
  category?: unknown;
  thumbs?: { url1?: unknown; url2?: unknown; url3?: unknown };
}

/** Baidu's keyword search (`method=search`, video category, recursive) on the learner's drive. */
export async function* searchYunpan(upstream: string, accessToken: string | undefined, q: string, signal: AbortSignal): AsyncIterable<AvResult> {
  if (!accessToken) throw new Error('the cloud drive needs an access token (Settings → XPan)');
  const target = new URL('/rest/2.0/xpan/file', upstream);
  // Baidu caps `key` at 30 characters.
  target.search = new URLSearchParams({ method: 'search', key: q.slice(0, 30), dir: '/', recursion: '1', category: '1', web: '1', access_token: accessToken }).toString();
  let body: { errno?: unknown; list?: unknown };
  try {
    const response = await fetch(target, { redirect: 'manual', signal: AbortSignal.any([signal, AbortSignal.timeout(yunpanSearchTimeoutMs)]), headers: { 'user-agent': 'pan.baidu.com' } });
    if (!response.ok) throw new Error(`Baidu answered HTTP ${response.status}`);
    body = (await response.json()) as typeof body;
  } catch (error) {
    if (signal.aborted) return;
    if (error instanceof Error && error.name === 'TimeoutError') throw new Error(`Baidu did not answer within ${yunpanSearchTimeoutMs / 1000} s`);
    if (error instanceof SyntaxError) throw new Error('Baidu answered something that is not JSON');
    throw error instanceof Error && error.message.startsWith('Baidu') ? error : new Error('Baidu is unreachable');
  }
  const errno = Number(body.errno ?? 0);
  if (errno !== 0) throw new Error(errnoMessages[errno] ?? `Baidu error ${errno}`);
  const list = Array.isArray(body.list) ? (body.list as XpanItem[]) : [];
  for (const item of list) {
    if (item.isdir === 1 || (item.fs_id === undefined && item.path === undefined)) continue;
    const fsid = String(item.fs_id);
    if (!/^\d+$/.test(fsid)) continue;
    const title = typeof item.server_filename === 'string' ? item.server_filename : String(item.path ?? fsid).split('/').pop()!;
    const thumb = typeof item.thumbs?.url2 === 'string' ? item.thumbs.url2 : typeof item.thumbs?.url1 === 'string' ? item.thumbs.url1 : null;
    const at = title.toLowerCase().indexOf(q.toLowerCase());
    yield {
      source: 'yunpan',
      id: `yunpan:${fsid}`,
      title,
      thumb,
      duration: null,
      url: `/api/xpan/stream?${new URLSearchParams({ fsid, access_token: accessToken })}`,
      ...(at >= 0 ? { match: { start: at, end: at + q.length } } : {}),
    };
  }
}

import { Hono } from 'hono';
import { isXpanDownloadUrl, xpanErrno, xpanMetasSchema, xpanMissingTokenMessage } from '../../../common/xpan';
import type { Env } from '../../env';
import type { Logger } from '../../log';
import { jsonError, relay } from '../../relay';

interface Deps {
  env: Env;
  log: Logger;
}

/**
 * Read-only calls of the xpan API the drive screen makes (wire: ../shared/wire/baidu-xpan.md), by
 * path and `method`. Everything else under rest/2.0/xpan (filemanager, create, upload…) changes the
 * drive and is not relayed.
 */
const allowedCalls: Record<string, ReadonlySet<string>> = {
  'rest/2.0/xpan/file': new Set(['list', 'search']),
  'rest/2.0/xpan/multimedia': new Set(['filemetas']),
};

const upstreamName = 'Baidu Netdisk';
/** Baidu refuses downloads and API calls from other agents (wire file). */
const baiduAgent = 'pan.baidu.com';
const apiTimeoutMs = 20_000;
const fsidPattern = /^[0-9]{1,20}$/;

/**
 * XPan (CONTRACT.md "XPan"): `GET /api/xpan/rest/2.0/xpan/…` relays the drive's read calls to
 * UPSTREAM_XPAN with the browser's `access_token` query parameter (Baidu wants it there; the relay
 * never logs query strings). Baidu answers errors as HTTP 200 with `errno`, which pass through
 * unchanged for the screen to word (common/xpan.ts). `GET /api/xpan/stream` resolves a file's dlink
 * and relays its bytes with Range, following redirects only to Baidu's download hosts.
 * `GET /api/xpan/thumb` relays a thumbnail from those hosts (the CSP keeps http images out, and the
 * thumbnail hosts want the Baidu agent too).
 */
export function xpanRoutes({ env, log }: Deps) {
  const app = new Hono();
  const upstream = env.UPSTREAM_XPAN;
  const allowDownload = (url: URL) => isXpanDownloadUrl(url, upstream);

  app.get('/stream', async (c) => {
    const fsid = c.req.query('fsid') ?? '';
    const token = c.req.query('access_token') ?? '';
    if (!fsidPattern.test(fsid)) return c.json({ error: 'fsid must be the number of a file on the drive' }, 400);
    if (!token) return c.json({ error: xpanMissingTokenMessage }, 401);

    const metaUrl = new URL('/rest/2.0/xpan/multimedia', upstream);
    metaUrl.search = new URLSearchParams({ method: 'filemetas', fsids: `[${fsid}]`, dlink: '1', access_token: token }).toString();
    const metaAnswer = await relay(c, {
      target: metaUrl,
      method: 'GET',
      area: 'xpan',
      upstreamName,
      log,
      setHeaders: { 'user-agent': baiduAgent, accept: 'application/json' },
      idleTimeoutMs: apiTimeoutMs,
    });
    if (!metaAnswer.ok) return metaAnswer;
    const dlink = await readDlink(metaAnswer);
    if ('error' in dlink) return jsonError(dlink.status, dlink.error);

    let target: URL;
    try {
      target = new URL(dlink.url);
    } catch {
      return jsonError(502, `${upstreamName} sent a download link that is not a URL`);
    }
    if (!allowDownload(target)) {
      log.warn('xpan dlink refused', { host: target.hostname });
      return jsonError(502, `${upstreamName} sent a download link to a host that is not one of its download hosts`);
    }
    target.searchParams.set('access_token', token);
    return relay(c, {
      target,
      method: c.req.method === 'HEAD' ? 'HEAD' : 'GET',
      area: 'xpan-stream',
      upstreamName,
      log,
      requestHeaders: ['range', 'if-range'],
      setHeaders: { 'user-agent': baiduAgent },
      responseHeaders: ['content-type', 'content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified'],
      followRedirect: allowDownload,
    });
  });

  app.get('/thumb', async (c) => {
    let target: URL;
    try {
      target = new URL(c.req.query('url') ?? '');
    } catch {
      return c.json({ error: 'url must be a thumbnail address' }, 400);
    }
    if (!allowDownload(target)) return c.json({ error: 'thumbnails are relayed only from Baidu download hosts' }, 403);
    const answer = await relay(c, {
      target,
      method: 'GET',
      area: 'xpan-thumb',
      upstreamName,
      log,
      setHeaders: { 'user-agent': baiduAgent },
      responseHeaders: ['content-type', 'content-length', 'etag', 'last-modified'],
      followRedirect: allowDownload,
      idleTimeoutMs: apiTimeoutMs,
    });
    if (answer.ok && !(answer.headers.get('content-type') ?? '').startsWith('image/')) {
      await answer.body?.cancel().catch(() => {});
      return c.json({ error: `${upstreamName} sent a thumbnail that is not an image` }, 502);
    }
    if (answer.ok) answer.headers.set('cache-control', 'private, max-age=3600');
    return answer;
  });

  app.get('/*', (c) => {
    const path = c.req.path.replace(/^.*?\/api\/xpan\//, '');
    const method = c.req.query('method') ?? '';
    if (!allowedCalls[path]?.has(method)) {
      return c.json({ error: `not an XPan call this app relays: ${path}${method ? ` method=${method}` : ''}` }, 404);
    }
    if (!c.req.query('access_token')) return c.json({ error: xpanMissingTokenMessage }, 401);
    const target = new URL(`/${path}`, upstream);
    target.search = new URL(c.req.url).search;
    return relay(c, {
      target,
      method: 'GET',
      area: 'xpan',
      upstreamName,
      log,
      setHeaders: { 'user-agent': baiduAgent, accept: 'application/json' },
      responseHeaders: ['content-type'],
      idleTimeoutMs: apiTimeoutMs,
    });
  });

  app.all('/*', (c) => c.json({ error: 'XPan is read-only here: only GET' }, 405));
  return app;
}

type Dlink = { url: string } | { status: number; error: string };

async function readDlink(answer: Response): Promise<Dlink> {
  let parsed: ReturnType<typeof xpanMetasSchema.parse>;
  try {
    parsed = xpanMetasSchema.parse(JSON.parse(await answer.text()));
  } catch {
    return { status: 502, error: `${upstreamName} sent file details this app cannot read` };
  }
  if (parsed.errno !== 0) {
    const { status, message } = xpanErrno(parsed.errno);
    return { status, error: message };
  }
  const meta = parsed.list?.[0];
  if (!meta) return { status: 404, error: 'no such file on the drive' };
  if (meta.isdir === 1) return { status: 400, error: 'a folder cannot be streamed' };
  if (!meta.dlink) return { status: 502, error: `${upstreamName} sent no download link for this file` };
  return { url: meta.dlink };
}

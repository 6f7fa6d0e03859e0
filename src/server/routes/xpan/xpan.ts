import { Hono, type Context } from 'hono';
import { isXpanDownloadUrl, xpanErrno, xpanMetasSchema, xpanErrnoCoded, xpanMissingTokenMessage, xpanStreamQuerySchema, xpanThumbQuerySchema, xpanToShonagonSchema } from '../../../common/xpan';
import { formatBytes } from '../../../common/bytes';
import { extensionOf, isLibraryFile, libraryExtensions } from '../../../common/shonagon';
import { ImportError } from '../../corpus/extract';
import type { CorpusService } from '../../corpus/service';
import type { Env } from '../../env';
import type { Logger } from '../../log';
import { jsonError } from '../../json-error';
import { relay, relayBodyLimit } from '../../relay';
import { coded, type Coded } from '../../../common/server-errors';
import { validInput, type Failure, type Refusal } from '../../valid-input';

interface Deps {
  env: Env;
  log: Logger;
  /** The Shonagon library that "send to the Shonagon library" imports into. */
  corpus: CorpusService;
}

/**
 * Read-only calls of the xpan API the drive screen makes (docs/protocols/baidu-xpan.md), by
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

/** A file asked for without a file number (400), or without a token (401): the file is checked first. */
const refuseFile = ({ field }: Failure): Refusal =>
  field === 'access_token' ? { status: 401, message: xpanMissingTokenMessage, ...coded('xpan-token') } : { message: 'fsid must be the number of a file on the drive', ...coded('bad-fsid') };

/**
 * XPan (docs/api.md "XPan"): `GET /api/xpan/rest/2.0/xpan/…` relays the drive's read calls to
 * UPSTREAM_XPAN with the browser's `access_token` query parameter (Baidu wants it there; the relay
 * never logs query strings). Baidu answers errors as HTTP 200 with `errno`, which pass through
 * unchanged for the screen to word (common/xpan.ts). `GET /api/xpan/stream` resolves a file's dlink
 * and relays its bytes with Range, following redirects only to Baidu's download hosts.
 * `GET /api/xpan/thumb` relays a thumbnail from those hosts (the CSP keeps http images out, and the
 * thumbnail hosts want the Baidu agent too). `POST /api/xpan/to-shonagon` imports a file into the
 * Shonagon library. See docs/decisions/0011-xpan-drive.md.
 */
export function xpanRoutes({ env, log, corpus }: Deps) {
  const app = new Hono();
  const upstream = env.UPSTREAM_XPAN;
  const allowDownload = (url: URL) => isXpanDownloadUrl(url, upstream);

  /** filemetas with dlink=1 through the relay, then the dlink checked against the download hosts. */
  async function resolveFile(c: Context, fsid: string, token: string): Promise<ResolvedFile | Response> {
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
    const file = await readMeta(metaAnswer);
    if ('error' in file) return jsonError(c, file.status, file.error, file.coded);
    let dlink: URL;
    try {
      dlink = new URL(file.dlink);
    } catch {
      return jsonError(c, 502, `${upstreamName} sent a download link that is not a URL`, coded('xpan-bad-answer'));
    }
    if (!allowDownload(dlink)) {
      log.warn('xpan dlink refused', { host: dlink.hostname });
      return jsonError(c, 502, `${upstreamName} sent a download link to a host that is not one of its download hosts`, coded('xpan-bad-answer'));
    }
    dlink.searchParams.set('access_token', token);
    return { ...file, dlink };
  }

  /** The file's bytes as our relay answers them: Range passed on, redirects only to download hosts. */
  const relayBytes = (c: Context, target: URL, method: 'GET' | 'HEAD', requestHeaders: readonly string[]) =>
    relay(c, {
      target,
      method,
      area: 'xpan-stream',
      upstreamName,
      log,
      requestHeaders,
      setHeaders: { 'user-agent': baiduAgent },
      responseHeaders: ['content-type', 'content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified'],
      followRedirect: allowDownload,
    });

  app.get('/stream', validInput('query', xpanStreamQuerySchema, { refuse: refuseFile }), async (c) => {
    const { fsid, access_token: token } = c.req.valid('query');
    const file = await resolveFile(c, fsid, token);
    if (file instanceof Response) return file;
    return relayBytes(c, file.dlink, c.req.method === 'HEAD' ? 'HEAD' : 'GET', ['range', 'if-range']);
  });

  /**
   * "Send to the Shonagon library": the server fetches the file through the same relay and imports
   * it, so the browser never holds the bytes and the token goes only where the stream's does.
   */
  const toShonagonBody = validInput('json', xpanToShonagonSchema, { refuse: refuseFile, notJson: { message: 'expected JSON {"fsid","access_token"}', ...coded('body-not-json') } });
  app.post('/to-shonagon', relayBodyLimit(4 * 1024), toShonagonBody, async (c) => {
    const { fsid, access_token: token } = c.req.valid('json');
    const file = await resolveFile(c, fsid, token);
    if (file instanceof Response) return file;
    if (!isLibraryFile(file.filename)) {
      return jsonError(c, 415, `${file.filename}: the Shonagon library takes ${libraryExtensions.join(' ')} files`, coded('file-type', { name: file.filename, extension: extensionOf(file.filename), allowed: libraryExtensions.join(' ') }));
    }
    const maxBytes = env.SHONAGON_MAX_BYTES;
    const tooLarge = () => jsonError(c, 413, `${file.filename}: ${formatBytes(file.size ?? 0)} is over the ${formatBytes(maxBytes, 'limit')} limit (SHONAGON_MAX_BYTES).`, coded('file-too-large', { name: file.filename, size: file.size ?? 0, max: maxBytes }));
    if ((file.size ?? 0) > maxBytes) return tooLarge();
    const answer = await relayBytes(c, file.dlink, 'GET', []);
    if (!answer.ok) {
      await answer.body?.cancel().catch(() => {});
      return answer.status >= 500 ? answer : jsonError(c, 502, `${upstreamName} refused the download (HTTP ${answer.status})`, coded('xpan-refused-download', { status: answer.status }));
    }
    const bytes = await readCapped(answer, maxBytes);
    if (bytes === null) return tooLarge();
    try {
      const stats = await corpus.importDocument({ kind: 'file', name: file.filename, bytes }, {});
      log.info('xpan sent to the library', { sentences: stats.sentences });
      return c.json(stats, 201);
    } catch (error) {
      if (error instanceof ImportError) return jsonError(c, error.status, error.message, error.coded);
      if ((error as { code?: string }).code === 'SQLITE_BUSY') return jsonError(c, 503, 'The Shonagon library is busy with an import; try again shortly.', coded('corpus-busy'));
      throw error;
    }
  });

  const thumbQuery = validInput('query', xpanThumbQuerySchema, { refuse: () => ({ message: 'url must be a thumbnail address', ...coded('bad-target', { reason: 'url must be a thumbnail address' }) }) });
  app.get('/thumb', thumbQuery, async (c) => {
    const target = new URL(c.req.valid('query').url);
    if (!allowDownload(target)) return jsonError(c, 403, 'thumbnails are relayed only from Baidu download hosts', coded('not-relayed'));
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
      return jsonError(c, 502, `${upstreamName} sent a thumbnail that is not an image`, coded('not-an-image'));
    }
    if (answer.ok) answer.headers.set('cache-control', 'private, max-age=3600');
    return answer;
  });

  app.get('/*', (c) => {
    const path = c.req.path.replace(/^.*?\/api\/xpan\//, '');
    const method = c.req.query('method') ?? '';
    if (!allowedCalls[path]?.has(method)) {
      return jsonError(c, 404, `not an XPan call this app relays: ${path}${method ? ` method=${method}` : ''}`, coded('not-relayed'));
    }
    if (!c.req.query('access_token')) return jsonError(c, 401, xpanMissingTokenMessage, coded('xpan-token'));
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

  app.all('/*', (c) => jsonError(c, 405, 'XPan is read-only here: only GET (and POST /api/xpan/to-shonagon)', coded('method-not-allowed', { method: c.req.method })));
  return app;
}

interface ResolvedFile {
  filename: string;
  size?: number;
  dlink: URL;
}

type Meta = { filename: string; size?: number; dlink: string } | { status: number; error: string; coded: Coded };

async function readMeta(answer: Response): Promise<Meta> {
  let parsed: ReturnType<typeof xpanMetasSchema.parse>;
  try {
    parsed = xpanMetasSchema.parse(JSON.parse(await answer.text()));
  } catch {
    return { status: 502, error: `${upstreamName} sent file details this app cannot read`, coded: coded('xpan-bad-answer') };
  }
  if (parsed.errno !== 0) {
    const { status, message } = xpanErrno(parsed.errno);
    return { status, error: message, coded: xpanErrnoCoded(parsed.errno) };
  }
  const meta = parsed.list?.[0];
  if (!meta) return { status: 404, error: 'no such file on the drive', coded: coded('xpan-no-file') };
  if (meta.isdir === 1) return { status: 400, error: 'a folder cannot be streamed', coded: coded('xpan-folder') };
  if (!meta.dlink) return { status: 502, error: `${upstreamName} sent no download link for this file`, coded: coded('xpan-bad-answer') };
  const filename = meta.filename ?? meta.path?.split('/').at(-1) ?? `${meta.fs_id}`;
  return { filename, size: meta.size, dlink: meta.dlink };
}

/** The whole body, or null as soon as it passes `maxBytes` (the rest is never read). */
async function readCapped(answer: Response, maxBytes: number): Promise<Uint8Array | null> {
  const reader = answer.body!.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}


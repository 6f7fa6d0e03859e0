import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import type { FakeHandler, RecordedRequest } from '../fake-server';

/**
 * A local Baidu Netdisk (xpan) speaking docs/protocols/baidu-xpan.md: every answer HTTP 200 JSON
 * with `errno`, `\/`-escaped slashes and `\uXXXX`-escaped names, `request_id` a bare integer over
 * 2^53 in list answers and a string in filemetas, `thumbs` {url1,url2,url3,icon} for files when
 * `web=1`. The errno table is the wire file's. Folders sort before files whatever the order (the
 * official list doc: "先按文件类型排序"). A dlink lives on this host (`/file/<md5>`), wants
 * `access_token` and the `pan.baidu.com` agent, and answers 302 to a "CDN" path — on this host, or
 * on `state.redirectOrigin` to test refusals — that serves the bytes with Range.
 */

const fixtures = path.join(import.meta.dirname, '..', 'fixtures', 'xpan');
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name));

export interface FakeXpanFile {
  fsId: number;
  path: string;
  isdir: boolean;
  size: number;
  category: number;
  mtime: number;
  contentType?: string;
  content?: () => Buffer;
  thumb?: () => Buffer;
}

export interface XpanFakeState {
  /** The token the fake accepts; any other answers errno -6. */
  token: string;
  /** Tokens that were valid once: errno 111 (expired). */
  expiredTokens: string[];
  /** The next N API calls answer errno 31034 (rate limit). */
  rateLimited: number;
  /** Where a dlink redirects; default this host. */
  redirectOrigin?: string;
  /** Replaces the dlink's origin in filemetas answers (a dlink pointing somewhere else). */
  dlinkOrigin?: string;
  /** Delay before API answers, for loading states. */
  delayMs: number;
}

const dirCategory = 6;
let requestCounter = 0n;

/** A 64-bit request id as Baidu sends it: a bare integer that JavaScript cannot hold exactly. */
function requestId(): string {
  requestCounter += 1n;
  return (9048196590350182171n - requestCounter).toString();
}

/** JSON as Baidu writes it: `\/` and `\uXXXX` escapes, and a bare 64-bit request_id. */
export function baiduJson(value: Record<string, unknown>, bareRequestId = true): string {
  const id = requestId();
  const text = JSON.stringify({ ...value, request_id: bareRequestId ? '__REQUEST_ID__' : id })
    .replace('"__REQUEST_ID__"', id)
    .replace(/\//g, '\\/')
    .replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return text;
}

const mtime = (iso: string) => Math.floor(Date.parse(iso) / 1000);

export function createXpanFake(options: { bigFolderEntries?: number } = {}) {
  const state: XpanFakeState = { token: 'xpan-token', expiredTokens: [], rateLimited: 0, delayMs: 0 };
  const files = new Map<string, FakeXpanFile>();
  let nextFsId = 409855000047929;
  const add = (entry: Omit<FakeXpanFile, 'fsId'>) => {
    const file = { ...entry, fsId: nextFsId++ };
    files.set(file.path, file);
    return file;
  };
  const dir = (p: string, when = '2024-04-01T09:00:00Z') => add({ path: p, isdir: true, size: 0, category: dirCategory, mtime: mtime(when) });
  const file = (p: string, name: string, category: number, contentType: string, when: string, thumb?: string) => {
    const bytes = fixture(name);
    return add({ path: p, isdir: false, size: bytes.length, category, contentType, mtime: mtime(when), content: () => bytes, thumb: thumb ? () => fixture(thumb) : undefined });
  };

  dir('/日本語教材', '2024-03-01T09:00:00Z');
  dir('/日本語教材/字幕', '2024-03-02T09:00:00Z');
  dir('/日本語教材/空のフォルダ', '2024-03-03T09:00:00Z');
  file('/日本語教材/第1課 吾輩は猫である.mp4', 'lesson.mp4', 1, 'video/mp4', '2024-03-10T10:00:00Z', 'lesson-thumb.jpg');
  file('/日本語教材/第1課 吾輩は猫である.srt', 'lesson01.srt', 4, 'application/x-subrip', '2024-03-10T10:05:00Z');
  file('/日本語教材/第1課 朗読.m4a', 'lesson.m4a', 2, 'audio/mp4', '2024-03-11T10:00:00Z');
  file('/日本語教材/表紙.jpg', 'cover.jpg', 3, 'image/jpeg', '2024-03-12T10:00:00Z', 'cover.jpg');
  file('/日本語教材/吾輩は猫である.txt', 'wagahai.txt', 4, 'text/plain', '2024-03-13T10:00:00Z');
  file('/日本語教材/字幕/第1課.srt', 'lesson01.srt', 4, 'application/x-subrip', '2024-03-14T10:00:00Z');
  add({ path: '/日本語教材/教材一式.7z', isdir: false, size: 1046400227, category: 6, mtime: mtime('2024-03-15T10:00:00Z') });
  dir('/単語カード', '2024-02-01T09:00:00Z');
  const big = options.bigFolderEntries ?? 0;
  for (let i = 1; i <= big; i += 1) {
    const n = String(i).padStart(5, '0');
    const text = Buffer.from(`単語カード ${n}\n`);
    add({ path: `/単語カード/カード-${n}.txt`, isdir: false, size: text.length + (i % 97) * 13, category: 4, contentType: 'text/plain', mtime: mtime('2024-01-01T00:00:00Z') + i * 60, content: () => text });
  }

  const byFsId = () => new Map([...files.values()].map((entry) => [entry.fsId, entry]));
  const parentOf = (p: string) => p.slice(0, p.lastIndexOf('/')) || '/';
  const nameOf = (p: string) => p.slice(p.lastIndexOf('/') + 1);
  const md5Of = (entry: FakeXpanFile) => createHash('md5').update(entry.path).digest('hex');

  const item = (entry: FakeXpanFile, origin: string, web: boolean) => ({
    server_mtime: entry.mtime,
    category: entry.category,
    unlist: 0,
    isdir: entry.isdir ? 1 : 0,
    oper_id: 0,
    wpfile: 0,
    local_mtime: entry.mtime,
    share: 0,
    local_ctime: entry.mtime,
    server_ctime: entry.mtime,
    owner_id: 1000060896372,
    size: entry.size,
    fs_id: entry.fsId,
    path: entry.path,
    ...(entry.isdir ? {} : { md5: md5Of(entry), real_category: path.extname(entry.path).slice(1) }),
    server_atime: 0,
    server_filename: nameOf(entry.path),
    privacy: 0,
    // Only pictures and videos have thumbnails; for other files the field is left out.
    ...(web && entry.thumb ? { thumbs: thumbsOf(entry, origin) } : {}),
  });

  const thumbsOf = (entry: FakeXpanFile, origin: string) => ({
    icon: `${origin}/thumb/${entry.fsId}?size=c60_u60`,
    url1: `${origin}/thumb/${entry.fsId}?size=c140_u90`,
    url2: `${origin}/thumb/${entry.fsId}?size=c360_u270`,
    url3: `${origin}/thumb/${entry.fsId}?size=c850_u580`,
  });

  const collator = new Intl.Collator('zh');
  const sortedListings = new Map<string, FakeXpanFile[]>();
  const sortEntries = (entries: FakeXpanFile[], order: string, desc: boolean) => {
    const key = (entry: FakeXpanFile): string | number => (order === 'time' ? entry.mtime : order === 'size' ? entry.size : nameOf(entry.path));
    return entries.sort((a, b) => {
      if (a.isdir !== b.isdir) return a.isdir ? -1 : 1;
      const ka = key(a);
      const kb = key(b);
      const cmp = typeof ka === 'number' && typeof kb === 'number' ? ka - kb : collator.compare(String(ka), String(kb));
      return desc ? -cmp : cmp;
    });
  };

  const send = (response: http.ServerResponse, body: string) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
    response.end(body);
  };
  const errno = (response: http.ServerResponse, code: number, extra: Record<string, unknown> = {}) => send(response, baiduJson({ errno: code, ...extra }));

  /** Token rules shared by API calls and dlinks; answers and returns false when the call stops here. */
  const authorised = (params: URLSearchParams, response: http.ServerResponse): boolean => {
    const token = params.get('access_token') ?? '';
    if (state.expiredTokens.includes(token)) {
      errno(response, 111, { errmsg: 'Access token invalid or no longer valid' });
      return false;
    }
    if (token !== state.token) {
      errno(response, -6);
      return false;
    }
    return true;
  };

  function list(params: URLSearchParams, origin: string, response: http.ServerResponse) {
    const dirPath = params.get('dir') || '/';
    if (!dirPath.startsWith('/')) return errno(response, -7);
    const normalised = dirPath.length > 1 ? dirPath.replace(/\/+$/, '') : dirPath;
    if (normalised !== '/' && !files.get(normalised)?.isdir) return errno(response, -9);
    const start = Number(params.get('start') ?? 0);
    const limit = Math.min(Number(params.get('limit') ?? 1000), 10000);
    if (!Number.isInteger(start) || start < 0 || !Number.isInteger(limit) || limit < 1) return errno(response, 31023);
    // The drive does not change under a test, so a folder's sorted listing is computed once.
    const cacheKey = `${normalised}|${params.get('order') ?? 'name'}|${params.get('desc') === '1'}`;
    let sorted = sortedListings.get(cacheKey);
    if (!sorted) {
      sorted = sortEntries([...files.values()].filter((entry) => parentOf(entry.path) === normalised), params.get('order') ?? 'name', params.get('desc') === '1');
      sortedListings.set(cacheKey, sorted);
    }
    const onlyDirs = params.get('folder') === '1';
    const page = (onlyDirs ? sorted.filter((entry) => entry.isdir) : sorted).slice(start, start + limit);
    const web = params.get('web') === '1' || params.get('web') === 'web';
    send(response, baiduJson({ errno: 0, guid_info: '', list: page.map((entry) => item(entry, origin, web)), guid: 0 }));
  }

  function search(params: URLSearchParams, origin: string, response: http.ServerResponse) {
    const key = params.get('key') ?? '';
    if (!key || [...key].length > 30) return errno(response, 2);
    const dirPath = params.get('dir') || '/';
    const recursive = params.get('recursion') === '1';
    const category = params.get('category');
    const needle = key.toLowerCase();
    const inScope = (entry: FakeXpanFile) => (recursive ? dirPath === '/' || entry.path.startsWith(`${dirPath}/`) : parentOf(entry.path) === dirPath);
    const found = [...files.values()].filter(
      (entry) => inScope(entry) && nameOf(entry.path).toLowerCase().includes(needle) && (!category || String(entry.category) === category),
    );
    const num = 500;
    const web = params.get('web') === '1';
    send(response, baiduJson({ errno: 0, list: found.slice(0, num).map((entry) => item(entry, origin, web)), has_more: found.length > num ? 1 : 0, contentlist: [] }));
  }

  function filemetas(params: URLSearchParams, origin: string, response: http.ServerResponse) {
    let ids: unknown;
    try {
      ids = JSON.parse(params.get('fsids') ?? '');
    } catch {
      return errno(response, 2, { errmsg: 'fsids error' });
    }
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > 100) return errno(response, 2, { errmsg: 'fsids error' });
    const index = byFsId();
    const found = ids.map((id) => index.get(Number(id))).filter((entry): entry is FakeXpanFile => entry !== undefined);
    if (found.length === 0) return errno(response, -9);
    const dlinkOrigin = state.dlinkOrigin ?? origin;
    const list = found.map((entry) => ({
      category: entry.category,
      ...(params.get('dlink') === '1' && !entry.isdir ? { dlink: `${dlinkOrigin}/file/${md5Of(entry)}?fid=${entry.fsId}&dstime=1700000000&rt=pr&sign=FDtAERV-DCb740ccc5511e5e8fedcff06b081203-fake&expires=8h&chkv=1` } : {}),
      filename: nameOf(entry.path),
      fs_id: entry.fsId,
      isdir: entry.isdir ? 1 : 0,
      ...(entry.isdir ? {} : { md5: md5Of(entry) }),
      oper_id: 0,
      path: entry.path,
      server_ctime: entry.mtime,
      server_mtime: entry.mtime,
      size: entry.size,
      ...(params.get('thumb') === '1' && entry.thumb ? { thumbs: thumbsOf(entry, origin) } : {}),
    }));
    send(response, baiduJson({ errmsg: 'succ', errno: 0, list, names: {} }, false));
  }

  function serveBytes(request: RecordedRequest, response: http.ServerResponse, entry: FakeXpanFile) {
    const bytes = entry.content?.() ?? Buffer.alloc(0);
    const type = entry.contentType ?? 'application/octet-stream';
    const range = /^bytes=(\d*)-(\d*)$/.exec(String(request.headers.range ?? ''));
    const common = { 'content-type': type, 'accept-ranges': 'bytes', etag: `"${md5Of(entry)}"` };
    if (!range || (range[1] === '' && range[2] === '')) {
      response.writeHead(200, { ...common, 'content-length': bytes.length });
      response.end(request.method === 'HEAD' ? undefined : bytes);
      return;
    }
    let start = range[1] === '' ? Math.max(0, bytes.length - Number(range[2])) : Number(range[1]);
    let end = range[1] === '' || range[2] === '' ? bytes.length - 1 : Math.min(Number(range[2]), bytes.length - 1);
    if (start >= bytes.length || start > end) {
      response.writeHead(416, { 'content-range': `bytes */${bytes.length}` });
      response.end();
      return;
    }
    start = Math.max(0, start);
    end = Math.max(start, end);
    response.writeHead(206, { ...common, 'content-range': `bytes ${start}-${end}/${bytes.length}`, 'content-length': end - start + 1 });
    response.end(request.method === 'HEAD' ? undefined : bytes.subarray(start, end + 1));
  }

  const handler: FakeHandler = async (request, response) => {
    const url = new URL(request.url, 'http://fake');
    const origin = `http://${request.headers.host}`;
    const params = url.searchParams;
    if (url.pathname.startsWith('/rest/2.0/xpan/')) {
      if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
      if (!authorised(params, response)) return;
      if (state.rateLimited > 0) {
        state.rateLimited -= 1;
        return errno(response, 31034);
      }
      const method = params.get('method');
      if (url.pathname === '/rest/2.0/xpan/file' && method === 'list') return list(params, origin, response);
      if (url.pathname === '/rest/2.0/xpan/file' && method === 'search') return search(params, origin, response);
      if (url.pathname === '/rest/2.0/xpan/multimedia' && method === 'filemetas') return filemetas(params, origin, response);
      return errno(response, 2);
    }
    const dlink = /^\/file\/([0-9a-f]{32})$/.exec(url.pathname);
    if (dlink) {
      // Without the agent or token Baidu refuses the download (wire file); this body is UNCONFIRMED.
      if (request.headers['user-agent'] !== 'pan.baidu.com') {
        response.writeHead(403, { 'content-type': 'application/json' });
        response.end('{"error_code":31326,"error_msg":"user is not authorized, hitcode:119"}');
        return;
      }
      if (!authorised(params, response)) return;
      const entry = byFsId().get(Number(params.get('fid')));
      if (!entry || md5Of(entry) !== dlink[1]) return errno(response, -9);
      response.writeHead(302, { location: `${state.redirectOrigin ?? origin}/cdn/${entry.fsId}?sign=fake-cdn-signature` });
      response.end();
      return;
    }
    const cdn = /^\/cdn\/(\d+)$/.exec(url.pathname);
    if (cdn) {
      const entry = byFsId().get(Number(cdn[1]));
      if (!entry || entry.isdir) {
        response.writeHead(404, { 'content-type': 'text/plain' });
        response.end('not found');
        return;
      }
      return serveBytes(request, response, entry);
    }
    const thumb = /^\/thumb\/(\d+)$/.exec(url.pathname);
    if (thumb) {
      const entry = byFsId().get(Number(thumb[1]));
      const bytes = entry?.thumb?.();
      if (!bytes) {
        response.writeHead(404, { 'content-type': 'text/plain' });
        response.end('no thumbnail');
        return;
      }
      response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': bytes.length });
      response.end(bytes);
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('not found');
  };

  const find = (p: string) => {
    const entry = files.get(p);
    if (!entry) throw new Error(`no fake file ${p}`);
    return entry;
  };
  return { state, handler, files, find };
}

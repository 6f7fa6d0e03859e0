import * as z from 'zod/mini';
import { firstOf, preprocessed } from './query-params';
import { coded, type Coded } from './server-errors';

/**
 * Baidu Netdisk (xpan) as the app sees it: the answer shapes of docs/protocols/baidu-xpan.md, the
 * one errno table, and the rule for which hosts a download link may lead to.
 */

/** Baidu's file categories (wire file): 1 video, 2 audio, 3 image, 4 document, 5 application, 6 other, 7 torrent. */
export const xpanCategories = { video: 1, audio: 2, image: 3, document: 4, application: 5, other: 6, torrent: 7 } as const;

export const xpanThumbsSchema = z.object({
  url1: z.optional(z.string()),
  url2: z.optional(z.string()),
  url3: z.optional(z.string()),
  icon: z.optional(z.string()),
});

export const xpanEntrySchema = z.object({
  fs_id: z.number(),
  path: z.string(),
  server_filename: z.string(),
  isdir: z.number(),
  size: z.number(),
  category: z.optional(z.number()),
  server_mtime: z.optional(z.number()),
  md5: z.optional(z.string()),
  thumbs: z.optional(xpanThumbsSchema),
});
export type XpanEntry = z.infer<typeof xpanEntrySchema>;

/** Every answer carries errno; success (0) adds the rest. request_id is a bare 64-bit integer or a string and is not read. */
export const xpanListSchema = z.object({
  errno: z.number(),
  list: z.optional(z.array(xpanEntrySchema)),
  has_more: z.optional(z.number()),
});
export type XpanList = z.infer<typeof xpanListSchema>;

export const xpanMetaSchema = z.object({
  fs_id: z.number(),
  filename: z.optional(z.string()),
  path: z.optional(z.string()),
  isdir: z.optional(z.number()),
  size: z.optional(z.number()),
  category: z.optional(z.number()),
  dlink: z.optional(z.string()),
  thumbs: z.optional(xpanThumbsSchema),
});
export type XpanMeta = z.infer<typeof xpanMetaSchema>;

export const xpanMetasSchema = z.object({
  errno: z.number(),
  errmsg: z.optional(z.string()),
  list: z.optional(z.array(xpanMetaSchema)),
});

export const xpanTokenMessage = 'the access token has expired — get a new one and paste it in Settings → XPan';
export const xpanMissingTokenMessage = 'no XPan access token — paste one in Settings → XPan';
export const xpanRateLimitMessage = '请求过于频繁或已超过配额，请稍后再试';

/** The one errno table (wire file): what a person reads, and the HTTP status it amounts to. */
export const xpanErrnoTable: Record<number, { status: number; message: string }> = {
  [-6]: { status: 401, message: xpanTokenMessage },
  111: { status: 401, message: xpanTokenMessage },
  31045: { status: 401, message: xpanTokenMessage },
  [-7]: { status: 403, message: 'the file or folder name is not valid, or this token may not open it' },
  6: { status: 403, message: 'this Baidu app is not allowed to read user data' },
  [-8]: { status: 409, message: 'a file or folder of that name already exists' },
  31061: { status: 409, message: 'a file of that name already exists' },
  [-9]: { status: 404, message: 'no such file or folder on the drive' },
  [-3]: { status: 404, message: 'no such file on the drive' },
  [-31066]: { status: 404, message: 'no such file on the drive' },
  [-10]: { status: 507, message: 'the cloud drive is full' },
  2: { status: 400, message: 'Baidu refused the request: a parameter is wrong' },
  31023: { status: 400, message: 'Baidu refused the request: a parameter is wrong' },
  31034: { status: 429, message: xpanRateLimitMessage },
};

export function xpanErrno(errno: number): { status: number; message: string } {
  return xpanErrnoTable[errno] ?? { status: 502, message: `Baidu answered with error ${errno}` };
}

/** An errno's code (docs/errors.md): an expired token keeps its own. */
export function xpanErrnoCoded(errno: number): Coded {
  return xpanErrno(errno).status === 401 ? coded('xpan-token-expired') : coded('xpan-errno', { errno });
}

/**
 * Where a download link (dlink) and its redirects may lead: Baidu's download hosts over https, or
 * the configured upstream's own origin (which is how tests point everything at a local fake).
 * Exact suffix rules on the parsed host name; never a substring match.
 */
export function isXpanDownloadUrl(url: URL, upstreamOrigin: string): boolean {
  if (url.username || url.password) return false;
  if (url.origin === new URL(upstreamOrigin).origin) return true;
  if (url.protocol !== 'https:' || (url.port !== '' && url.port !== '443')) return false;
  const host = url.hostname.toLowerCase();
  return host === 'd.pcs.baidu.com' || host.endsWith('.pcs.baidu.com') || host.endsWith('.baidupcs.com');
}

/** Entries per list call: Baidu advises at most 1000; smaller pages show a large folder sooner. */
export const xpanPageSize = 500;

/** A file's `fs_id` as the app's routes take it: its digits. */
export const xpanFsidPattern = /^[0-9]{1,20}$/;
const fsidDigits = z.string().check(z.regex(xpanFsidPattern));
const token = z.string().check(z.minLength(1));

/** `GET /api/xpan/stream`'s query: the file and the access token. */
export const xpanStreamQuerySchema = z.object({ fsid: preprocessed(firstOf, fsidDigits), access_token: preprocessed(firstOf, token) });

/** `POST /api/xpan/to-shonagon`'s body: the file (its number, or its digits) and the access token. */
export const xpanToShonagonSchema = z.object({
  fsid: z.pipe(z.union([z.number(), z.string()]), z.pipe(z.transform(String), fsidDigits)),
  access_token: token,
});
export type XpanToShonagon = z.input<typeof xpanToShonagonSchema>;

/** `GET /api/xpan/thumb`'s query: the thumbnail's address. */
export const xpanThumbQuerySchema = z.object({ url: preprocessed(firstOf, z.string().check(z.refine((url) => URL.canParse(url)))) });

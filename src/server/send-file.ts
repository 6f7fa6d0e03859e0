import fs from 'node:fs';
import { Readable } from 'node:stream';

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` against a size; null for no (or an unsupported multi-part) range. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from, to] = match;
  if (from === '' && to === '') return null;
  let start: number;
  let end: number;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

export interface SendFileOptions {
  contentType: string;
  /** `attachment; filename*=…` for downloads. */
  disposition?: string;
  cacheControl?: string;
}

/** A file as a Response with Range support (206/416), so video and audio seek. */
export async function sendFile(filePath: string, rangeHeader: string | undefined, { contentType, disposition, cacheControl = 'no-cache' }: SendFileOptions): Promise<Response> {
  const stat = await fs.promises.stat(filePath);
  const headers = new Headers({
    'content-type': contentType,
    'accept-ranges': 'bytes',
    'cache-control': cacheControl,
    'last-modified': stat.mtime.toUTCString(),
    etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
  });
  if (disposition) headers.set('content-disposition', disposition);
  const range = parseRange(rangeHeader, stat.size);
  if (range === 'unsatisfiable') {
    headers.set('content-range', `bytes */${stat.size}`);
    return new Response(null, { status: 416, headers });
  }
  const { start, end } = range ?? { start: 0, end: stat.size - 1 };
  const length = stat.size === 0 ? 0 : end - start + 1;
  headers.set('content-length', String(length));
  if (range) headers.set('content-range', `bytes ${start}-${end}/${stat.size}`);
  const body = length === 0 ? null : (Readable.toWeb(fs.createReadStream(filePath, { start, end })) as ReadableStream<Uint8Array>);
  return new Response(body, { status: range ? 206 : 200, headers });
}

/** RFC 6266 filename for Content-Disposition, keeping Japanese and Chinese names. */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

import fs from 'node:fs';
import { Readable } from 'node:stream';
import { parseByteRange } from './byte-range';

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
  const range = parseByteRange(rangeHeader, stat.size);
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

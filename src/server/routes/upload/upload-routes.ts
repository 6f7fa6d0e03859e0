import { createHash, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { HttpBindings } from '@hono/node-server';
import { Server as TusServer } from '@tus/server';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { formatBytes } from '../../../common/bytes';
import { extensionOf, isLibraryFile, libraryExtensions } from '../../../common/shonagon';
import { ImportError } from '../../corpus/extract';
import type { CorpusService } from '../../corpus/service';
import type { Env } from '../../env';
import type { Logger } from '../../log';
import { parseByteRange } from '../../byte-range';
import { sanitizeFileName } from './file-names';
import { fileType, inlineType } from './file-types';
import { diskFullError, isDiskFull, UploadStore, type UploadStoreOptions } from './upload-store';
import { jsonError } from '../../json-error';
import { coded, type Coded } from '../../../common/server-errors';

export const uploadExpiryMs = 24 * 60 * 60 * 1000;
const sweepEveryMs = 60 * 60 * 1000;
/** Response header of the request that completes an upload: the name it got (URI-encoded). */
export const fileNameHeader = 'Kotonoha-File-Name';

export interface UploadRoutesOptions {
  env: Env;
  log: Logger;
  expiryMs?: number;
  /** The Shonagon library, for "send to the Shonagon library". */
  corpus?: CorpusService;
  openWriteStream?: UploadStoreOptions['openWriteStream'];
}

export interface FileEntry {
  name: string;
  size: number;
  /** ISO 8601. */
  mtime: string;
  type: string;
}

const notConfigured =
  'Uploads are turned off on this server: start it with UPLOAD_TOKEN set (e.g. `UPLOAD_TOKEN=$(openssl rand -hex 24) npm start`), then enter the same token in Settings → File upload.';
const wrongToken = 'Wrong or missing upload token: enter the server\'s UPLOAD_TOKEN in Settings → File upload.';

const digest = (value: string) => createHash('sha256').update(value).digest();
/** Compares digests, so neither the length nor the content of the token leaks through timing. */
export function sameToken(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}

function requireToken(expected: string | undefined, options: { queryToken?: boolean } = {}): MiddlewareHandler {
  return async (c, next) => {
    if (!expected) return jsonError(c, 503, notConfigured, coded('uploads-off'));
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const presented = bearer ?? (options.queryToken ? c.req.query('token') : undefined);
    if (!presented || !sameToken(presented, expected)) {
      c.header('WWW-Authenticate', 'Bearer realm="kotonoha-upload"');
      return jsonError(c, 401, wrongToken, coded('upload-token'));
    }
    await next();
  };
}

/** The tus server answers errors as text; the app's API answers `{"error":"…"}` with the same status. */
async function asJsonError(c: Context, response: Response, maxBytes: number): Promise<Response> {
  if (response.status < 400) return response;
  const text = (await response.text()).trim();
  const messages: Record<number, [string, Coded]> = {
    404: ['This upload is not on the server (finished, cancelled, or expired after 24 hours): start it again.', coded('upload-not-found')],
    410: ['This upload expired (unfinished uploads are kept for 24 hours): start it again.', coded('upload-expired')],
    413: [`The file is larger than this server accepts (UPLOAD_MAX_BYTES = ${formatBytes(maxBytes, 'limit')}).`, coded('upload-too-large', { max: maxBytes })],
    507: [text, coded('disk-full')],
  };
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'content-type' && name !== 'content-length') headers[name] = value;
  });
  const [message, code] = messages[response.status] ?? [text || response.statusText, coded('upload-refused', { detail: text || response.statusText })];
  return jsonError(c, response.status, message, { ...code, headers });
}

/** A name from the URL that is one plain entry of the uploads folder, or null. */
function fileInFolder(uploadsDir: string, name: string): string | null {
  if (name === '' || name.startsWith('.') || /[/\\\0]/.test(name)) return null;
  const filePath = path.join(uploadsDir, name);
  return path.dirname(filePath) === uploadsDir ? filePath : null;
}

async function listFiles(uploadsDir: string): Promise<FileEntry[]> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(uploadsDir, { withFileTypes: true });
  } catch {
    return [];
  }
  const files = await Promise.all(
    entries
      .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
      .map(async (entry) => {
        const stats = await fsp.stat(path.join(uploadsDir, entry.name)).catch(() => null);
        return stats && { name: entry.name, size: stats.size, mtime: stats.mtime.toISOString(), type: fileType(entry.name) };
      }),
  );
  return files.filter((file): file is FileEntry => file !== null).sort((a, b) => b.mtime.localeCompare(a.mtime) || a.name.localeCompare(b.name));
}

async function sendFile(c: Context, filePath: string, name: string): Promise<Response> {
  const stats = await fsp.lstat(filePath).catch(() => null);
  if (!stats?.isFile()) return jsonError(c, 404, `No uploaded file named ${name}`, coded('no-file', { name }));
  const type = fileType(name);
  const inline = inlineType(type);
  const headers: Record<string, string> = {
    'Content-Type': inline ?? 'application/octet-stream',
    'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(name)}`,
    'Accept-Ranges': 'bytes',
    'Last-Modified': stats.mtime.toUTCString(),
    // no-transform: the app's compression would break byte ranges.
    'Cache-Control': 'private, no-cache, no-transform',
  };
  const range = parseByteRange(c.req.header('range'), stats.size);
  if (range === 'unsatisfiable') {
    return jsonError(c, 416, 'The requested range is outside the file', { ...coded('range-outside'), headers: { 'Content-Range': `bytes */${stats.size}` } });
  }
  const { start, end } = range ?? { start: 0, end: stats.size - 1 };
  headers['Content-Length'] = String(Math.max(0, end - start + 1));
  if (range) headers['Content-Range'] = `bytes ${start}-${end}/${stats.size}`;
  const status = range ? 206 : 200;
  if (c.req.method === 'HEAD' || stats.size === 0) return new Response(null, { status, headers });
  const stream = fs.createReadStream(filePath, { start, end });
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, { status, headers });
}

/**
 * The request for tus, its body read from Node's socket through a web stream that counts bytes.
 * @hono/node-server's own `Readable.toWeb(incoming)` counts chunks against a 16 KB high-water
 * mark, so with a disk slower than the network up to 16,384 socket reads (~1 GiB) could wait in
 * memory; this one holds at most 4 MiB.
 */
function withBoundedBody(c: Context): Request {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  const raw = c.req.raw;
  if (!incoming || (raw.method !== 'PATCH' && raw.method !== 'POST')) return raw;
  return new Request(raw.url, {
    method: raw.method,
    headers: raw.headers,
    body: Readable.toWeb(incoming, { strategy: new ByteLengthQueuingStrategy({ highWaterMark: 4 * 1024 * 1024 }) }) as ReadableStream<Uint8Array>,
    signal: raw.signal,
    duplex: 'half',
  } as RequestInit);
}

/**
 * `/api/upload` (tus 1.0.0: creation, creation-with-upload, termination, expiration) and
 * `/api/files` (the finished files), all behind the bearer token of UPLOAD_TOKEN
 * (docs/api.md "Uploads and files"). Mounted at `/api`.
 */
export function uploadRoutes({ env, log, expiryMs = uploadExpiryMs, corpus, openWriteStream }: UploadRoutesOptions) {
  const uploadsDir = path.join(env.dataDir, 'uploads');
  const store = new UploadStore({ directory: uploadsDir, expiryMs, log, openWriteStream });
  const tus = new TusServer({
    path: '/api/upload',
    datastore: store,
    relativeLocation: true,
    maxSize: env.UPLOAD_MAX_BYTES,
    // Same-origin only: no CORS header at all.
    allowedOrigins: () => false,
    disableTerminationForFinishedUploads: true,
    // The file system's error can overtake the store's own mapping through tus's stream pipeline.
    async onResponseError(request, error) {
      if (!isDiskFull(error)) return undefined;
      const id = new URL(request.url).pathname.split('/').pop() ?? '';
      const stored = await store.getUpload(id).then((upload) => upload.offset, () => 0);
      log.warn('upload stopped: disk full', { stored });
      return diskFullError(stored);
    },
    async onUploadCreate(_request, upload) {
      if (!sanitizeFileName(upload.metadata?.filename ?? '')) {
        throw { status_code: 400, body: 'The upload needs a file name (Upload-Metadata "filename") with at least one usable character.' };
      }
      return {};
    },
    async onUploadFinish(_request, upload) {
      const name = await store.finish(upload);
      return { headers: { [fileNameHeader]: encodeURIComponent(name) } };
    },
  });

  if (env.UPLOAD_TOKEN) {
    const sweep = () => store.sweep().catch((error: Error) => log.warn('upload sweep failed', { error: error.message }));
    setTimeout(sweep, 0).unref();
    setInterval(sweep, sweepEveryMs).unref();
  }

  const app = new Hono();
  const tusHandler = async (c: Context) => {
    const response = await tus.handleWeb(withBoundedBody(c));
    return asJsonError(c, response, env.UPLOAD_MAX_BYTES);
  };
  app.use('/upload', requireToken(env.UPLOAD_TOKEN));
  app.use('/upload/*', requireToken(env.UPLOAD_TOKEN));
  app.on(['POST', 'PATCH', 'DELETE', 'OPTIONS'], ['/upload', '/upload/*'], tusHandler);
  // Hono routes HEAD to the GET handlers; tus's HEAD reports an upload's offset.
  app.get('/upload/*', (c) =>
    c.req.raw.method === 'HEAD' ? tusHandler(c) : jsonError(c, 405, 'An upload in progress cannot be downloaded; finished files are under /api/files', coded('upload-in-progress')),
  );

  app.use('/files', requireToken(env.UPLOAD_TOKEN));
  app.use('/files/:name', requireToken(env.UPLOAD_TOKEN, { queryToken: true }));
  app.use('/files/:name/to-shonagon', requireToken(env.UPLOAD_TOKEN));
  app.get('/files', async (c) => c.json({ files: await listFiles(uploadsDir) }));
  app.get('/files/:name', async (c) => {
    const name = c.req.param('name');
    const filePath = fileInFolder(uploadsDir, name);
    if (!filePath) return jsonError(c, 404, `No uploaded file named ${name}`, coded('no-file', { name }));
    return sendFile(c, filePath, name);
  });
  app.delete('/files/:name', async (c) => {
    const name = c.req.param('name');
    const filePath = fileInFolder(uploadsDir, name);
    const stats = filePath ? await fsp.lstat(filePath).catch(() => null) : null;
    if (!filePath || !stats?.isFile()) return jsonError(c, 404, `No uploaded file named ${name}`, coded('no-file', { name }));
    await fsp.unlink(filePath);
    log.info('upload deleted', { size: stats.size });
    return c.body(null, 204);
  });

  if (corpus) {
    // The server reads the file itself, so a large EPUB never travels back through the browser.
    app.post('/files/:name/to-shonagon', async (c) => {
      const name = c.req.param('name');
      const filePath = fileInFolder(uploadsDir, name);
      const stats = filePath ? await fsp.lstat(filePath).catch(() => null) : null;
      if (!filePath || !stats?.isFile()) return jsonError(c, 404, `No uploaded file named ${name}`, coded('no-file', { name }));
      if (!isLibraryFile(name)) {
        const extension = extensionOf(name);
        return jsonError(c, 415, `${name}: the Shonagon library does not read ${extension || 'files without an extension'}; it takes ${libraryExtensions.join(' ')}`, coded('file-type', { name, extension, allowed: libraryExtensions.join(' ') }));
      }
      if (stats.size > env.SHONAGON_MAX_BYTES) {
        return jsonError(c, 413, `${name}: ${formatBytes(stats.size)} is over the Shonagon library's ${formatBytes(env.SHONAGON_MAX_BYTES, 'limit')} limit (SHONAGON_MAX_BYTES).`, coded('file-too-large', { name, size: stats.size, max: env.SHONAGON_MAX_BYTES }));
      }
      if (stats.size === 0) return jsonError(c, 400, `${name}: the file is empty (0 bytes).`, coded('file-empty', { name }));
      try {
        const imported = await corpus.importDocument({ kind: 'file', name, bytes: new Uint8Array(await fsp.readFile(filePath)) });
        log.info('upload sent to the Shonagon library', { sentences: imported.sentences });
        return c.json(imported, 201);
      } catch (error) {
        if (error instanceof ImportError) return jsonError(c, error.status, error.message, error.coded);
        throw error;
      }
    });
  }

  return { app, store };
}

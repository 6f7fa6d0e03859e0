import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import * as tus from 'tus-js-client';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { recordingLogger } from '../../../../test-support/recording-logger';
import { createApp } from '../../app';
import { CorpusService } from '../../corpus/service';
import { parseEnv } from '../../env';
import { fileNameHeader, uploadRoutes, type UploadRoutesOptions } from './upload-routes';

const token = 'upload-test-token-1234';
const auth = { authorization: `Bearer ${token}` };
const tusHeaders = { ...auth, 'tus-resumable': '1.0.0' };
const { log, lines } = recordingLogger();

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
const metadata = (name: string) => `filename ${Buffer.from(name).toString('base64')}`;

interface Running {
  url: string;
  dataDir: string;
  routes: ReturnType<typeof uploadRoutes>;
  close: () => Promise<void>;
}
const running: Running[] = [];

/** The upload area on a real HTTP server (tus flows need real sockets), over `dataDir`. */
async function start(dataDir: string, extra: Partial<UploadRoutesOptions> = {}, envExtra: Record<string, string> = {}): Promise<Running> {
  const env = parseEnv({ DATA_DIR: dataDir, UPLOAD_TOKEN: token, UPLOAD_MAX_BYTES: String(8 * 1024 * 1024), LOG_LEVEL: 'silent', ...envExtra });
  const routes = uploadRoutes({ env, log, ...extra });
  const app = new Hono();
  app.route('/api', routes.app);
  const server: ServerType = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((resolve) => {
      (server as http.Server).closeAllConnections?.();
      server.close(() => resolve());
    });
  const entry = { url, dataDir, routes, close };
  running.push(entry);
  return entry;
}

const tempDirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-upload-'));
  tempDirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(running.splice(0).map((entry) => entry.close()));
});
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function create(base: string, name: string, size: number, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}/api/upload`, {
    method: 'POST',
    headers: { ...tusHeaders, 'upload-length': String(size), 'upload-metadata': metadata(name), ...headers },
  });
  return response;
}

async function patch(base: string, location: string, offset: number, body: Buffer) {
  return fetch(new URL(location, base), {
    method: 'PATCH',
    headers: { ...tusHeaders, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    body: new Uint8Array(body),
  });
}

async function head(base: string, location: string) {
  return fetch(new URL(location, base), { method: 'HEAD', headers: tusHeaders });
}

async function listNames(base: string): Promise<string[]> {
  const response = await fetch(`${base}/api/files`, { headers: auth });
  const body = (await response.json()) as { files: Array<{ name: string }> };
  return body.files.map((file) => file.name).sort();
}

describe('the upload token', () => {
  it('answers 503 with how to set it while UPLOAD_TOKEN is unset', async () => {
    const app = createApp({ env: parseEnv({ DATA_DIR: tempDir(), LOG_LEVEL: 'silent' }), log });
    for (const [method, route] of [['POST', '/api/upload'], ['GET', '/api/files'], ['GET', '/api/files/a.txt'], ['DELETE', '/api/files/a.txt']]) {
      const response = await app.request(route, { method, headers: auth });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ error: expect.stringMatching(/UPLOAD_TOKEN.*Settings → File upload/), code: 'uploads-off' });
    }
  });

  it('answers 401 without the right bearer token, compared whole', async () => {
    const app = createApp({ env: parseEnv({ DATA_DIR: tempDir(), UPLOAD_TOKEN: token, LOG_LEVEL: 'silent' }), log });
    for (const headers of [{} as Record<string, string>, { authorization: 'Bearer wrong' }, { authorization: `Bearer ${token}x` }, { authorization: `Bearer ${token.slice(0, -1)}` }, { authorization: token }]) {
      const response = await app.request('/api/files', { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await response.json()).toEqual({ error: expect.stringMatching(/upload token/), code: 'upload-token' });
    }
    expect((await app.request('/api/upload', { method: 'POST', headers: { 'tus-resumable': '1.0.0', 'upload-length': '1' } })).status).toBe(401);
    // ?token= is for plain links to one file only.
    expect((await app.request(`/api/files?token=${token}`)).status).toBe(401);
    expect((await app.request(`/api/files/x.txt?token=${token}`)).status).toBe(404);
    expect((await app.request('/api/files', { headers: auth })).status).toBe(200);
  });

  it('refuses an UPLOAD_TOKEN with spaces and a bad UPLOAD_MAX_BYTES at start-up', () => {
    expect(() => parseEnv({ UPLOAD_TOKEN: 'two words' })).toThrow(/UPLOAD_TOKEN/);
    expect(() => parseEnv({ UPLOAD_MAX_BYTES: '-5' })).toThrow(/UPLOAD_MAX_BYTES/);
    expect(() => parseEnv({ UPLOAD_MAX_BYTES: '1.5' })).toThrow(/UPLOAD_MAX_BYTES/);
    expect(parseEnv({}).UPLOAD_MAX_BYTES).toBe(4 * 1024 ** 3);
  });
});

describe('tus uploads', () => {
  it('creates, takes chunks, finishes into DATA_DIR/uploads, and serves, lists and deletes the file', async () => {
    const server = await start(tempDir());
    const data = randomBytes(300_000);
    const created = await create(server.url, '第1話 字幕.srt', data.length);
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/api\/upload\/[0-9a-f]+$/);
    expect(created.headers.get('upload-expires')).toBeTruthy();

    const first = await patch(server.url, location, 0, data.subarray(0, 100_000));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe('100000');
    expect(await listNames(server.url)).toEqual([]);
    expect((await head(server.url, location)).headers.get('upload-offset')).toBe('100000');
    const conflict = await patch(server.url, location, 0, data.subarray(0, 10));
    expect(conflict.status).toBe(409);

    const last = await patch(server.url, location, 100_000, data.subarray(100_000));
    expect(last.status).toBe(204);
    expect(decodeURIComponent(last.headers.get(fileNameHeader)!)).toBe('第1話 字幕.srt');
    expect(fs.readFileSync(path.join(server.dataDir, 'uploads', '第1話 字幕.srt')).equals(data)).toBe(true);
    expect(fs.readdirSync(path.join(server.dataDir, 'uploads', '.partial'))).toEqual([]);

    const listed = (await (await fetch(`${server.url}/api/files`, { headers: auth })).json()) as { files: unknown[] };
    expect(listed.files).toEqual([{ name: '第1話 字幕.srt', size: data.length, mtime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), type: 'application/x-subrip' }]);

    const fileUrl = `${server.url}/api/files/${encodeURIComponent('第1話 字幕.srt')}`;
    const whole = await fetch(fileUrl, { headers: auth });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(sha256(new Uint8Array(await whole.arrayBuffer()))).toBe(sha256(data));
    const part = await fetch(`${fileUrl}?token=${token}`, { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${data.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(data.subarray(1000, 2000))).toBe(true);
    const outside = await fetch(fileUrl, { headers: { ...auth, range: `bytes=${data.length}-` } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${data.length}`);

    expect((await fetch(fileUrl, { method: 'DELETE', headers: auth })).status).toBe(204);
    expect((await fetch(fileUrl, { headers: auth })).status).toBe(404);
    expect((await fetch(fileUrl, { method: 'DELETE', headers: auth })).status).toBe(404);
  });

  it('takes a whole small file in the creation request, and a 0-byte file', async () => {
    const server = await start(tempDir());
    const text = Buffer.from('吾輩は猫である。名前はまだ無い。\n');
    const created = await fetch(`${server.url}/api/upload`, {
      method: 'POST',
      headers: { ...tusHeaders, 'upload-length': String(text.length), 'upload-metadata': metadata('neko.txt'), 'content-type': 'application/offset+octet-stream' },
      body: text,
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('upload-offset')).toBe(String(text.length));
    expect(decodeURIComponent(created.headers.get(fileNameHeader)!)).toBe('neko.txt');
    const empty = await create(server.url, 'empty.txt', 0);
    expect(empty.status).toBe(201);
    expect(await listNames(server.url)).toEqual(['empty.txt', 'neko.txt']);
    const emptyFile = await fetch(`${server.url}/api/files/empty.txt`, { headers: auth });
    expect(emptyFile.status).toBe(200);
    expect((await emptyFile.arrayBuffer()).byteLength).toBe(0);
  });

  it('keeps every name inside DATA_DIR/uploads and never overwrites a file', async () => {
    const dataDir = tempDir();
    const server = await start(dataDir);
    for (const name of ['../../etc/passwd', 'con', 'a\u0000b', '.hidden']) {
      const created = await create(server.url, name, 0);
      expect(created.status).toBe(201);
    }
    expect(await listNames(server.url)).toEqual(['_con', 'ab', 'etc_passwd', 'hidden']);
    expect(fs.readdirSync(dataDir).sort()).toEqual(['uploads']);
    const unusable = await create(server.url, '../..', 1);
    expect(unusable.status).toBe(400);
    expect(((await unusable.json()) as { error: string }).error).toMatch(/file name/);
    const noName = await fetch(`${server.url}/api/upload`, { method: 'POST', headers: { ...tusHeaders, 'upload-length': '1' } });
    expect(noName.status).toBe(400);
    for (const name of ['..%2F..%2Fetc%2Fpasswd', '.partial', '%2e%2e']) {
      expect((await fetch(`${server.url}/api/files/${name}`, { headers: auth })).status).toBe(404);
      expect((await fetch(`${server.url}/api/files/${name}`, { method: 'DELETE', headers: auth })).status).toBe(404);
    }
  });

  it('finishes two uploads of the same name at once under different names', async () => {
    const server = await start(tempDir());
    const a = randomBytes(200_000);
    const b = randomBytes(200_000);
    const [createdA, createdB] = await Promise.all([create(server.url, 'same.mp3', a.length), create(server.url, 'same.mp3', b.length)]);
    const [doneA, doneB] = await Promise.all([
      patch(server.url, createdA.headers.get('location')!, 0, a),
      patch(server.url, createdB.headers.get('location')!, 0, b),
    ]);
    const names = [doneA, doneB].map((response) => decodeURIComponent(response.headers.get(fileNameHeader)!)).sort();
    expect(names).toEqual(['same (2).mp3', 'same.mp3']);
    const stored = names.map((name) => sha256(fs.readFileSync(path.join(server.dataDir, 'uploads', name)))).sort();
    expect(stored).toEqual([sha256(a), sha256(b)].sort());
  });

  it('refuses a file over UPLOAD_MAX_BYTES', async () => {
    const server = await start(tempDir());
    const response = await create(server.url, 'big.mkv', 8 * 1024 * 1024 + 1);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: string }).error).toBe('The file is larger than this server accepts (UPLOAD_MAX_BYTES = 8 MiB).');
  });

  it('terminates an unfinished upload', async () => {
    const server = await start(tempDir());
    const created = await create(server.url, 'gone.txt', 10);
    const location = created.headers.get('location')!;
    expect((await fetch(new URL(location, server.url), { method: 'DELETE', headers: tusHeaders })).status).toBe(204);
    expect((await head(server.url, location)).status).toBe(404);
    expect(fs.readdirSync(path.join(server.dataDir, 'uploads', '.partial'))).toEqual([]);
  });

  it('keeps what arrived when the client disappears mid-chunk, and resumes from there', async () => {
    const server = await start(tempDir());
    const data = randomBytes(2 * 1024 * 1024);
    const location = (await create(server.url, 'lesson.mp3', data.length)).headers.get('location')!;
    const half = 1024 * 1024;
    await new Promise<void>((resolve) => {
      const request = http.request(new URL(location, server.url), {
        method: 'PATCH',
        headers: { ...tusHeaders, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': String(data.length) },
      });
      request.on('error', () => resolve());
      request.write(data.subarray(0, half));
      // The client vanishes once some of its bytes are on the server's disk (not after a guessed delay).
      const partial = path.join(server.dataDir, 'uploads', '.partial');
      const written = () => fs.readdirSync(partial).some((name) => !name.endsWith('.json') && fs.statSync(path.join(partial, name)).size > 0);
      const check = setInterval(() => {
        if (!written()) return;
        clearInterval(check);
        request.destroy();
      }, 10);
    });
    let offset = 0;
    await expect
      .poll(async () => {
        offset = Number((await head(server.url, location)).headers.get('upload-offset'));
        return offset;
      })
      .toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(half);
    const rest = await patch(server.url, location, offset, data.subarray(offset));
    expect(rest.status).toBe(204);
    expect(sha256(fs.readFileSync(path.join(server.dataDir, 'uploads', 'lesson.mp3')))).toBe(sha256(data));
  });

  it('resumes an upload after a server restart over the same DATA_DIR', async () => {
    const dataDir = tempDir();
    const first = await start(dataDir);
    const data = randomBytes(500_000);
    const location = (await create(first.url, 'episode.mp4', data.length)).headers.get('location')!;
    await patch(first.url, location, 0, data.subarray(0, 123_456));
    await first.close();
    const second = await start(dataDir);
    expect((await head(second.url, location)).headers.get('upload-offset')).toBe('123456');
    expect((await patch(second.url, location, 123_456, data.subarray(123_456))).status).toBe(204);
    expect(sha256(fs.readFileSync(path.join(dataDir, 'uploads', 'episode.mp4')))).toBe(sha256(data));
  });

  it('expires unfinished uploads after 24 hours and finishes complete ones left by a crash', async () => {
    const server = await start(tempDir());
    const stale = (await create(server.url, 'stale.txt', 10)).headers.get('location')!;
    await patch(server.url, stale, 0, Buffer.from('12345'));
    const data = Buffer.from('complete but never moved');
    const complete = (await create(server.url, 'crashed.txt', data.length)).headers.get('location')!;
    // As if the process died after the last byte and before the move: write the bytes behind tus's back.
    fs.writeFileSync(path.join(server.dataDir, 'uploads', '.partial', complete.split('/').pop()!), data);
    fs.writeFileSync(path.join(server.dataDir, 'uploads', '.partial', 'orphan'), 'x');
    fs.utimesSync(path.join(server.dataDir, 'uploads', '.partial', 'orphan'), new Date(0), new Date(0));

    const swept = await server.routes.store.sweep(Date.now() + 24 * 60 * 60 * 1000 + 1000);
    expect(swept).toEqual({ expired: 1, recovered: 1, orphans: 1 });
    expect((await head(server.url, stale)).status).toBe(404);
    expect(await listNames(server.url)).toEqual(['crashed.txt']);
    expect(fs.readdirSync(path.join(server.dataDir, 'uploads', '.partial'))).toEqual([]);
  });

  it('answers a full disk with 507 and a clear message, keeping the bytes that fit and finishing nothing', async () => {
    const limit = 64 * 1024;
    let budget = limit;
    const server = await start(tempDir(), {
      openWriteStream: (filePath, offset) => {
        const file = fs.openSync(filePath, 'r+');
        let position = offset;
        return new Writable({
          write(chunk: Buffer, _encoding, callback) {
            const fits = Math.min(chunk.length, budget);
            fs.writeSync(file, chunk, 0, fits, position);
            position += fits;
            budget -= fits;
            if (fits < chunk.length) {
              fs.closeSync(file);
              return callback(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }));
            }
            callback();
          },
          final(callback) {
            fs.closeSync(file);
            callback();
          },
        });
      },
    });
    const data = randomBytes(200_000);
    const location = (await create(server.url, 'full.bin', data.length)).headers.get('location')!;
    const response = await patch(server.url, location, 0, data);
    expect(response.status).toBe(507);
    expect(((await response.json()) as { error: string }).error).toBe(`The server's disk is full. ${limit} bytes of this upload are stored; free some space on the server and resume.`);
    expect(await listNames(server.url)).toEqual([]);
    expect((await head(server.url, location)).headers.get('upload-offset')).toBe(String(limit));
    budget = Infinity;
    expect((await patch(server.url, location, limit, data.subarray(limit))).status).toBe(204);
    expect(sha256(fs.readFileSync(path.join(server.dataDir, 'uploads', 'full.bin')))).toBe(sha256(data));
  });

  it('works with tus-js-client, and never logs the token', async () => {
    const server = await start(tempDir());
    const data = randomBytes(700_000);
    const name = await new Promise<string>((resolve, reject) => {
      const upload = new tus.Upload(data, {
        endpoint: `${server.url}/api/upload`,
        headers: auth,
        chunkSize: 256 * 1024,
        metadata: { filename: '日本語の教材.pdf', filetype: 'application/pdf' },
        retryDelays: [],
        onError: reject,
        onSuccess: ({ lastResponse }) => resolve(decodeURIComponent(lastResponse.getHeader(fileNameHeader) ?? '')),
      });
      upload.start();
    });
    expect(name).toBe('日本語の教材.pdf');
    const download = await fetch(`${server.url}/api/files/${encodeURIComponent(name)}?token=${token}`);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(sha256(data));
    expect(lines.join('\n')).not.toContain(token);
    expect(lines.some((line) => line.includes('upload finished'))).toBe(true);
  });

  it('sends pages, scripts and SVG only as downloads', async () => {
    const server = await start(tempDir());
    for (const name of ['page.html', 'drawing.svg', 'code.js']) {
      const body = Buffer.from('<script>alert(1)</script>');
      await fetch(`${server.url}/api/upload`, {
        method: 'POST',
        headers: { ...tusHeaders, 'upload-length': String(body.length), 'upload-metadata': metadata(name), 'content-type': 'application/offset+octet-stream' },
        body,
      });
      const response = await fetch(`${server.url}/api/files/${name}`, { headers: auth });
      expect(response.headers.get('content-type')).toBe('application/octet-stream');
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''${name}`);
    }
  });
});

describe('send to the Shonagon library', () => {
  it('imports an uploaded subtitle file through the corpus, and refuses what it cannot read', async () => {
    const dataDir = tempDir();
    const corpus = new CorpusService(dataDir, log);
    try {
      const server = await start(dataDir, { corpus });
      const subtitles = Buffer.from('1\n00:00:01,000 --> 00:00:03,000\n吾輩は猫である。\n\n2\n00:00:04,000 --> 00:00:06,000\n名前はまだ無い。\n');
      for (const [name, body] of [['猫 第1話.srt', subtitles], ['song.mp3', Buffer.from('ID3')]] as const) {
        await fetch(`${server.url}/api/upload`, {
          method: 'POST',
          headers: { ...tusHeaders, 'upload-length': String(body.length), 'upload-metadata': metadata(name), 'content-type': 'application/offset+octet-stream' },
          body: new Uint8Array(body),
        });
      }
      const send = (name: string, headers: Record<string, string> = auth) => fetch(`${server.url}/api/files/${encodeURIComponent(name)}/to-shonagon`, { method: 'POST', headers });
      expect((await send('猫 第1話.srt', {})).status).toBe(401);
      const imported = await send('猫 第1話.srt');
      expect(imported.status).toBe(201);
      expect(await imported.json()).toMatchObject({ id: expect.any(String), title: '猫 第1話', sentences: 2 });
      expect((await corpus.listDocuments()).map((doc) => doc.title)).toEqual(['猫 第1話']);
      const refused = await send('song.mp3');
      expect(refused.status).toBe(415);
      expect(((await refused.json()) as { error: string }).error).toMatch(/^song\.mp3: the Shonagon library does not read \.mp3/);
      expect((await send('missing.txt')).status).toBe(404);
    } finally {
      await Promise.all(running.splice(0).map((entry) => entry.close()));
      await corpus.close();
    }
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '../../../../test-support/fake-server';
import { on } from '../events';
import { abortError, HttpError, http, httpErrorMessage, httpMessages, isAbort, statusMessage } from './http-client';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(status: number, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  server = await startFakeServer((_request, response) => {
    response.writeHead(status, headers);
    response.end(body);
  });
  return server.url;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('http client', () => {
  it('sends JSON and query parameters and parses the answer with a schema', async () => {
    const base = await serve(200, '{"n":2}');
    const value = await http.json(`${base}/x`, {
      query: { q: '猫 & 犬', skip: undefined },
      json: { a: 1 },
      schema: { parse: (v: unknown) => (v as { n: number }).n },
    });
    expect(value).toBe(2);
    expect(server!.requests[0].url).toBe('/x?q=%E7%8C%AB+%26+%E7%8A%AC');
    expect(server!.requests[0].method).toBe('POST');
    expect(server!.requests[0].headers['content-type']).toBe('application/json');
    expect(server!.requests[0].body.toString()).toBe('{"a":1}');
  });

  it('turns a non-2xx answer into an HttpError with the status text and the server message', async () => {
    const base = await serve(404, '{"error":"no such document"}');
    const error = await rejection(http.json(`${base}/doc`));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ kind: 'http', status: 404, statusText: 'Not Found', body: { error: 'no such document' } });
    expect((error as Error).message).toBe('Not Found: no such document');
  });

  it('says 429 in the words of docs/behaviour.md "Error wording"', async () => {
    const base = await serve(429, '{"message":"slow down"}');
    expect(httpErrorMessage(await rejection(http.text(`${base}/x`)))).toBe(httpMessages.rateLimited);
  });

  it('reads the message of every common error envelope', () => {
    expect(statusMessage(401, 'Unauthorized', { error: { message: 'invalid x-api-key' } })).toBe('Unauthorized: invalid x-api-key');
    expect(statusMessage(400, '', { code: 13001, msg: 'bad key' })).toBe('Bad Request: bad key');
    expect(statusMessage(502, 'Bad Gateway', '<html>nginx</html>')).toBe('Bad Gateway');
    expect(statusMessage(599, '', undefined)).toBe('HTTP 599');
  });

  it('refuses an ok answer that is not JSON, or not of the expected shape', async () => {
    const base = await serve(200, '<html></html>', { 'content-type': 'text/html' });
    expect(await rejection(http.json(`${base}/x`))).toMatchObject({ kind: 'bad-response' });
    const strict = { parse: () => { throw new Error('wrong'); } };
    expect(await rejection(http.json(`${base}/x`, { schema: strict }))).toMatchObject({ kind: 'bad-response' });
  });

  it('times out with kind timeout, and reports a network failure as such', async () => {
    server = await startFakeServer(() => new Promise(() => {}));
    expect(await rejection(http.text(`${server.url}/slow`, { timeoutMs: 50 }))).toMatchObject({ kind: 'timeout', status: 0 });
    expect(await rejection(http.text('http://127.0.0.1:9/'))).toMatchObject({ kind: 'network', status: 0 });
  });

  it('read: the timeout also covers a stalled body, and a reader\'s own verdict passes unchanged', async () => {
    server = await startFakeServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'audio/mpeg' });
      response.write('ID3');
    });
    expect(await rejection(http.read(`${server.url}/a.mp3`, (response) => response.arrayBuffer(), { timeoutMs: 100 }))).toMatchObject({ kind: 'timeout' });
    const verdict = new Error('not audio');
    expect(await rejection(http.read(`${server.url}/a.mp3`, async () => Promise.reject(verdict), { timeoutMs: 5000 }))).toBe(verdict);
    expect(isAbort(abortError())).toBe(true);
  });

  it("keeps the caller's abort an abort, before and during the request, and while a stream is read", async () => {
    const before = new AbortController();
    before.abort();
    expect(isAbort(await rejection(http.text('http://127.0.0.1:9/', { signal: before.signal })))).toBe(true);

    server = await startFakeServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: 1\n\n');
    });
    const during = new AbortController();
    const stream = await http.stream(`${server.url}/s`, { signal: during.signal, timeoutMs: 10_000 });
    const reader = stream.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: 1\n\n');
    during.abort();
    expect(isAbort(await rejection(reader.read()))).toBe(true);
    expect(httpErrorMessage(new DOMException('x', 'AbortError'))).toBe(httpMessages.aborted);
  });
});

describe('statusMessage (docs/behaviour.md "Error wording": a non-ok status is reported as its status text)', () => {
  it('is the status text alone when the body says nothing', () => {
    expect(statusMessage(502, 'Bad Gateway', '')).toBe('Bad Gateway');
    expect(statusMessage(503, 'Service Unavailable', { unexpected: true })).toBe('Service Unavailable');
  });

  it('adds the message of any envelope', () => {
    expect(statusMessage(401, 'Unauthorized', { error: { message: 'bad key' } })).toBe('Unauthorized: bad key');
    expect(statusMessage(400, 'Bad Request', { code: 20012, message: 'Model does not exist.' })).toBe('Bad Request: Model does not exist.');
    expect(statusMessage(403, 'Forbidden', { error: 'target origin is not allowed' })).toBe('Forbidden: target origin is not allowed');
    // SiliconFlow's 401 may be plain text.
    expect(statusMessage(401, 'Unauthorized', 'Invalid token')).toBe('Unauthorized: Invalid token');
  });

  it('names the status when the answer has no status text (HTTP/2)', () => {
    expect(statusMessage(500, '', '')).toBe('Internal Server Error');
    expect(statusMessage(599, undefined, { error: { message: 'boom' } })).toBe('HTTP 599: boom');
  });

  it('ignores a long non-JSON body (an HTML error page)', () => {
    expect(statusMessage(500, 'Internal Server Error', `<html>${'x'.repeat(400)}</html>`)).toBe('Internal Server Error');
  });
});

describe('answers keep their headers', () => {
  it('an HttpError carries the answer’s headers (Retry-After), and none when no answer came', async () => {
    const base = await serve(429, '{"message":"slow down"}', { 'content-type': 'application/json', 'retry-after': '7' });
    const limited = await rejection(http.json(`${base}/x`));
    expect((limited as HttpError).headers.get('retry-after')).toBe('7');
    const unreachable = await rejection(http.text('http://127.0.0.1:9/'));
    expect([...(unreachable as HttpError).headers]).toEqual([]);
  });
});

/**
 * The browser's XMLHttpRequest as far as an upload uses it, driven by the test: jsdom's own sends
 * the request but reports no upload progress.
 */
class BrowserXhr extends EventTarget {
  static last: BrowserXhr;
  readonly upload = new EventTarget();
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  aborted = false;
  status = 0;
  statusText = '';
  response: ArrayBuffer | null = null;
  responseType = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private answerHeaders = '';
  constructor() {
    super();
    BrowserXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  getAllResponseHeaders() {
    return this.answerHeaders;
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(Object.assign(new Event('progress'), { lengthComputable: true, loaded, total }));
  }
  answer(status: number, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) {
    this.status = status;
    this.statusText = ({ 201: 'Created', 401: 'Unauthorized', 413: 'Payload Too Large' } as Record<number, string>)[status] ?? '';
    this.response = new TextEncoder().encode(body).buffer as ArrayBuffer;
    this.answerHeaders = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
    this.onload?.();
  }
}

describe('uploads with progress (onUploadProgress)', () => {
  const realXhr = globalThis.XMLHttpRequest;
  afterEach(() => {
    globalThis.XMLHttpRequest = realXhr;
  });
  const useBrowserXhr = () => {
    globalThis.XMLHttpRequest = BrowserXhr as unknown as typeof XMLHttpRequest;
  };
  const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

  it('reports the bytes sent and parses the answer like any call', async () => {
    useBrowserXhr();
    const seen: Array<[number, number]> = [];
    const body = new Blob(['本文']);
    const pending = http.json('/shonagon_api/documents', {
      method: 'POST',
      body,
      headers: { 'x-import-id': 'a1' },
      onUploadProgress: (sent, total) => seen.push([sent, total]),
      schema: { parse: (v: unknown) => v as { id: string } },
    });
    const xhr = BrowserXhr.last;
    expect([xhr.method, xhr.url, xhr.body, xhr.headers['x-import-id'], xhr.headers.accept]).toEqual(['POST', '/shonagon_api/documents', body, 'a1', 'application/json']);
    xhr.progress(3, 6);
    xhr.progress(6, 6);
    xhr.answer(201, '{"id":"12"}');
    expect(await pending).toEqual({ id: '12' });
    expect(seen).toEqual([
      [3, 6],
      [6, 6],
    ]);
  });

  it('answers a refusal with the same HttpError, headers and access-token request as any call', async () => {
    useBrowserXhr();
    const asked: string[] = [];
    const off = on('access-token-needed', () => asked.push('token'));
    const refused = rejection(http.json('/shonagon_api/documents', { method: 'POST', body: new Blob(['x']), onUploadProgress: () => {} }));
    BrowserXhr.last.answer(401, '{"error":"needs the token","code":"access-token"}', { 'content-type': 'application/json', 'www-authenticate': 'Bearer' });
    const error = (await refused) as HttpError;
    off();
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ kind: 'http', status: 401, statusText: 'Unauthorized', body: { error: 'needs the token', code: 'access-token' } });
    expect(error.headers.get('www-authenticate')).toBe('Bearer');
    expect(asked).toEqual(['token']);

    const tooLarge = rejection(http.json('/shonagon_api/documents', { method: 'POST', body: new Blob(['x']), onUploadProgress: () => {} }));
    BrowserXhr.last.answer(413, '{"error":"big.txt: 300 MB is over the 210 MB limit"}');
    expect(((await tooLarge) as Error).message).toBe('Payload Too Large: big.txt: 300 MB is over the 210 MB limit');
  });

  it('times out on silence only: progress keeps a slow upload alive', async () => {
    useBrowserXhr();
    const pending = rejection(http.json('/up', { method: 'POST', body: new Blob(['x']), timeoutMs: 80, onUploadProgress: () => {} }));
    const xhr = BrowserXhr.last;
    for (let n = 1; n <= 5; n++) {
      await tick(40);
      xhr.progress(n, 10);
    }
    expect(xhr.aborted).toBe(false);
    expect(await pending).toMatchObject({ kind: 'timeout', status: 0 });
    expect(xhr.aborted).toBe(true);
  });

  it("keeps the caller's abort an abort, and a lost connection a network error", async () => {
    useBrowserXhr();
    const controller = new AbortController();
    const stopped = rejection(http.json('/up', { method: 'POST', body: new Blob(['x']), signal: controller.signal, onUploadProgress: () => {} }));
    const xhr = BrowserXhr.last;
    controller.abort();
    expect(isAbort(await stopped)).toBe(true);
    expect(xhr.aborted).toBe(true);

    const lost = rejection(http.json('/up', { method: 'POST', body: new Blob(['x']), onUploadProgress: () => {} }));
    BrowserXhr.last.onerror?.();
    expect(await lost).toMatchObject({ kind: 'network', status: 0 });
  });

  it('sends the body through the real XMLHttpRequest and reads the answer', async () => {
    server = await startFakeServer((request, response) => {
      // jsdom's page is another origin than the fake server.
      const cors = { 'access-control-allow-origin': String(request.headers.origin), 'access-control-allow-headers': '*' };
      if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end();
      response.writeHead(201, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify({ bytes: request.body.length }));
    });
    const form = new FormData();
    form.append('file', new File(['吾輩は猫である。'], 'neko.txt'));
    const answer = await http.json<{ bytes: number }>(`${server.url}/documents`, { method: 'POST', body: form, onUploadProgress: () => {} });
    expect(answer.bytes).toBeGreaterThan(Buffer.byteLength('吾輩は猫である。'));
    expect(server.requests.at(-1)!.body.toString()).toContain('吾輩は猫である。');
  });
});

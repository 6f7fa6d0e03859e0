import { afterEach, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '../../../../test-support/fake-server';
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

  it('says 429 in the words of §8', async () => {
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

describe('statusMessage (spec §8: a non-ok status is reported as its status text)', () => {
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

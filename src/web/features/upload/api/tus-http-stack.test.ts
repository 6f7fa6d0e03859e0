import { Upload } from 'tus-js-client';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '../../../../../test-support/fake-server';
import { HttpError } from '../../../lib/http/http-client';
import { tusHttpStack } from './tus-http-stack';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Enough of tus 1.0.0 (creation, PATCH, HEAD) for one upload; jsdom's page is another origin. */
async function tusServer() {
  let stored = 0;
  server = await startFakeServer((request, response) => {
    const cors = {
      'access-control-allow-origin': String(request.headers.origin ?? '*'),
      'access-control-allow-methods': 'POST, PATCH, HEAD, DELETE',
      'access-control-allow-headers': '*',
      'access-control-expose-headers': 'location, tus-resumable, upload-offset, upload-length, kotonoha-file-name',
    };
    const tus = { ...cors, 'tus-resumable': '1.0.0' };
    if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end();
    if (request.method === 'POST') return void response.writeHead(201, { ...tus, location: '/files/1' }).end();
    if (request.url !== '/files/1') return void response.writeHead(404, { ...tus, 'content-type': 'application/json' }).end('{"error":"This upload is not on the server"}');
    if (request.method === 'PATCH') {
      stored += request.body.length;
      return void response.writeHead(204, { ...tus, 'upload-offset': String(stored), 'kotonoha-file-name': 'ep01.srt' }).end();
    }
    response.writeHead(200, { ...tus, 'upload-offset': String(stored), 'upload-length': '6' }).end();
  });
  return server;
}

describe('tus through the app’s HTTP client', () => {
  it('runs a whole upload: creation, the bytes, and the answer’s headers', async () => {
    const fake = await tusServer();
    const result = await new Promise<string | undefined>((resolve, reject) => {
      // Under vitest tus-js-client resolves to its Node build, whose sources are Buffers.
      const upload = new Upload(Buffer.from('字幕'), {
        endpoint: `${fake.url}/files`,
        headers: { authorization: 'Bearer upload-token' },
        httpStack: tusHttpStack,
        storeFingerprintForResuming: false,
        retryDelays: [],
        onSuccess: ({ lastResponse }) => resolve(lastResponse.getHeader('Kotonoha-File-Name')),
        onError: reject,
      });
      upload.start();
    });
    expect(result).toBe('ep01.srt');
    const sent = fake.requests.filter((request) => request.method !== 'OPTIONS');
    expect(sent.map((request) => request.method)).toEqual(['POST', 'PATCH']);
    expect(sent.every((request) => request.headers.authorization === 'Bearer upload-token' && request.headers['tus-resumable'] === '1.0.0')).toBe(true);
    expect(sent[1].body.toString()).toBe('字幕');
  });

  it('gives a refusal back to tus as an answer, with its status, headers and body', async () => {
    const fake = await tusServer();
    const response = await tusHttpStack.createRequest('HEAD', `${fake.url}/files/gone`).send(null);
    expect(response.getStatus()).toBe(404);
    expect(response.getHeader('Tus-Resumable')).toBe('1.0.0');
    const refused = await tusHttpStack.createRequest('PATCH', `${fake.url}/files/gone`).send(new Blob(['x']));
    expect(JSON.parse(refused.getBody())).toEqual({ error: 'This upload is not on the server' });
  });

  it('rejects when no answer comes, as tus expects of a lost connection', async () => {
    await expect(tusHttpStack.createRequest('HEAD', 'http://127.0.0.1:9/files/1').send(null)).rejects.toBeInstanceOf(HttpError);
  });
});

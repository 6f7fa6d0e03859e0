import type http from 'node:http';
import type { AvResult } from '../../src/common/av-search';
import type { FakeHandler } from '../fake-server';

/**
 * Another server speaking Kotonoha's av-search SSE API (docs/api.md "Video search"). Results
 * are held until the test opens the gate, so a test can prove a slow source never holds back a fast
 * one without timing anything.
 */
export function createRemoteAvFake(results: AvResult[]) {
  let open!: () => void;
  let gate = new Promise<void>((resolve) => (open = resolve));
  const state = {
    mode: 'ok' as 'ok' | 'hang' | 'not-sse' | 'broken',
    /** Requests whose connection has closed (the Kotonoha server went away). */
    closed: 0,
    received: 0,
    release: () => open(),
    reset: () => {
      gate = new Promise<void>((resolve) => (open = resolve));
      state.closed = 0;
      state.received = 0;
    },
  };
  const handler: FakeHandler = async (request, response: http.ServerResponse) => {
    state.received++;
    response.on('close', () => state.closed++);
    if (!request.url.startsWith('/api/av-search?')) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('{"error":"not found"}');
      return;
    }
    if (state.mode === 'not-sse') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>a login page</html>');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    response.write(': keep-alive\n\n');
    if (state.mode === 'hang') return new Promise<void>(() => {});
    await gate;
    if (state.mode === 'broken') {
      response.write('event: result\ndata: {not json\n\n');
      response.destroy();
      return;
    }
    for (const result of results) response.write(`event: result\ndata: ${JSON.stringify(result)}\n\n`);
    response.write(`event: source-done\ndata: ${JSON.stringify({ source: 'local', count: results.length })}\n\n`);
    response.end(`event: done\ndata: ${JSON.stringify({ count: results.length })}\n\n`);
  };
  return { state, handler };
}

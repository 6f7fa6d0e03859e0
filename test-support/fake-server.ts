import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface FakeServer {
  url: string;
  requests: RecordedRequest[];
  /** Sockets currently open, to assert that an abort closed the upstream connection. */
  openConnections: () => number;
  close: () => Promise<void>;
}

export type FakeHandler = (request: RecordedRequest, response: http.ServerResponse) => void | Promise<void>;

/**
 * A local stand-in for a third-party API. Handlers write the exact bytes of the transcripts in
 * docs/protocols/ (CRLF framing, comments, error bodies). Every request is recorded.
 */
export async function startFakeServer(handler: FakeHandler): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks) };
      requests.push(recorded);
      Promise.resolve(handler(recorded, res)).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: String(error) }));
      });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    openConnections: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Writes SSE frames with pauses between them, as a real upstream streams. */
export async function writeSlowly(response: http.ServerResponse, frames: Array<string | Buffer>, delayMs = 5): Promise<void> {
  for (const frame of frames) {
    if (response.destroyed) return;
    response.write(frame);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
}

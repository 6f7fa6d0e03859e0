import http2 from 'node:http2';
import type { TLSSocket } from 'node:tls';
import { serve } from '@hono/node-server';
import { WebSocketServer } from 'ws';
import { createApp } from './app';
import { parseEnvOrExit } from './env';
import { createLogger } from './log';
import { CorpusService } from './corpus/service';
import { ReadingService } from './corpus/reading-service';
import { DictService } from './dict/service';
import { createMediaLibrary } from './media/library';
import { VaultStore } from './sync/vault-store';
import { wsMaxMessageBytes } from './routes/av-search/av-search';

const env = parseEnvOrExit();

const log = createLogger(env.LOG_LEVEL);
const dict = new DictService(env.dataDir, log);
const corpus = new CorpusService(env.dataDir, log);
const media = createMediaLibrary(env.dataDir, corpus, log);
const reading = new ReadingService({ log });
const vaults = new VaultStore(env.dataDir);
const app = createApp({ env, log, dict, corpus, media, reading, vaults });
// The video search's WebSocket (/api/av-search/ws); a client's message is small, so bigger frames are refused.
const websocket = new WebSocketServer({ noServer: true, maxPayload: wsMaxMessageBytes });

// TLS_CERT + TLS_KEY: HTTPS on the same port, HTTP/2 for browsers that offer it and HTTP/1.1 for
// the rest (curl, scripts, and the video search's WebSocket, which browsers open over HTTP/1.1).
// Node refuses a request head over 16 KB (431; HTTP/2: a header list over 64 KB). A text shared to
// the app (the manifest's share target) arrives as `GET /share?text=…`: up to 10,000 characters,
// some 100 KB percent-encoded.
const maxHeaderSize = 128 * 1024;
const https = env.tls
  ? { createServer: http2.createSecureServer, serverOptions: { ...env.tls, allowHTTP1: true, maxHeaderSize, settings: { maxHeaderListSize: maxHeaderSize } } }
  : { serverOptions: { maxHeaderSize } };
const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST, websocket: { server: websocket }, ...https }, (info) => {
  const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
  // Tests read this line to learn the port when PORT=0.
  log.info('listening', { url: `${env.tls ? 'https' : 'http'}://${host}:${info.port}` });
  if (env.ACCESS_TOKEN) log.info('API routes need the access token (ACCESS_TOKEN)', { offLoopback: env.offLoopback, allowedHosts: env.ALLOWED_HOSTS });
  dict.autoImport(env.KOTONOHA_EDICT_PATH);
  dict.library.autoImportKanjidic(env.KOTONOHA_KANJIDIC_PATH);
  corpus.start();
  media.watch();
  void media.refresh();
});

// An HTTPS server has no closeIdleConnections: its HTTP/2 sessions and HTTP/1.1 sockets are
// tracked so that shutdown can end them (a browser keeps an HTTP/2 session open indefinitely).
const tlsSockets = new Set<TLSSocket>();
const http2Sessions = new Set<http2.ServerHttp2Session>();
if (env.tls) {
  // The HTTP/1.1 side of an HTTP/2 server takes no maxHeaderSize option, but its parser reads the
  // server's property (as http.Server's does): without it a long /share URL resets the connection.
  (server as unknown as { maxHeaderSize: number }).maxHeaderSize = maxHeaderSize;
  server.on('secureConnection', (socket: TLSSocket) => {
    tlsSockets.add(socket);
    socket.once('close', () => tlsSockets.delete(socket));
  });
  server.on('session', (session: http2.ServerHttp2Session) => {
    http2Sessions.add(session);
    session.once('close', () => http2Sessions.delete(session));
  });
}

function closeTlsConnections() {
  for (const session of http2Sessions) session.close();
  for (const socket of tlsSockets) if (socket.alpnProtocol !== 'h2') socket.end();
}

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info('shutting down', { signal });
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  // Stopping the corpus workers first: an import in flight is rolled back, never half-written.
  for (const client of websocket.clients) client.terminate();
  // A sync "changes" request held for a write answers now, or close() would wait up to its 30 s.
  vaults.stopWaiting();
  void corpus
    .close()
    .finally(() => media.close())
    .finally(() => reading.close())
    .finally(() => dict.close())
    .finally(() => {
      server.close(() => process.exit(0));
      closeTlsConnections();
    });
  // Idle keep-alive sockets would otherwise hold close() open until they time out.
  if ('closeIdleConnections' in server) (server as { closeIdleConnections: () => void }).closeIdleConnections();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));

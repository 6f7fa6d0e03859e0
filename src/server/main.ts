import { serve } from '@hono/node-server';
import { WebSocketServer } from 'ws';
import { createApp } from './app';
import { parseEnvOrExit } from './env';
import { createLogger } from './log';
import { CorpusService } from './corpus/service';
import { ReadingService } from './corpus/reading-service';
import { DictService } from './dict/service';
import { createMediaLibrary } from './media/library';
import { wsMaxMessageBytes } from './routes/av-search/av-search';

const env = parseEnvOrExit();

const log = createLogger(env.LOG_LEVEL);
const dict = new DictService(env.dataDir, log);
const corpus = new CorpusService(env.dataDir, log);
const media = createMediaLibrary(env.dataDir, corpus, log);
const reading = new ReadingService({ log });
const app = createApp({ env, log, dict, corpus, media, reading });
// The video search's WebSocket (/api/av-search/ws); a client's message is small, so bigger frames are refused.
const websocket = new WebSocketServer({ noServer: true, maxPayload: wsMaxMessageBytes });

const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST, websocket: { server: websocket } }, (info) => {
  const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
  // Tests read this line to learn the port when PORT=0.
  log.info('listening', { url: `http://${host}:${info.port}` });
  if (env.ACCESS_TOKEN) log.info('API routes need the access token (ACCESS_TOKEN)', { offLoopback: env.offLoopback, allowedHosts: env.ALLOWED_HOSTS });
  dict.autoImport(env.KOTONOHA_EDICT_PATH);
  dict.library.autoImportKanjidic(env.KOTONOHA_KANJIDIC_PATH);
  corpus.start();
  media.watch();
  void media.refresh();
});

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info('shutting down', { signal });
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  // Stopping the corpus workers first: an import in flight is rolled back, never half-written.
  for (const client of websocket.clients) client.terminate();
  void corpus
    .close()
    .finally(() => media.close())
    .finally(() => reading.close())
    .finally(() => dict.close())
    .finally(() => server.close(() => process.exit(0)));
  // Idle keep-alive sockets would otherwise hold close() open until they time out.
  if ('closeIdleConnections' in server) (server as { closeIdleConnections: () => void }).closeIdleConnections();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));

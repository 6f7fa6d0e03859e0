import fs from 'node:fs';
import path from 'node:path';
import { Hono, type Context, type Next } from 'hono';
import { compress } from 'hono/compress';
import { secureHeaders } from 'hono/secure-headers';
import { http2SafeHeaders } from './http2-response';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Env } from './env';
import { accessPath } from '../common/access';
import { accessRoutes } from './guards/access-token';
import { accessCheck, callOutCheck, corsForListedOrigins, crossSiteCheck, hostCheck, type HostCheckOptions } from './guards/guards';
import { behindIo } from './behind-io';
import { withRoutePreloads } from './route-preloads';
import { createLogger, type Logger } from './log';
import { CorpusService } from './corpus/service';
import { ReadingService } from './corpus/reading-service';
import { dictRoutes } from './routes/dict/dict-routes';
import { DictService } from './dict/service';
import { healthRoutes } from './routes/health/health';
import { proxyRoutes } from './routes/proxy/proxy';
import { niutransRoutes } from './routes/niutrans/niutrans';
import { ttsRoutes } from './routes/tts/tts';
import { shonagonRoutes } from './routes/shonagon/shonagon-routes';
import { xpanRoutes } from './routes/xpan/xpan';
import { uploadRoutes } from './routes/upload/upload-routes';
import { notionMountPath, notionRoutes } from './routes/notion/notion';
import { avSearchRoutes } from './routes/av-search/av-search';
import { imageRoutes } from './routes/img/img';
import { mediaRoutes } from './routes/media/media';
import { readingRoutes } from './routes/reading/reading-routes';
import { ankiRoutes } from './routes/anki/anki';
import { createMediaLibrary, type MediaLibrary } from './media/library';
import { syncRoutes } from './sync/sync-routes';
import { VaultStore } from './sync/vault-store';
import { jsonError } from './json-error';
import { coded } from '../common/server-errors';

export interface AppDeps {
  env: Env;
  log?: Logger;
  /** The dictionary; main.ts passes the one it auto-imports into. */
  dict?: DictService;
  /** The machine's own addresses, for the host check when bound to 0.0.0.0 (tests fix them). */
  listAddresses?: HostCheckOptions['listAddresses'];
  /** The Shonagon corpus; main.ts passes the one it shuts down on SIGTERM. */
  corpus?: CorpusService;
  /** The local media library of the video search; main.ts passes the one it watches and closes. */
  media?: MediaLibrary;
  /** Readings for furigana; main.ts passes the one it closes. */
  reading?: ReadingService;
  /** The sync vaults (every write is on disk before it is answered, so nothing needs closing). */
  vaults?: VaultStore;
}

/**
 * connect-src: the app calls some providers straight from the browser
 * (docs/behaviour.md "AI calls": only Google, OpenAI, Anthropic and Doubao go through the proxy)
 * and people point a "custom" provider at an Ollama/LM Studio/gateway or a speech service on their
 * own machine or LAN (docs/api.md "AI provider relay": "any other custom base URL is called
 * directly from the browser"), which is often plain http on a private address. So connect-src
 * allows http and https; the script, frame and object rules carry the protection.
 */
function contentSecurityPolicy(env: Env) {
  return {
    defaultSrc: ["'self'"],
    // SQLite compiled to WebAssembly runs the MyNotion executor; 'wasm-unsafe-eval' allows wasm only, not eval().
    scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
    // Mantine sets inline style attributes and injects CSS variables at runtime.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // The video search plays and shows what a remote server (often another Kotonoha on the LAN, on http) serves.
    imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
    mediaSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", 'https:', 'http:', ...env.PROXY_ALLOW_ORIGINS],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

export function createApp({
  env,
  log = createLogger(env.LOG_LEVEL),
  dict = new DictService(env.dataDir, log),
  listAddresses,
  corpus = new CorpusService(env.dataDir, log),
  media = createMediaLibrary(env.dataDir, corpus, log),
  reading = new ReadingService({ log }),
  vaults = new VaultStore(env.dataDir),
}: AppDeps) {
  const app = new Hono();

  app.use('*', http2SafeHeaders());
  // The guards run before anything else, the static app included (docs/decisions/0005).
  app.use('*', hostCheck(env, log, { listAddresses }));
  app.use('*', crossSiteCheck(env, log));
  app.use('*', callOutCheck(env, log));
  app.use('*', corsForListedOrigins(env));
  app.use('*', accessCheck(env, log));
  app.use('*', secureHeaders({ contentSecurityPolicy: contentSecurityPolicy(env), crossOriginEmbedderPolicy: false }));
  // Relayed streams must reach the browser chunk by chunk, so they are never compressed here.
  const compressor = compress();
  app.use('*', async (c, next) => {
    // A ranged byte relay (XPan stream) must keep its Content-Length and Content-Range as sent.
    if (c.req.path.startsWith('/api/proxy/') || c.req.path === '/api/xpan/stream' || c.req.header('accept') === 'text/event-stream') return next();
    // The liveness answer is 29 bytes: compressing it through a stream costs more than it saves.
    if (c.req.path === '/api/health') return next();
    return compressor(c, next);
  });

  // A search's main-thread work (its answer cached or sent) waits its turn behind cheaper answers.
  app.use('/shonagon_api/search', async (_c, next) => {
    await behindIo();
    return next();
  });

  app.route(accessPath, accessRoutes({ env, log }));
  app.route('/api/health', healthRoutes);
  app.route('/api/proxy', proxyRoutes({ env, log }));
  app.route('/', niutransRoutes({ env, log }));
  app.route('/', ttsRoutes({ env, log }));
  app.route('/api/dict', dictRoutes(dict));
  app.route('/shonagon_api', shonagonRoutes({ corpus, maxBytes: env.SHONAGON_MAX_BYTES }));
  app.route('/api/xpan', xpanRoutes({ env, log, corpus }));
  app.route('/api', uploadRoutes({ env, log, corpus }).app);
  app.route(notionMountPath, notionRoutes({ env, log }));
  app.route('/api/av-search', avSearchRoutes({ env, log, local: media }));
  app.route('/api/media', mediaRoutes({ library: media, cacheDir: path.join(env.dataDir, '.cache', 'thumbs'), log }));
  app.route('/api/img', imageRoutes({ log }));
  app.route('/api/reading', readingRoutes({ reading }));
  app.route('/api/anki', ankiRoutes({ env, log }));
  app.route('/api/sync', syncRoutes(vaults));

  app.all('/api/*', (c) => jsonError(c, 404, `No API route ${c.req.method} ${c.req.path}`, coded('no-route', { method: c.req.method, path: c.req.path })));

  app.onError((error, c) => {
    log.error('request failed', { path: c.req.path, method: c.req.method, error: error.message });
    return jsonError(c, 500, 'Internal server error', coded('internal'));
  });

  mountWebApp(app, env, log);
  return app;
}

function mountWebApp(app: Hono, env: Env, log: Logger) {
  const root = path.relative(process.cwd(), env.distDir) || '.';
  const indexPath = path.join(env.distDir, 'index.html');
  const cacheFor = (value: string) => async (c: Context, next: Next) => {
    await next();
    if (c.res.ok) c.res.headers.set('Cache-Control', value);
  };
  const page = (c: Context) => {
    let html: string;
    try {
      html = fs.readFileSync(indexPath, 'utf8');
    } catch {
      log.error('web app is not built', { distDir: env.distDir });
      return c.text('The web app is not built. Run `npm run build` (npm start does this for you).', 503);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(withRoutePreloads(html, env.distDir, c.req.path));
  };
  app.use('/assets/*', cacheFor('public, max-age=31536000, immutable'), serveStatic({ root }));
  // Before the static files, which would answer / with index.html as it is.
  app.get('/', page);
  app.use('*', cacheFor('no-cache'), serveStatic({ root }));
  app.get('*', page);
}

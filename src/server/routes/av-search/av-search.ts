import { upgradeWebSocket } from '@hono/node-server';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { avQueryMaxLength, avWsRequestSchema, parseSourceList, type AvEvent, type AvSource } from '../../../common/av-search';
import type { Env } from '../../env';
import type { Logger } from '../../log';
import { parseRemoteBase, searchRemote } from './remote-source';
import { runSearch, type SourceSearch } from './search';
import { searchYunpan } from './yunpan-source';
import { jsonError } from '../../json-error';
import { coded, type Coded } from '../../../common/server-errors';

export interface LocalSearcher {
  search(q: string, signal: AbortSignal): AsyncIterable<import('../../../common/av-search').AvResult>;
}

interface Deps {
  env: Env;
  log: Logger;
  local: LocalSearcher;
}

interface SearchRequest {
  q: string;
  sources: AvSource[];
  remoteBase?: string;
  accessToken?: string;
}

type Checked = { ok: true; sources: Map<AvSource, SourceSearch> } | { ok: false; error: string; coded: Coded };

export const keepAliveMs = 15_000;
/** A WebSocket client may start at most this many searches per second; more closes the socket. */
export const wsMessagesPerSecond = 5;
export const wsMaxMessageBytes = 4096;

function plan({ q, sources, remoteBase, accessToken }: SearchRequest, { env, local }: Deps): Checked {
  const query = q.trim();
  if (!query) return { ok: false, error: 'q is missing', coded: coded('query-missing') };
  if (query.length > avQueryMaxLength) return { ok: false, error: `q is longer than ${avQueryMaxLength} characters`, coded: coded('av-query-too-long', { max: avQueryMaxLength }) };
  const planned = new Map<AvSource, SourceSearch>();
  for (const source of sources) {
    if (source === 'local') planned.set(source, (signal) => local.search(query, signal));
    else if (source === 'yunpan') planned.set(source, (signal) => searchYunpan(env.UPSTREAM_XPAN, accessToken, query, signal));
    else {
      const base = parseRemoteBase(remoteBase);
      planned.set(
        source,
        base instanceof URL
          ? (signal) => searchRemote(base, query, signal)
          : // The other sources still run; this one reports why it cannot.
            async function* () {
              yield* [];
              throw new Error(base.error);
            },
      );
    }
  }
  return { ok: true, sources: planned };
}

/**
 * docs/api.md "Video search": `GET /api/av-search` as Server-Sent Events and `/api/av-search/ws` as
 * a WebSocket, one search engine behind both (runSearch). Closing either stops the work.
 */
export function avSearchRoutes(deps: Deps) {
  const { log } = deps;
  const app = new Hono();

  app.get('/', (c) => {
    const sources = parseSourceList(c.req.query('source') ?? '');
    if (!Array.isArray(sources)) return jsonError(c, 400, sources.error, sources.coded);
    const checked = plan({ q: c.req.query('q') ?? '', sources, remoteBase: c.req.query('remoteBase'), accessToken: c.req.query('access_token') }, deps);
    if (!checked.ok) return jsonError(c, 400, checked.error, checked.coded);
    const started = performance.now();
    return streamSSE(c, async (stream) => {
      const controller = new AbortController();
      stream.onAbort(() => controller.abort());
      const keepAlive = setInterval(() => void stream.write(': keep-alive\n\n').catch(() => controller.abort()), keepAliveMs);
      // Writes are chained so events leave in order and the last one is out before the stream closes.
      let written = Promise.resolve();
      try {
        await runSearch(checked.sources, controller.signal, (event) => {
          written = written.then(() => stream.writeSSE({ event: event.type, data: JSON.stringify(event.data) })).catch(() => controller.abort());
        });
        await written;
      } finally {
        clearInterval(keepAlive);
        log.info('av-search', { transport: 'sse', sources: sources.join(','), aborted: controller.signal.aborted, ms: Math.round(performance.now() - started) });
      }
    });
  });

  app.get(
    '/ws',
    upgradeWebSocket(() => {
      let current: AbortController | undefined;
      const recent: number[] = [];
      return {
        onMessage(event, ws) {
          const now = Date.now();
          while (recent.length && now - recent[0] > 1000) recent.shift();
          recent.push(now);
          const send = (message: AvEvent | { type: 'error'; data: { error: string } }) => {
            if (ws.readyState === 1) ws.send(JSON.stringify({ type: message.type, ...message.data }));
          };
          if (recent.length > wsMessagesPerSecond) {
            current?.abort();
            send({ type: 'error', data: { error: `more than ${wsMessagesPerSecond} searches a second; closing` } });
            ws.close(1008, 'too many messages');
            return;
          }
          const raw = typeof event.data === 'string' ? event.data : '';
          if (!raw || raw.length > wsMaxMessageBytes) {
            send({ type: 'error', data: { error: 'send one JSON text message: {"q","source","remoteBase"?,"access_token"?}' } });
            return;
          }
          let request;
          try {
            request = avWsRequestSchema.safeParse(JSON.parse(raw));
          } catch {
            request = undefined;
          }
          if (!request?.success) {
            send({ type: 'error', data: { error: 'not a search request: expected {"q","source","remoteBase"?,"access_token"?}' } });
            return;
          }
          const sources = parseSourceList(request.data.source);
          if (!Array.isArray(sources)) {
            send({ type: 'error', data: { error: sources.error } });
            return;
          }
          const checked = plan({ q: request.data.q, sources, remoteBase: request.data.remoteBase, accessToken: request.data.access_token }, deps);
          if (!checked.ok) {
            send({ type: 'error', data: { error: checked.error } });
            return;
          }
          current?.abort();
          const controller = new AbortController();
          current = controller;
          const started = performance.now();
          void runSearch(checked.sources, controller.signal, send).finally(() =>
            log.info('av-search', { transport: 'ws', sources: sources.join(','), aborted: controller.signal.aborted, ms: Math.round(performance.now() - started) }),
          );
        },
        onClose() {
          current?.abort();
        },
        onError() {
          current?.abort();
        },
      };
    }),
  );

  return app;
}

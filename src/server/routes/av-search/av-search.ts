import { upgradeWebSocket } from '@hono/node-server';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { avQueryMaxLength, avSearchQuerySchema, avSearchRequestSchema, avSourceNames, avSourceSchema, avWsRequestSchema, type AvEvent, type AvSource } from '../../../common/av-search';
import type { Env } from '../../env';
import type { Logger } from '../../log';
import { parseRemoteBase, searchRemote } from './remote-source';
import { runSearch, SourceError, type SourceSearch } from './search';
import { searchYunpan } from './yunpan-source';
import { coded } from '../../../common/server-errors';
import { firstOf } from '../../../common/query-params';
import { checkInput, validInput, type Failure, type Refusal } from '../../valid-input';

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

export const keepAliveMs = 15_000;
/** A WebSocket client may start at most this many searches per second; more closes the socket. */
export const wsMessagesPerSecond = 5;
export const wsMaxMessageBytes = 4096;

/** A search refused, in the words both transports answer it with (sources first, then the query). */
function refuseSearch({ field, input }: Failure): Refusal {
  if (field.startsWith('source')) {
    const names = avSourceNames(input.source);
    if (names.length === 0) return { message: 'source is missing (local, remote or yunpan)', ...coded('source-missing') };
    const unknown = [...new Set(names.filter((name) => !avSourceSchema.safeParse(name).success))].join(', ');
    return { message: `unknown source: ${unknown} (use local, remote or yunpan)`, ...coded('unknown-source', { sources: unknown }) };
  }
  const q = firstOf(input.q);
  if (typeof q !== 'string' || q.trim() === '') return { message: 'q is missing', ...coded('query-missing') };
  return { message: `q is longer than ${avQueryMaxLength} characters`, ...coded('av-query-too-long', { max: avQueryMaxLength }) };
}

const wsShape = 'expected {"q","source","remoteBase"?,"access_token"?}';
const badMessage: Refusal = { message: `not a search request: ${wsShape}`, ...coded('av-bad-message') };

function plan({ q, sources, remoteBase, accessToken }: SearchRequest, { env, local }: Deps): Map<AvSource, SourceSearch> {
  const planned = new Map<AvSource, SourceSearch>();
  for (const source of sources) {
    if (source === 'local') planned.set(source, (signal) => local.search(q, signal));
    else if (source === 'yunpan') planned.set(source, (signal) => searchYunpan(env.UPSTREAM_XPAN, accessToken, q, signal));
    else {
      const base = parseRemoteBase(remoteBase);
      planned.set(
        source,
        base instanceof URL
          ? (signal) => searchRemote(base, q, signal)
          : // The other sources still run; this one reports why it cannot.
            async function* () {
              yield* [];
              throw new SourceError(base.error, base.coded);
            },
      );
    }
  }
  return planned;
}

/**
 * docs/api.md "Video search": `GET /api/av-search` as Server-Sent Events and `/api/av-search/ws` as
 * a WebSocket, one search engine behind both (runSearch). Closing either stops the work.
 */
export function avSearchRoutes(deps: Deps) {
  const { log } = deps;
  const app = new Hono();

  app.get('/', validInput('query', avSearchQuerySchema, { refuse: refuseSearch }), (c) => {
    const { q, source: sources, remoteBase, access_token: accessToken } = c.req.valid('query');
    const planned = plan({ q, sources, remoteBase, accessToken }, deps);
    const started = performance.now();
    return streamSSE(c, async (stream) => {
      const controller = new AbortController();
      stream.onAbort(() => controller.abort());
      const keepAlive = setInterval(() => void stream.write(': keep-alive\n\n').catch(() => controller.abort()), keepAliveMs);
      // Writes are chained so events leave in order and the last one is out before the stream closes.
      let written = Promise.resolve();
      try {
        await runSearch(planned, controller.signal, (event) => {
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
          const send = (message: AvEvent) => {
            if (ws.readyState === 1) ws.send(JSON.stringify({ type: message.type, ...message.data }));
          };
          const refuse = ({ message, status: _status, ...why }: Refusal) => send({ type: 'error', data: { error: message, ...why } });
          if (recent.length > wsMessagesPerSecond) {
            current?.abort();
            refuse({ message: `more than ${wsMessagesPerSecond} searches a second; closing`, ...coded('av-too-many-searches', { max: wsMessagesPerSecond }) });
            ws.close(1008, 'too many messages');
            return;
          }
          const raw = typeof event.data === 'string' ? event.data : '';
          if (!raw || raw.length > wsMaxMessageBytes) {
            refuse({ ...badMessage, message: `send one JSON text message: ${wsShape.replace('expected ', '')}` });
            return;
          }
          let body: unknown;
          try {
            body = JSON.parse(raw);
          } catch {
            refuse(badMessage);
            return;
          }
          const message = checkInput(avWsRequestSchema, body, { refuse: () => badMessage });
          if ('refusal' in message) return refuse(message.refusal);
          const request = checkInput(avSearchRequestSchema, message.data, { refuse: refuseSearch });
          if ('refusal' in request) return refuse(request.refusal);
          const { q, source: sources, remoteBase, access_token: accessToken } = request.data;
          const planned = plan({ q, sources, remoteBase, accessToken }, deps);
          current?.abort();
          const controller = new AbortController();
          current = controller;
          const started = performance.now();
          void runSearch(planned, controller.signal, send).finally(() =>
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

import { avDoneSchema, avErrorSchema, avResultSchema, avSourceDoneSchema, type AvEvent, type AvSource } from '../../../../common/av-search';
import type { requestModes } from '../../../../common/settings';

export type RequestMode = (typeof requestModes)[number];

export interface AvSearchRequest {
  q: string;
  sources: AvSource[];
  remoteBase: string;
  accessToken: string;
}

/** A search in flight; `stop` ends it (the server stops its work when the connection closes). */
export interface RunningSearch {
  stop: () => void;
}

export interface SearchHandlers {
  onEvent: (event: AvEvent) => void;
  /**
   * The connection itself failed (not one source: those arrive as `error` events); `reason` is the
   * server's own when it closed the search with one. The screen words the message.
   */
  onFailure: (reason?: string) => void;
}

/** An event's payload checked against its schema; anything else is dropped, never trusted. */
function decode(type: string, data: unknown): AvEvent | undefined {
  switch (type) {
    case 'result': {
      const parsed = avResultSchema.safeParse(data);
      return parsed.success ? { type, data: parsed.data } : undefined;
    }
    case 'source-done': {
      const parsed = avSourceDoneSchema.safeParse(data);
      return parsed.success ? { type, data: parsed.data } : undefined;
    }
    case 'error': {
      const parsed = avErrorSchema.safeParse(data);
      return parsed.success ? { type, data: parsed.data } : undefined;
    }
    case 'done': {
      const parsed = avDoneSchema.safeParse(data);
      return parsed.success ? { type, data: parsed.data } : undefined;
    }
    default:
      return undefined;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function searchUrl({ q, sources, remoteBase, accessToken }: AvSearchRequest): string {
  const params = new URLSearchParams({ q, source: sources.join(',') });
  if (sources.includes('remote') && remoteBase) params.set('remoteBase', remoteBase);
  if (sources.includes('yunpan') && accessToken) params.set('access_token', accessToken);
  return `/api/av-search?${params}`;
}

function overEventStream(request: AvSearchRequest, { onEvent, onFailure }: SearchHandlers): RunningSearch {
  const source = new EventSource(searchUrl(request));
  let finished = false;
  const finish = () => {
    finished = true;
    source.close();
  };
  for (const type of ['result', 'source-done', 'done'] as const) {
    source.addEventListener(type, (event) => {
      const decoded = decode(type, parseJson((event as MessageEvent<string>).data));
      if (!decoded) return;
      onEvent(decoded);
      if (type === 'done') finish();
    });
  }
  // `error` is both the server's per-source event (with data) and EventSource's own connection failure (without).
  source.addEventListener('error', (event) => {
    const data = (event as MessageEvent<string>).data;
    if (typeof data === 'string') {
      const decoded = decode('error', parseJson(data));
      if (decoded) onEvent(decoded);
      return;
    }
    if (finished) return;
    finish();
    onFailure();
  });
  return { stop: finish };
}

function overWebSocket(request: AvSearchRequest, { onEvent, onFailure }: SearchHandlers): RunningSearch {
  const socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/av-search/ws`);
  let finished = false;
  socket.addEventListener('open', () => {
    socket.send(
      JSON.stringify({
        q: request.q,
        source: request.sources,
        ...(request.sources.includes('remote') && request.remoteBase ? { remoteBase: request.remoteBase } : {}),
        ...(request.sources.includes('yunpan') && request.accessToken ? { access_token: request.accessToken } : {}),
      }),
    );
  });
  socket.addEventListener('message', (message) => {
    const body = parseJson(String(message.data));
    if (typeof body !== 'object' || body === null) return;
    const { type, ...data } = body as { type?: unknown };
    const decoded = typeof type === 'string' ? decode(type, data) : undefined;
    if (!decoded) return;
    onEvent(decoded);
    if (decoded.type === 'done') {
      finished = true;
      socket.close(1000);
    }
  });
  socket.addEventListener('close', (event) => {
    if (finished) return;
    finished = true;
    if (event.code !== 1000) onFailure(event.reason || undefined);
  });
  return {
    stop: () => {
      finished = true;
      if (socket.readyState === WebSocket.CONNECTING || socket.readyState === WebSocket.OPEN) socket.close(1000);
    },
  };
}

/** docs/behaviour.md "Limits and constants" (request modes): the same search over Server-Sent Events or a WebSocket. */
export function startSearch(mode: RequestMode, request: AvSearchRequest, handlers: SearchHandlers): RunningSearch {
  return mode === 'WebSocket' ? overWebSocket(request, handlers) : overEventStream(request, handlers);
}

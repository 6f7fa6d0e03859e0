import { createParser } from 'eventsource-parser';
import { avResultSchema, type AvResult } from '../../../common/av-search';
import { coded, type Coded } from '../../../common/server-errors';
import { SourceError } from './search';

export const remoteTimeouts = { headersMs: 10_000, idleMs: 20_000 } as const;

/** `remoteBase` must be a bare http(s) origin: the server calls only `<remoteBase>/api/av-search` there. */
export function parseRemoteBase(raw: string | undefined): URL | { error: string; coded: Coded } {
  if (!raw) return { error: 'the remote source needs a server address (Settings → Search → remote server)', coded: coded('remote-base-missing') };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { error: `remoteBase is not a URL: ${raw}`, coded: coded('bad-remote-base', { value: raw }) };
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.origin !== raw.replace(/\/$/, '')) {
    return { error: 'remoteBase must be an http(s) origin such as https://kotonoha.example:8787', coded: coded('bad-remote-base', { value: raw }) };
  }
  return url;
}

function absolute(value: string | null, base: URL): string | null {
  if (value === null || value === '') return null;
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Another server speaking the same SSE API (another Kotonoha is one), asked for its local results.
 * Its ids, urls and thumbnails are made absolute so the page can play them from there.
 */
export async function* searchRemote(base: URL, q: string, signal: AbortSignal): AsyncIterable<AvResult> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  signal.addEventListener('abort', stop, { once: true });
  let timedOut = false;
  let timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, remoteTimeouts.headersMs);
  const rearm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, remoteTimeouts.idleMs);
  };
  const target = new URL('/api/av-search', base);
  target.search = new URLSearchParams({ q, source: 'local' }).toString();
  try {
    let response: Response;
    try {
      response = await fetch(target, { headers: { accept: 'text/event-stream' }, redirect: 'manual', signal: controller.signal });
    } catch {
      if (signal.aborted) return;
      if (timedOut) throw new SourceError(`the remote server ${base.host} did not answer within ${remoteTimeouts.headersMs / 1000} s`, coded('upstream-timeout', { upstream: base.host, seconds: remoteTimeouts.headersMs / 1000 }));
      throw new SourceError(`the remote server ${base.host} is unreachable`, coded('upstream-unreachable', { upstream: base.host }));
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new SourceError(`the remote server ${base.host} answered HTTP ${response.status}`, coded('upstream-bad-answer', { upstream: base.host, status: response.status }));
    }
    if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream') || !response.body) {
      await response.body?.cancel().catch(() => {});
      throw new SourceError(`the remote server ${base.host} did not answer with an event stream`, coded('remote-not-event-stream', { upstream: base.host }));
    }
    const queue: AvResult[] = [];
    let finished = false;
    let remoteError: string | undefined;
    const parser = createParser({
      onEvent: (event) => {
        if (event.event === 'done') finished = true;
        else if (event.event === 'error') {
          try {
            remoteError = String((JSON.parse(event.data) as { error?: unknown }).error ?? 'error');
          } catch {
            remoteError = 'error';
          }
        } else if (event.event === 'result') {
          let parsed;
          try {
            parsed = avResultSchema.safeParse(JSON.parse(event.data));
          } catch {
            return;
          }
          if (!parsed.success) return;
          const result = parsed.data;
          const url = absolute(result.url, base);
          if (!url) return;
          const subtitles = result.subtitles === undefined ? null : absolute(result.subtitles, base);
          queue.push({ ...result, source: 'remote', id: `remote:${base.host}:${result.id}`, url, thumb: absolute(result.thumb, base), ...(subtitles ? { subtitles } : {}) });
        }
      },
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    rearm();
    try {
      while (!finished) {
        let chunk: ReadableStreamReadResult<string>;
        try {
          chunk = await reader.read();
        } catch {
          if (signal.aborted) return;
          if (timedOut) throw new SourceError(`the remote server ${base.host} stopped answering`, coded('upstream-timeout', { upstream: base.host, seconds: remoteTimeouts.idleMs / 1000 }));
          throw new SourceError(`the connection to ${base.host} broke`, coded('remote-stream-broke', { upstream: base.host }));
        }
        if (chunk.done) break;
        rearm();
        parser.feed(chunk.value);
        while (queue.length) yield queue.shift()!;
      }
    } finally {
      await reader.cancel().catch(() => {});
    }
    if (!finished && remoteError === undefined) throw new SourceError(`the remote server ${base.host} ended the stream before it was done`, coded('remote-stream-broke', { upstream: base.host }));
    if (remoteError !== undefined && !finished) throw new SourceError(`the remote server ${base.host}: ${remoteError}`, coded('remote-error', { upstream: base.host, error: remoteError }));
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', stop);
  }
}

import { Hono, type Context } from 'hono';
import type { Env } from '../../env';
import type { Logger } from '../../log';
import { jsonError, type ErrorBody } from '../../json-error';
import { clientClosedStatus, isRelayError, relay, relayBodyLimit } from '../../relay';
import { coded } from '../../../common/server-errors';

export const ttsTimeouts = { make: 15_000, audio: 30_000 } as const;
/** ttsmp3 refuses texts over 3000 characters; the browser splits long texts into sentences anyway. */
export const maxMessageLength = 3000;
/** Where the relayed MP3s are served from (same origin, so CSP and Media Session just work). */
export const audioRelayPrefix = '/api/tts/mp3';

const audioDirectories = new Set(['created_mp3', 'created_mp3_ai']);
const audioFileName = /^[A-Za-z0-9_-]{1,128}\.mp3$/;
const voiceName = /^[A-Za-z][A-Za-z0-9_#-]{0,63}$/;
const forwardedAudioHeaders = ['content-type', 'content-length', 'content-range', 'accept-ranges', 'last-modified', 'etag'];

interface Deps {
  env: Env;
  log: Logger;
}

/** The upstream's MP3 URL as a same-origin relay path, when it is one of the upstream's MP3s. */
export function relayedAudioPath(url: string, upstream: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, upstream);
  } catch {
    return null;
  }
  if (parsed.origin !== new URL(upstream).origin) return null;
  const [, directory, file, ...rest] = parsed.pathname.split('/');
  if (rest.length || !audioDirectories.has(directory) || !audioFileName.test(file ?? '')) return null;
  return `${audioRelayPrefix}/${directory}/${file}`;
}

/** The ttsmp3 shape, so the browser treats relay failures like the service's own (Error ≠ 0). */
const ttsErrorBody: ErrorBody = (_status, message) => ({ Error: message, URL: '' });

function failure(c: Context, status: 400 | 413 | 502 | 504, message: string) {
  return jsonError(c, status, message, { body: ttsErrorBody });
}

/**
 * The text-to-speech fallback relay (docs/api.md "Speech relay", `POST /makemp3_new.php`): the
 * browser cannot post to ttsmp3.com (no CORS), so the form {msg, lang, source} is relayed to
 * UPSTREAM_TTSMP3 and its JSON {Error, URL, …} comes back. The MP3 it names is relayed too (GET
 * /api/tts/mp3/<dir>/<file>, with Range), and `URL` is rewritten to that path: the page's CSP
 * allows media from 'self', and same-origin audio needs no CORS for Media Session artwork or
 * fetch(). See docs/decisions/0004-speech-relay.md.
 */
export function ttsRoutes({ env, log }: Deps) {
  const app = new Hono();
  const limit = relayBodyLimit(64 * 1024, ttsErrorBody);

  app.post('/makemp3_new.php', limit, async (c) => {
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      return failure(c, 400, 'expected a form with msg, lang and source');
    }
    const msg = typeof form.msg === 'string' ? form.msg.trim() : '';
    const lang = typeof form.lang === 'string' ? form.lang : '';
    const source = typeof form.source === 'string' && form.source ? form.source : 'ttsmp3';
    if (!msg) return failure(c, 400, 'msg is empty');
    if (msg.length > maxMessageLength) return failure(c, 400, `msg is longer than ${maxMessageLength} characters`);
    if (!voiceName.test(lang)) return failure(c, 400, 'lang must be a voice name such as Takumi');

    const upstream = await relay(c, {
      target: new URL('/makemp3_new.php', env.UPSTREAM_TTSMP3),
      method: 'POST',
      body: new URLSearchParams({ msg, lang, source }),
      setHeaders: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json, */*' },
      idleTimeoutMs: ttsTimeouts.make,
      area: 'tts',
      log,
      upstreamName: 'the speech service',
      errorBody: ttsErrorBody,
    });
    if (isRelayError(upstream)) return upstream;
    let text: string;
    try {
      text = await upstream.text();
    } catch {
      // The relay has logged why (the client left, or the upstream stalled mid-answer).
      return c.req.raw.signal.aborted ? jsonError(c, clientClosedStatus, 'client closed the connection', { body: ttsErrorBody }) : failure(c, 502, 'the speech service stopped answering');
    }
    let body: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
      body = parsed as Record<string, unknown>;
    } catch {
      log.warn('tts relay bad answer', { status: upstream.status });
      return failure(c, 502, `the speech service answered HTTP ${upstream.status} without JSON`);
    }
    if (body.Error === 0 && typeof body.URL === 'string') {
      const relayed = relayedAudioPath(body.URL, env.UPSTREAM_TTSMP3);
      if (relayed) body = { ...body, URL: relayed };
    }
    return c.json(body, upstream.ok ? 200 : 502);
  });

  app.get(`${audioRelayPrefix}/:directory/:file`, async (c) => {
    const { directory, file } = c.req.param();
    if (!audioDirectories.has(directory) || !audioFileName.test(file)) return jsonError(c, 404, 'not a speech audio file', coded('not-relayed'));
    const upstream = await relay(c, {
      target: new URL(`/${directory}/${file}`, env.UPSTREAM_TTSMP3),
      method: 'GET',
      requestHeaders: ['range'],
      responseHeaders: forwardedAudioHeaders,
      idleTimeoutMs: ttsTimeouts.audio,
      area: 'tts-audio',
      log,
      upstreamName: 'the speech service',
    });
    if (isRelayError(upstream)) return upstream;
    if (!upstream.ok) {
      await upstream.body?.cancel();
      return jsonError(c, upstream.status === 404 ? 404 : 502, `the speech service answered HTTP ${upstream.status}`, coded('upstream-bad-answer', { upstream: 'the speech service', status: upstream.status }));
    }
    upstream.headers.set('cache-control', 'public, max-age=86400');
    if (!upstream.headers.has('content-type')) upstream.headers.set('content-type', 'audio/mpeg');
    return upstream;
  });

  return app;
}

import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Env } from '../../env';
import type { Logger } from '../../log';

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

function failure(c: Context, status: 400 | 413 | 502 | 504, message: string) {
  // The ttsmp3 shape, so the browser treats relay failures like the service's own (Error ≠ 0).
  return c.json({ Error: message, URL: '' }, status);
}

/**
 * The text-to-speech fallback relay (spec §7, CONTRACT.md `POST /makemp3_new.php`): the browser
 * cannot post to ttsmp3.com (no CORS), so the form {msg, lang, source} is relayed to
 * UPSTREAM_TTSMP3 and its JSON {Error, URL, …} comes back. The MP3 it names is relayed too
 * (GET /api/tts/mp3/<dir>/<file>, with Range), and `URL` is rewritten to that path: the page's CSP
 * allows media from 'self', and same-origin audio needs no CORS for Media Session artwork or
 * fetch(). See docs/decisions/0004-speech-relay.md.
 */
export function ttsRoutes({ env, log }: Deps) {
  const app = new Hono();
  const limit = bodyLimit({ maxSize: 64 * 1024, onError: (c) => failure(c, 413, 'request body too large') });

  app.post('/makemp3_new.php', limit, async (c) => {
    const started = Date.now();
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

    const timeout = AbortSignal.timeout(ttsTimeouts.make);
    const signal = AbortSignal.any([c.req.raw.signal, timeout]);
    let upstream: Response;
    try {
      upstream = await fetch(new URL('/makemp3_new.php', env.UPSTREAM_TTSMP3), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json, */*' },
        body: new URLSearchParams({ msg, lang, source }),
        signal,
        redirect: 'manual',
      });
    } catch (error) {
      if (timeout.aborted) {
        log.warn('tts relay timeout', { ms: ttsTimeouts.make });
        return failure(c, 504, `the speech service did not answer within ${ttsTimeouts.make / 1000} s`);
      }
      if (c.req.raw.signal.aborted) return failure(c, 400, 'request cancelled');
      log.warn('tts relay unreachable', { error: error instanceof Error ? error.message : String(error) });
      return failure(c, 502, 'the speech service is unreachable');
    }
    const text = await upstream.text().catch(() => '');
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
    log.info('tts relay', { status: upstream.status, error: body.Error === 0 ? 0 : 'upstream error', ms: Date.now() - started });
    return c.json(body, upstream.ok ? 200 : 502);
  });

  app.get(`${audioRelayPrefix}/:directory/:file`, async (c) => {
    const { directory, file } = c.req.param();
    if (!audioDirectories.has(directory) || !audioFileName.test(file)) return c.json({ error: 'not a speech audio file' }, 404);
    const headers = new Headers();
    const range = c.req.header('range');
    if (range) headers.set('range', range);
    const timeout = AbortSignal.timeout(ttsTimeouts.audio);
    let upstream: Response;
    try {
      upstream = await fetch(new URL(`/${directory}/${file}`, env.UPSTREAM_TTSMP3), {
        headers,
        signal: AbortSignal.any([c.req.raw.signal, timeout]),
        redirect: 'follow',
      });
    } catch {
      if (timeout.aborted) return c.json({ error: 'the speech audio did not arrive in time' }, 504);
      return c.json({ error: 'the speech service is unreachable' }, 502);
    }
    if (!upstream.ok) {
      await upstream.body?.cancel();
      return c.json({ error: `the speech service answered HTTP ${upstream.status}` }, upstream.status === 404 ? 404 : 502);
    }
    const out = new Headers({ 'cache-control': 'public, max-age=86400' });
    for (const name of forwardedAudioHeaders) {
      const value = upstream.headers.get(name);
      if (value) out.set(name, value);
    }
    if (!out.has('content-type')) out.set('content-type', 'audio/mpeg');
    return new Response(upstream.body, { status: upstream.status, headers: out });
  });

  return app;
}

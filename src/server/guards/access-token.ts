import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { accessRequestSchema, accessTokenErrorCode } from '../../common/access';
import type { Env } from '../env';
import type { Logger } from '../log';
import { jsonError } from '../json-error';
import { coded } from '../../common/server-errors';
import { validInput } from '../valid-input';

/** The cookie POST /api/access sets: HttpOnly (no script reads it), SameSite=Strict (no other site sends it). */
export const accessCookieName = 'kotonoha_access';
export const accessHeaderName = 'x-access-token';
/** The app posts the token again on every load (it keeps it in settings), which renews this. */
const cookieMaxAgeSeconds = 30 * 24 * 60 * 60;

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

let lastToken: string | undefined;
let lastTokenDigest: Buffer | undefined;

/** Constant-time: both sides are hashed to equal-length digests before timingSafeEqual. */
export function matchesAccessToken(candidate: string, token: string): boolean {
  // The server's token is one value for the process's life: its digest is computed once.
  if (token !== lastToken) {
    lastToken = token;
    lastTokenDigest = digest(token);
  }
  return timingSafeEqual(digest(candidate), lastTokenDigest!);
}

function bearer(c: Context): string | undefined {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(c.req.header('authorization') ?? '');
  return match?.[1];
}

/** Where a valid access token came from, or undefined when none did. */
export function presentedAccessToken(c: Context, token: string): 'authorization' | 'header' | 'cookie' | undefined {
  const fromBearer = bearer(c);
  if (fromBearer !== undefined && matchesAccessToken(fromBearer, token)) return 'authorization';
  const fromHeader = c.req.header(accessHeaderName);
  if (fromHeader !== undefined && matchesAccessToken(fromHeader, token)) return 'header';
  // A cheap look first: most requests carry no cookie of ours, and parsing all cookies costs more than the rest of the guard.
  const cookies = c.req.header('cookie');
  const fromCookie = cookies?.includes(`${accessCookieName}=`) ? getCookie(c, accessCookieName) : undefined;
  if (fromCookie !== undefined && matchesAccessToken(fromCookie, token)) return 'cookie';
  return undefined;
}

/**
 * `/api/access`: how a browser gets in when ACCESS_TOKEN is set. A plain link (`<video src>`,
 * `<img>`, `<a download>`), an EventSource and a WebSocket cannot send a header, but they all send
 * this origin's cookies; so the app trades the token for an HttpOnly cookie once per load.
 *   GET    → {required, granted}
 *   POST   {"token"} → 204 + Set-Cookie, 401 for a wrong token
 *   DELETE → 204, cookie cleared
 */
export function accessRoutes({ env, log }: { env: Env; log: Logger }) {
  const token = env.ACCESS_TOKEN;
  const app = new Hono();
  const secure = (c: Context) => new URL(c.req.url).protocol === 'https:';

  app.get('/', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ required: token !== undefined, granted: token === undefined || presentedAccessToken(c, token) !== undefined });
  });

  const tokenBody = validInput('json', accessRequestSchema, {
    notJson: { message: 'Send JSON {"token":"…"}.', ...coded('body-not-json') },
    refuse: () => ({ message: 'Send JSON {"token":"…"} with the access token.', ...coded('invalid-input', { field: 'token', issue: 'a non-empty string' }) }),
  });
  app.post('/', tokenBody, async (c) => {
    c.header('Cache-Control', 'no-store');
    const candidate = c.req.valid('json').token;
    if (token === undefined) return c.body(null, 204);
    if (!matchesAccessToken(candidate.trim(), token)) {
      log.info('access token rejected', {});
      return jsonError(c, 401, 'Wrong access token: it must equal the server\'s ACCESS_TOKEN.', coded(accessTokenErrorCode));
    }
    setCookie(c, accessCookieName, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'Strict',
      secure: secure(c),
      maxAge: cookieMaxAgeSeconds,
    });
    return c.body(null, 204);
  });

  app.delete('/', (c) => {
    deleteCookie(c, accessCookieName, { path: '/', secure: secure(c), httpOnly: true, sameSite: 'Strict' });
    return c.body(null, 204);
  });

  return app;
}

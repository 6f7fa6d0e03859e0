import { Hono } from 'hono';
import { relayedAnkiActions } from '../../../common/anki';
import type { Env } from '../../env';
import { jsonError } from '../../json-error';
import type { Logger } from '../../log';
import { relay, relayBodyLimit } from '../../relay';
import { coded, type Coded } from '../../../common/server-errors';

/** A note with a few seconds of MP3 and a 320 px JPEG in base64 stays far below this. */
const maxBodyBytes = 32 * 1024 * 1024;
const relayed = new Set<string>(relayedAnkiActions);

export const ankiUnreachableMessage =
  'AnkiConnect is not answering: start Anki with the AnkiConnect add-on installed (Tools → Add-ons, code 2055492159), then try again';

interface Deps {
  env: Env;
  log: Logger;
}

type Refusal = { status: 400 | 403; message: string; coded: Coded };

/** The action names in one request, `multi`'s children included; a refusal when one may not pass. */
function check(body: unknown, nested = false): Refusal | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { status: 400, message: 'The body must be one AnkiConnect request: a JSON object with "action"', coded: coded('anki-request') };
  const { action, params } = body as { action?: unknown; params?: unknown };
  if (typeof action !== 'string' || action === '') return { status: 400, message: 'The AnkiConnect request has no "action"', coded: coded('anki-request') };
  if (!relayed.has(action) || (nested && action === 'multi')) {
    return { status: 403, message: `The AnkiConnect action "${action}" is not relayed by Kotonoha (only what a card maker needs: ${relayedAnkiActions.join(', ')})`, coded: coded('anki-action', { action }) };
  }
  if (action !== 'multi') return null;
  const actions = (params as { actions?: unknown } | undefined)?.actions;
  if (!Array.isArray(actions)) return { status: 400, message: '"multi" needs params.actions, an array of requests', coded: coded('anki-request') };
  for (const child of actions) {
    const refusal = check(child, true);
    if (refusal) return refusal;
  }
  return null;
}

/**
 * `POST /api/anki` → ANKICONNECT_URL (docs/api.md "Anki"). The server sends no Origin, so
 * AnkiConnect trusts it whatever its CORS list, and a phone on the LAN reaches the desktop's Anki.
 * Only the allow-listed actions pass, also inside `multi`: no page can delete notes or decks
 * through here. The body (notes, the API key) is never logged: the relay logs method and path.
 */
export function ankiRoutes({ env, log }: Deps) {
  const app = new Hono();
  const target = new URL(env.ANKICONNECT_URL);

  app.post('/', relayBodyLimit(maxBodyBytes), async (c) => {
    const text = await c.req.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return jsonError(c, 400, 'The body is not JSON: send one AnkiConnect request', coded('body-not-json'));
    }
    const refusal = check(body);
    if (refusal) return jsonError(c, refusal.status, refusal.message, refusal.coded);
    return relay(c, {
      target,
      method: 'POST',
      body: text,
      area: 'anki',
      upstreamName: 'AnkiConnect',
      log,
      setHeaders: { 'content-type': 'application/json' },
      responseHeaders: ['content-type'],
      // requestPermission waits for the person to answer Anki's dialog.
      idleTimeoutMs: 60_000,
      errorBody: (status, message) => ({ error: status === 502 && message.endsWith('is unreachable') ? ankiUnreachableMessage : message }),
    });
  });

  app.all('/', (c) => jsonError(c, 405, 'Send AnkiConnect requests with POST', coded('method-not-allowed', { method: c.req.method })));
  return app;
}

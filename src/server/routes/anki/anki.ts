import { Hono } from 'hono';
import * as z from 'zod/mini';
import { relayedAnkiActions } from '../../../common/anki';
import type { Env } from '../../env';
import { jsonError } from '../../json-error';
import { checkInput, refuse, validInput, type Failure, type Refusal } from '../../valid-input';
import type { Logger } from '../../log';
import { relay, relayBodyLimit } from '../../relay';
import { coded } from '../../../common/server-errors';

/** A note with a few seconds of MP3 and a 320 px JPEG in base64 stays far below this. */
const maxBodyBytes = 32 * 1024 * 1024;
const relayed = new Set<string>(relayedAnkiActions);

export const ankiUnreachableMessage =
  'AnkiConnect is not answering: start Anki with the AnkiConnect add-on installed (Tools → Add-ons, code 2055492159), then try again';

interface Deps {
  env: Env;
  log: Logger;
}

/** What the route reads of one AnkiConnect request; the rest (version, key, params) passes as sent. */
const ankiRequestSchema = z.looseObject({ action: z.string().check(z.minLength(1)), params: z.optional(z.unknown()) });
type AnkiRequest = z.infer<typeof ankiRequestSchema>;
const multiParamsSchema = z.object({ actions: z.array(z.unknown()) });

const notOneRequest: Refusal = { message: 'The body must be one AnkiConnect request: a JSON object with "action"', ...coded('anki-request') };
const refuseRequest = ({ field }: Failure): Refusal => (field === 'action' ? { message: 'The AnkiConnect request has no "action"', ...coded('anki-request') } : notOneRequest);

/** A refusal when an action of the request, `multi`'s children included, may not pass. */
function refusedAction({ action, params }: AnkiRequest, nested = false): Refusal | null {
  if (!relayed.has(action) || (nested && action === 'multi')) {
    return { status: 403, message: `The AnkiConnect action "${action}" is not relayed by Kotonoha (only what a card maker needs: ${relayedAnkiActions.join(', ')})`, ...coded('anki-action', { action }) };
  }
  if (action !== 'multi') return null;
  const multi = multiParamsSchema.safeParse(params);
  if (!multi.success) return { message: '"multi" needs params.actions, an array of requests', ...coded('anki-request') };
  for (const child of multi.data.actions) {
    const checked = checkInput(ankiRequestSchema, child, { refuse: refuseRequest });
    const refusal = 'refusal' in checked ? checked.refusal : refusedAction(checked.data, true);
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

  app.post('/', relayBodyLimit(maxBodyBytes), validInput('json', ankiRequestSchema, { refuse: refuseRequest, notJson: { message: 'The body is not JSON: send one AnkiConnect request', ...coded('body-not-json') } }), async (c) => {
    const request = c.req.valid('json');
    const refusal = refusedAction(request);
    if (refusal) return refuse(c, refusal);
    return relay(c, {
      target,
      method: 'POST',
      body: JSON.stringify(request),
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

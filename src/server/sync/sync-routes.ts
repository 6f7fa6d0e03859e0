import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { coded } from '../../common/server-errors';
import { changesQuerySchema, pushBodySchema, snapshotDaySchema, syncLimits, vaultIdSchema, writeTokenSchema } from '../../common/sync';
import { jsonError } from '../json-error';
import { clientClosedStatus } from '../relay';
import { validInput } from '../valid-input';
import { VaultError, type VaultStore } from './vault-store';

/** The header that carries a vault's write token (Authorization stays the access token's). */
export const syncTokenHeader = 'x-sync-token';

/** A push of a full batch of records at their limit, in base64, fits. */
const maxPushBytes = Math.ceil((syncLimits.recordBytes * 4) / 3) * 16 + 64 * 1024;

/** Requests per vault in the current minute: a runaway device (or a guesser) slows down, others do not. */
function rateLimiter(perMinute: number) {
  let windowStart = 0;
  const counts = new Map<string, number>();
  return (vault: string, now = Date.now()): number => {
    if (now - windowStart >= 60_000) {
      windowStart = now;
      counts.clear();
    }
    const count = (counts.get(vault) ?? 0) + 1;
    counts.set(vault, count);
    return count > perMinute ? Math.ceil((windowStart + 60_000 - now) / 1000) : 0;
  };
}

function vaultError(c: Context, store: VaultStore, error: unknown): Response {
  if (!(error instanceof VaultError)) throw error;
  switch (error.kind) {
    case 'no-vault':
      return jsonError(c, 404, error.message, coded('sync-no-vault'));
    case 'token':
      return jsonError(c, 401, error.message, coded('sync-token'));
    case 'record-too-large':
      return jsonError(c, 413, error.message, coded('sync-record-too-large', { id: error.details.id ?? '', size: error.details.size ?? 0, max: store.limits.recordBytes }));
    case 'vault-full':
      return jsonError(c, 413, error.message, coded('sync-vault-full', { size: error.details.size ?? 0, max: store.limits.vaultBytes }));
    case 'no-snapshot':
      return jsonError(c, 404, error.message, coded('sync-no-snapshot', { day: c.req.param('day') ?? '' }));
  }
}

/**
 * `/api/sync/<vault>/…` (docs/api.md "Sync"): a learner's devices keep their records here, sealed
 * on the device. Every request names its vault (an id derived from the vault's name) and carries
 * the vault's write token; contents are never logged.
 */
export function syncRoutes(
  store: VaultStore,
  { requestsPerMinute = syncLimits.requestsPerMinute, waitersPerVault = syncLimits.waitersPerVault }: { requestsPerMinute?: number; waitersPerVault?: number } = {},
) {
  const app = new Hono<{ Variables: { vault: string; token: string } }>();
  const limited = rateLimiter(requestsPerMinute);

  app.use('/:vault/*', async (c, next) => {
    const vault = vaultIdSchema.safeParse(c.req.param('vault'));
    if (!vault.success) return jsonError(c, 400, 'The vault id is 43 characters of base64url (derived from its name on the device).', coded('invalid-input', { field: 'vault', issue: 'not a vault id' }));
    const wait = limited(vault.data);
    if (wait > 0) return jsonError(c, 429, `Too many requests for this vault; try again in ${wait} s.`, coded('sync-rate', { seconds: wait }));
    const token = writeTokenSchema.safeParse(c.req.header(syncTokenHeader));
    if (!token.success) return jsonError(c, 401, `Send the vault's write token in ${syncTokenHeader}.`, coded('sync-token'));
    c.set('vault', vault.data);
    c.set('token', token.data);
    await next();
  });
  app.onError((error, c) => vaultError(c, store, error));

  app.post('/:vault/open', (c) => c.json(store.open(c.get('vault'), c.get('token')), 200, { 'Cache-Control': 'no-store' }));

  // A long poll: with nothing after `since`, the answer waits for the vault's next write, so another
  // device hears of it at once. The check and the wait start in one tick, so no write falls between.
  app.get('/:vault/changes', validInput('query', changesQuerySchema), async (c) => {
    const { since = 0, limit = syncLimits.batch, wait = 0 } = c.req.valid('query');
    const changes = () => store.changes(c.get('vault'), c.get('token'), since, limit);
    const now = changes();
    if (now.records.length > 0 || wait === 0 || store.waiting(c.get('vault')) >= waitersPerVault) return c.json(now, 200, { 'Cache-Control': 'no-store' });
    await store.nextChange(c.get('vault'), wait * 1000, c.req.raw.signal);
    if (c.req.raw.signal.aborted) return jsonError(c, clientClosedStatus, 'client closed the connection', coded('client-closed'));
    return c.json(changes(), 200, { 'Cache-Control': 'no-store' });
  });

  app.post(
    '/:vault/records',
    bodyLimit({ maxSize: maxPushBytes, onError: (c) => jsonError(c, 413, `A push may be ${maxPushBytes} bytes; send fewer records at once.`, coded('body-too-large', { max: maxPushBytes })) }),
    validInput('json', pushBodySchema),
    (c) => c.json(store.push(c.get('vault'), c.get('token'), c.req.valid('json').records), 200, { 'Cache-Control': 'no-store' }),
  );

  app.get('/:vault/snapshots', (c) => c.json({ snapshots: store.snapshots(c.get('vault'), c.get('token')) }, 200, { 'Cache-Control': 'no-store' }));

  app.get('/:vault/snapshots/:day', (c) => {
    const day = snapshotDaySchema.safeParse(c.req.param('day'));
    if (!day.success) return jsonError(c, 400, 'A snapshot is named by its day, YYYY-MM-DD.', coded('invalid-input', { field: 'day', issue: 'not a day' }));
    return c.json(store.snapshot(c.get('vault'), c.get('token'), day.data), 200, { 'Cache-Control': 'no-store' });
  });

  return app;
}

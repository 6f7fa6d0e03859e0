// Cost of the request guards (issue 14) per request, in process: a bare handler with and without
// the four guard middlewares, on loopback (no token) and off loopback (token in the cookie, so
// the SHA-256 + timingSafeEqual path runs). Interleaved batches, median of the batch means.
import { Hono } from 'hono';
import { parseEnv, type Env } from '../src/server/env';
import { accessCheck, corsForListedOrigins, crossSiteCheck, hostCheck } from '../src/server/guards/guards';
import { createLogger } from '../src/server/log';
import type { Figure } from './run';

const batches = 30;
const perBatch = 500;

function guarded(env: Env) {
  const log = createLogger('silent');
  return new Hono()
    .use('*', hostCheck(env, log, { listAddresses: () => ['192.168.1.20'] }))
    .use('*', crossSiteCheck(env, log))
    .use('*', corsForListedOrigins(env))
    .use('*', accessCheck(env, log))
    .get('/api/health', (c) => c.json({ ok: true }));
}

async function batchMean(app: Hono, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < perBatch; i += 1) await app.request('/api/health', { headers });
  return ((performance.now() - started) * 1000) / perBatch;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export default async function guardsBench(): Promise<Figure[]> {
  const token = 'bench-access-token-0123456789abcdef';
  const bare = new Hono().get('/api/health', (c) => c.json({ ok: true }));
  const local = guarded(parseEnv({ LOG_LEVEL: 'silent' }));
  const lan = guarded(parseEnv({ LOG_LEVEL: 'silent', HOST: '0.0.0.0', ACCESS_TOKEN: token, ALLOWED_HOSTS: 'mypc.local' }));
  const localHeaders = { host: '127.0.0.1:8787' };
  const lanHeaders = { host: '192.168.1.20:8787', cookie: `kotonoha_access=${token}` };
  const series = { bare: [] as number[], local: [] as number[], lan: [] as number[] };
  for (let i = 0; i < batches + 3; i += 1) {
    const b = await batchMean(bare, localHeaders);
    const l = await batchMean(local, localHeaders);
    const n = await batchMean(lan, lanHeaders);
    if (i < 3) continue; // warm-up
    series.bare.push(b);
    series.local.push(l);
    series.lan.push(n);
  }
  const round = (value: number) => Math.round(value * 10) / 10;
  return [
    { name: 'guards overhead per request, loopback', value: round(median(series.local) - median(series.bare)), unit: 'µs', budget: 50 },
    { name: 'guards overhead per request, off loopback with token', value: round(median(series.lan) - median(series.bare)), unit: 'µs', budget: 100 },
    { name: 'bare request (app.request)', value: round(median(series.bare)), unit: 'µs' },
  ];
}

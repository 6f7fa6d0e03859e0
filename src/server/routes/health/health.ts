import { Hono } from 'hono';
import pkg from '../../../../package.json' with { type: 'json' };

export const healthRoutes = new Hono().get('/', (c) => c.json({ ok: true, version: pkg.version }));

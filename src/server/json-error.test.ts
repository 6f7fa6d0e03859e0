import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { jsonError } from './json-error';

describe('jsonError', () => {
  it('answers {"error","code","params"} with the status, as JSON that is never cached', async () => {
    const app = new Hono().get('/', (c) => jsonError(c, 404, 'No such thing.', { code: 'no-route', params: { method: 'GET', path: '/' } }));
    const response = await app.request('/');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ error: 'No such thing.', code: 'no-route', params: { method: 'GET', path: '/' } });
  });

  it('keeps the headers the route set, and adds its own fields and headers', async () => {
    const app = new Hono().get('/', (c) => {
      c.header('WWW-Authenticate', 'Bearer realm="test"');
      return jsonError(c, 401, 'Wrong token.', { code: 'access-token', fields: { state: 'x' }, headers: { 'Retry-After': '5' } });
    });
    const response = await app.request('/');
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="test"');
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({ error: 'Wrong token.', code: 'access-token', state: 'x' });
  });

  it('speaks a relayed service’s own error shape when given one, and any status', async () => {
    const app = new Hono().get('/', (c) => jsonError(c, 499, 'client closed the connection', { body: (status, message) => ({ code: status, msg: message }) }));
    const response = await app.request('/');
    expect(response.status).toBe(499);
    expect(await response.json()).toEqual({ code: 499, msg: 'client closed the connection' });
  });
});

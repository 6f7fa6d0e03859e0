import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '../../../../test-support/fake-server';
import { createNotionFake, vocabularyDatabase } from '../../../../test-support/fakes/notion';
import { recordingLogger } from '../../../../test-support/recording-logger';
import { createApp } from '../../app';
import { parseEnv } from '../../env';

const { log, lines } = recordingLogger();
const token = 'ntn_secret_token_1234';
const notion = createNotionFake();
const single = vocabularyDatabase({ title: 'Vocabulary', count: 150 });
const multi = vocabularyDatabase({ title: 'Kanji', count: 3, dataSources: 2 });
notion.state.databases.set(single.id, single);
notion.state.databases.set(multi.id, multi);
notion.state.tokens.set(token, new Set([single.id, multi.id]));

let fake: FakeServer;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  fake = await startFakeServer(notion.handler);
  app = createApp({ env: parseEnv({ UPSTREAM_NOTION: fake.url, LOG_LEVEL: 'silent' }), log });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  lines.length = 0;
  notion.state.forced = [];
});

const call = (path: string, init: { method?: string; body?: unknown; version?: string; auth?: string | null } = {}) =>
  app.request(`/api/notion${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      ...(init.auth === null ? {} : { authorization: init.auth ?? `Bearer ${token}` }),
      'notion-version': init.version ?? '2022-06-28',
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });

describe('/api/notion relay', () => {
  it('relays a 2022-06-28 database query page by page with start_cursor/has_more', async () => {
    const first = await call(`/v1/databases/${single.id}/query`, { body: { page_size: 100 } });
    expect(first.status).toBe(200);
    const page1 = (await first.json()) as { results: unknown[]; has_more: boolean; next_cursor: string };
    expect(page1.results).toHaveLength(100);
    expect(page1.has_more).toBe(true);
    const second = (await (await call(`/v1/databases/${single.id}/query`, { body: { page_size: 100, start_cursor: page1.next_cursor } })).json()) as { results: unknown[]; has_more: boolean; next_cursor: null };
    expect(second.results).toHaveLength(50);
    expect(second).toMatchObject({ has_more: false, next_cursor: null });
    expect(fake.requests[0].headers.authorization).toBe(`Bearer ${token}`);
    expect(fake.requests[0].headers['notion-version']).toBe('2022-06-28');
    expect(fake.requests[0].headers.cookie).toBeUndefined();
  });

  it('relays the 2025-09-03 flow: the database gives its data source, which is queried', async () => {
    const database = (await (await call(`/v1/databases/${multi.id}`, { version: '2025-09-03' })).json()) as { data_sources: Array<{ id: string }> };
    expect(database.data_sources).toHaveLength(2);
    const rows = await call(`/v1/data_sources/${database.data_sources[0].id}/query`, { body: {}, version: '2025-09-03' });
    expect(rows.status).toBe(200);
    expect(((await rows.json()) as { results: unknown[] }).results).toHaveLength(3);
    expect(fake.requests.at(-1)!.headers['notion-version']).toBe('2025-09-03');
  });

  it("passes Notion's errors on unchanged, 429 with its Retry-After", async () => {
    notion.state.forced.push({ status: 429, retryAfter: 2 });
    const limited = await call(`/v1/databases/${single.id}/query`, { body: {} });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(await limited.json()).toMatchObject({ object: 'error', code: 'rate_limited' });

    const unauthorized = await call(`/v1/databases/${single.id}/query`, { body: {}, auth: 'Bearer wrong' });
    expect(unauthorized.status).toBe(401);
    expect(await unauthorized.json()).toMatchObject({ object: 'error', status: 401, code: 'unauthorized', message: 'API token is invalid.' });

    const missing = await call('/v1/databases/0123456789abcdef0123456789abcdef/query', { body: {} });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toMatch(/shared with your integration/);
  });

  it('PATCHes a date property', async () => {
    const page = single.pages[3];
    const response = await call(`/v1/pages/${page.id}`, { method: 'PATCH', body: { properties: { 'Review Time': { date: { start: '2025-01-20' } } } } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { properties: Record<string, { date: { start: string } }> }).properties['Review Time'].date.start).toBe('2025-01-20');
  });

  it('relays only /v1/ paths and needs a bearer token, without calling Notion otherwise', async () => {
    expect((await call('/v2/users')).status).toBe(404);
    expect((await call('/')).status).toBe(404);
    expect((await call('/v1/')).status).toBe(404);
    expect((await call('/v1/../admin')).status).toBe(404);
    expect((await call('/v1/pages/a%2Fb')).status).toBe(400);
    const anonymous = await call('/v1/users', { auth: null });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: expect.stringContaining('Authorization'), code: 'notion-token' });
    expect((await call('/v1/users', { version: 'latest' })).status).toBe(400);
    expect((await call('/v1/users', { method: 'PUT', body: {} })).status).toBe(405);
    expect(fake.requests).toHaveLength(0);
  });

  it('never logs the token, the query string or the body', async () => {
    const response = await call(`/v1/databases/${single.id}/query?filter_properties=title`, { body: { filter: { property: 'Word', title: { contains: '秘密' } } } });
    await response.text();
    const logged = lines.join('\n');
    expect(logged).toContain('notion');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain('秘密');
    expect(logged).not.toContain('filter_properties');
  });

  it('answers 502 JSON when Notion is unreachable', async () => {
    const offline = createApp({ env: parseEnv({ UPSTREAM_NOTION: 'http://127.0.0.1:9', LOG_LEVEL: 'silent' }), log });
    const response = await offline.request('/api/notion/v1/users', { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: 'Notion is unreachable', code: 'upstream-unreachable', params: { upstream: 'Notion' } });
  });
});

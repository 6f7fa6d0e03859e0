import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings } from '../../common/settings';
import { checkAccess, submitAccessToken, watchAccessToken } from './access';
import { on } from './events';
import { http } from './http/http-client';
import { useSettingsStore } from './settings-store';

const token = 'the-servers-access-token';

/** The server's /api/access and one guarded route, as the guards answer them. */
function fakeServer({ required }: { required: boolean }) {
  let cookie = false;
  const calls: string[] = [];
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), location.href);
    const method = init.method ?? 'GET';
    calls.push(`${method} ${url.pathname}${url.origin === location.origin ? '' : ` @${url.origin}`}`);
    if (url.pathname === '/api/access') {
      if (method === 'GET') return json(200, { required, granted: !required || cookie });
      if (method === 'DELETE') return new Response(null, { status: 204 });
      const sent = (JSON.parse(String(init.body)) as { token: string }).token;
      if (required && sent !== token) return json(401, { error: 'Wrong access token', code: 'access-token' });
      cookie = required;
      return new Response(null, { status: 204 });
    }
    if (required && !cookie) return json(401, { error: 'needs the token', code: 'access-token' });
    return json(200, { ok: true });
  });
  return { fetchFn, calls };
}

let events: string[];
let unsubscribe: (() => void)[];

beforeEach(() => {
  events = [];
  unsubscribe = [on('access-token-needed', () => events.push('needed')), on('access-granted', () => events.push('granted'))];
  useSettingsStore.setState({ settings: defaultSettings() });
});
afterEach(() => {
  unsubscribe.forEach((off) => off());
  vi.unstubAllGlobals();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('checkAccess', () => {
  it('on loopback (nothing required) asks one question and nothing else', async () => {
    const server = fakeServer({ required: false });
    vi.stubGlobal('fetch', server.fetchFn);
    await checkAccess();
    expect(server.calls).toEqual(['GET /api/access']);
    expect(events).toEqual([]);
  });

  it('with no saved token, asks the learner', async () => {
    const server = fakeServer({ required: true });
    vi.stubGlobal('fetch', server.fetchFn);
    await checkAccess();
    expect(events).toEqual(['needed']);
  });

  it('with the saved token, trades it for the cookie without asking', async () => {
    const server = fakeServer({ required: true });
    vi.stubGlobal('fetch', server.fetchFn);
    useSettingsStore.setState({ settings: { ...defaultSettings(), accessToken: token } });
    await checkAccess();
    expect(server.calls).toEqual(['GET /api/access', 'POST /api/access']);
    expect(events).toEqual(['granted']);
    expect((await http.json<{ ok: boolean }>('/api/health')).ok).toBe(true);
  });

  it('with a saved token the server refuses, asks for a new one', async () => {
    const server = fakeServer({ required: true });
    vi.stubGlobal('fetch', server.fetchFn);
    useSettingsStore.setState({ settings: { ...defaultSettings(), accessToken: 'an-old-token' } });
    await checkAccess();
    expect(events).toEqual(['needed']);
  });
});

describe('the http client and the access token', () => {
  it('asks for the token when this server answers 401 with code access-token', async () => {
    vi.stubGlobal('fetch', fakeServer({ required: true }).fetchFn);
    await expect(http.json('/api/dict/status')).rejects.toMatchObject({ status: 401 });
    expect(events).toEqual(['needed']);
    expect(await submitAccessToken('wrong')).toBe(false);
    expect(await submitAccessToken(token)).toBe(true);
    await http.json('/api/dict/status');
  });

  it('does not ask for a 401 from another origin or one without the code', async () => {
    const other = vi.fn(async () => new Response('{"error":"bad key","code":"access-token"}', { status: 401 }));
    vi.stubGlobal('fetch', other);
    await expect(http.json('https://api.openai.com/v1/models')).rejects.toMatchObject({ status: 401 });
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"error":"bad upload token"}', { status: 401 })));
    await expect(http.json('/api/files')).rejects.toMatchObject({ status: 401 });
    expect(events).toEqual([]);
  });
});

describe('watchAccessToken', () => {
  it('sends a token saved on the Settings screen, and signs the browser out when it is emptied', async () => {
    const server = fakeServer({ required: true });
    vi.stubGlobal('fetch', server.fetchFn);
    useSettingsStore.setState({ settings: { ...defaultSettings(), accessToken: 'earlier' } });
    const stop = watchAccessToken();
    try {
      // Starts from a signed-out browser (an earlier test's accepted token is forgotten).
      useSettingsStore.setState({ settings: defaultSettings() });
      await settle();
      server.calls.length = 0;
      useSettingsStore.setState({ settings: { ...defaultSettings(), accessToken: token } });
      await settle();
      useSettingsStore.setState({ settings: { ...defaultSettings(), accessToken: token, language: 'ja' } });
      await settle();
      useSettingsStore.setState({ settings: defaultSettings() });
      await settle();
    } finally {
      stop();
    }
    expect(server.calls).toEqual(['POST /api/access', 'DELETE /api/access']);
    expect(events).toEqual(['granted']);
  });
});

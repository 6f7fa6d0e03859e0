import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeAnki, type FakeAnki } from '../../../../test-support/fakes/anki';
import { recordingLogger } from '../../../../test-support/recording-logger';
import { createApp } from '../../app';
import { parseEnv } from '../../env';

const { log, lines } = recordingLogger();
const apiKey = 'anki-secret-key-5150';
let anki: FakeAnki;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  anki = await startFakeAnki({ apiKey });
  app = createApp({ env: parseEnv({ ANKICONNECT_URL: anki.url, LOG_LEVEL: 'silent' }), log });
});
afterAll(() => anki.stop());
beforeEach(async () => {
  lines.length = 0;
  anki.requests.length = 0;
  anki.notes.length = 0;
  await anki.start();
});

const post = (body: unknown, headers: Record<string, string> = {}) =>
  app.request('/api/anki', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });

const note = (front: string) => ({ deckName: 'Default', modelName: 'Basic', fields: { Front: front, Back: '<b>secret back</b>' }, tags: ['kotonoha'] });

describe('POST /api/anki', () => {
  it('relays one request and answers AnkiConnect’s JSON unchanged, errors included (HTTP 200)', async () => {
    const version = await post({ action: 'version', version: 6, key: apiKey });
    expect(version.status).toBe(200);
    expect(await version.json()).toEqual({ result: 6, error: null });
    const added = await post({ action: 'addNote', version: 6, key: apiKey, params: { note: note('日本') } });
    expect((await added.json()) as { result: number }).toMatchObject({ result: expect.any(Number), error: null });
    const duplicate = await post({ action: 'addNote', version: 6, key: apiKey, params: { note: note('<b>日本</b>') } });
    expect(duplicate.status).toBe(200);
    expect(await duplicate.json()).toEqual({ result: null, error: 'cannot create note because it is a duplicate' });
    const wrongKey = await post({ action: 'deckNames', version: 6, key: 'nope' });
    expect(await wrongKey.json()).toEqual({ result: null, error: 'valid api key must be provided' });
    // The relay sends no Origin: AnkiConnect trusts it whatever its CORS list.
    expect(anki.requests).toHaveLength(4);
  });

  it('relays multi of allowed actions, each child answered in its slot', async () => {
    const response = await post({
      action: 'multi',
      version: 6,
      key: apiKey,
      params: { actions: [{ action: 'deckNames', version: 6, key: apiKey }, { action: 'modelFieldNames', version: 6, key: apiKey, params: { modelName: 'Basik' } }] },
    });
    expect(await response.json()).toEqual({ result: [{ result: ['Default'], error: null }, { result: null, error: 'model was not found: Basik' }], error: null });
  });

  it.each([
    ['deleteNotes', { action: 'deleteNotes', version: 6, key: apiKey, params: { notes: [1] } }],
    ['deleteDecks', { action: 'deleteDecks', version: 6, key: apiKey, params: { decks: ['Default'], cardsToo: true } }],
    ['guiExitAnki', { action: 'guiExitAnki', version: 6, key: apiKey }],
    ['deleteDecks inside multi', { action: 'multi', version: 6, key: apiKey, params: { actions: [{ action: 'deckNames' }, { action: 'deleteDecks', params: { decks: ['Default'], cardsToo: true } }] } }],
    ['multi inside multi', { action: 'multi', version: 6, params: { actions: [{ action: 'multi', params: { actions: [{ action: 'deleteNotes', params: { notes: [1] } }] } }] } }],
  ])('refuses %s with 403 JSON and sends nothing', async (_name, body) => {
    const response = await post(body);
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: string }).error).toMatch(/is not relayed by Kotonoha/);
    expect(anki.requests).toHaveLength(0);
  });

  it('refuses what is not one AnkiConnect request with 400 JSON', async () => {
    for (const body of ['{nope', '[]', '{"version":6}', '{"action":"multi","params":{}}']) {
      const response = await post(body);
      expect(response.status, body).toBe(400);
      expect(await response.json()).toHaveProperty('error');
    }
    expect((await app.request('/api/anki')).status).toBe(405);
    expect(anki.requests).toHaveLength(0);
  });

  it('answers 502 JSON saying to start Anki when AnkiConnect is not running', async () => {
    await anki.stop();
    const response = await post({ action: 'version', version: 6 });
    expect(response.status).toBe(502);
    expect(((await response.json()) as { error: string }).error).toMatch(/start Anki with the AnkiConnect add-on/);
  });

  it('never logs the body or the API key', async () => {
    await post({ action: 'addNote', version: 6, key: apiKey, params: { note: note('秘密の言葉') } });
    await post({ action: 'deleteNotes', version: 6, key: apiKey, params: { notes: [1] } });
    await anki.stop();
    await post({ action: 'addNote', version: 6, key: apiKey, params: { note: note('秘密の言葉') } });
    const logged = lines.join('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const secret of [apiKey, '秘密', 'secret back']) expect(logged).not.toContain(secret);
  });

  it('refuses another site (the call-out guard)', async () => {
    const response = await post({ action: 'version', version: 6 }, { origin: 'http://evil.test' });
    expect(response.status).toBe(403);
    expect(anki.requests).toHaveLength(0);
  });
});

describe('the fake AnkiConnect the tests use speaks docs/protocols/ankiconnect.md', () => {
  const raw = (body: unknown, headers: Record<string, string> = {}, method = 'POST') =>
    fetch(anki.url, { method, headers: { 'content-type': 'application/json', ...headers }, body: method === 'OPTIONS' ? undefined : typeof body === 'string' ? body : JSON.stringify(body) });

  it('CORS: preflight without Allow-Methods, trusted origins echoed, an untrusted one 403 with an empty body except requestPermission', async () => {
    const preflight = await raw(undefined, { origin: 'http://127.0.0.1:5173', 'access-control-request-private-network': 'true' }, 'OPTIONS');
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(preflight.headers.get('access-control-allow-private-network')).toBe('true');
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
    const untrusted = await raw({ action: 'version', version: 6, key: apiKey }, { origin: 'http://localhost:5173' });
    expect(untrusted.status).toBe(403);
    expect(await untrusted.text()).toBe('');
    const permission = await raw({ action: 'requestPermission', version: 6 }, { origin: 'http://localhost:5173' });
    expect(await permission.json()).toEqual({ result: { permission: 'granted', requireApikey: true, version: 6 }, error: null });
    expect(permission.headers.get('connection')).toBe('close');
  });

  it('envelope: version ≥ 5 wrapped, 4 (the default) bare, errors always HTTP 200; the key in every multi child', async () => {
    expect(await (await raw({ action: 'version', key: apiKey })).json()).toBe(6);
    expect(await (await raw({ action: 'nope', version: 6, key: apiKey })).json()).toEqual({ result: null, error: 'unsupported action' });
    expect(await (await raw('{nope')).json()).toMatchObject({ result: null, error: expect.stringContaining('in double quotes') });
    expect(await (await raw({ action: 'guiBrowse', version: 6, key: apiKey, params: { foobar: 1 } })).json()).toMatchObject({ error: expect.stringContaining('unexpected keyword argument') });
    const multi = await raw({ action: 'multi', version: 6, key: apiKey, params: { actions: [{ action: 'deckNames' }, { action: 'deckNames', version: 6, key: apiKey }] } });
    expect(await multi.json()).toEqual({ result: [{ result: null, error: 'valid api key must be provided' }, { result: ['Default'], error: null }], error: null });
  });

  it('media: the stored name comes back; deleteExisting false keeps other bytes under a hashed name', async () => {
    const store = async (data: string, deleteExisting?: boolean) =>
      ((await (await raw({ action: 'storeMediaFile', version: 6, key: apiKey, params: { filename: 'kotonoha_x.mp3', data, ...(deleteExisting === undefined ? {} : { deleteExisting }) } })).json()) as { result: string }).result;
    expect(await store('AAAA')).toBe('kotonoha_x.mp3');
    expect(await store('AAAA', false)).toBe('kotonoha_x.mp3');
    expect(await store('BBBB', false)).toMatch(/^kotonoha_x-[0-9a-f]{40}\.mp3$/);
  });
});

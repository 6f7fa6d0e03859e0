import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '../../../../test-support/fake-server';
import { silentMp3, ttsmp3Handler, ttsmp3State, type Ttsmp3State } from '../../../../test-support/fakes/speech';
import { createApp } from '../../app';
import { parseEnv } from '../../env';
import { recordingLogger } from '../../../../test-support/recording-logger';
import { relayedAudioPath } from './tts';

const { log, lines } = recordingLogger();

let fake: FakeServer;
let state: Ttsmp3State = ttsmp3State();
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  fake = await startFakeServer((request, response) => ttsmp3Handler(state)(request, response));
  app = createApp({ env: parseEnv({ UPSTREAM_TTSMP3: fake.url, LOG_LEVEL: 'silent' }), log });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  lines.length = 0;
});

function make(fields: Record<string, string>) {
  return app.request('/makemp3_new.php', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
}

describe('POST /makemp3_new.php', () => {
  it('relays the form and answers {Error, URL} with the MP3 relayed from this origin', async () => {
    state = ttsmp3State({ origin: fake.url });
    const response = await make({ msg: '吾輩は猫である。', lang: 'Takumi', source: 'ttsmp3' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ Error: 0, Speaker: 'Takumi', Text: '吾輩は猫である。', URL: expect.stringMatching(/^\/api\/tts\/mp3\/created_mp3\/[0-9a-f]{32}\.mp3$/) });
    expect(fake.requests[0].headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(fake.requests[0].body.toString('utf8')))).toEqual({ msg: '吾輩は猫である。', lang: 'Takumi', source: 'ttsmp3' });

    const audio = await app.request(body.URL as string);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await audio.arrayBuffer())).toEqual(silentMp3());
  });

  it('passes Range requests for the audio through', async () => {
    state = ttsmp3State({ origin: fake.url });
    const { URL: url } = (await (await make({ msg: 'range', lang: 'Salli' })).json()) as { URL: string };
    const part = await app.request(url, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${silentMp3().length}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
  });

  it('keeps a URL that is not one of the upstream files as the upstream sent it', async () => {
    state = ttsmp3State({ origin: 'https://cdn.example.com' });
    const body = (await (await make({ msg: 'elsewhere', lang: 'Vicki' })).json()) as { URL: string };
    expect(body.URL).toMatch(/^https:\/\/cdn\.example\.com\/created_mp3\//);
  });

  it("passes the upstream's own error answer on (Error ≠ 0)", async () => {
    state = ttsmp3State({ reply: 'limit' });
    const response = await make({ msg: 'x', lang: 'Takumi', source: 'ttsmp3' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ Error: 'Usage Limit exceeded', URL: '' });
  });

  it('answers 502 in the same shape when the upstream fails or sends no JSON', async () => {
    for (const reply of ['http-500', 'html'] as const) {
      state = ttsmp3State({ reply });
      const response = await make({ msg: 'x', lang: 'Takumi' });
      expect(response.status).toBe(502);
      expect(await response.json()).toMatchObject({ Error: expect.stringContaining('without JSON'), URL: '' });
    }
  });

  it('answers 502 when the upstream is unreachable', async () => {
    const offline = createApp({ env: parseEnv({ UPSTREAM_TTSMP3: 'http://127.0.0.1:9', LOG_LEVEL: 'silent' }), log });
    const response = await offline.request('/makemp3_new.php', { method: 'POST', body: new URLSearchParams({ msg: 'x', lang: 'Takumi' }) });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ Error: 'the speech service is unreachable', URL: '' });
  });

  it('refuses bad forms without calling the upstream', async () => {
    expect((await make({ msg: '', lang: 'Takumi' })).status).toBe(400);
    expect((await make({ msg: 'x', lang: '../etc' })).status).toBe(400);
    expect((await make({ msg: 'x'.repeat(3001), lang: 'Takumi' })).status).toBe(400);
    const json = await app.request('/makemp3_new.php', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"msg":"x"}' });
    expect(json.status).toBe(400);
    expect(fake.requests).toHaveLength(0);
  });

  it('never logs the text', async () => {
    state = ttsmp3State({ origin: fake.url });
    await make({ msg: '秘密の文章', lang: 'Takumi' });
    expect(lines.join('\n')).not.toContain('秘密');
    expect(lines.some((line) => line.includes('"m":"relay"') && line.includes('"area":"tts"'))).toBe(true);
  });
});

describe('GET /api/tts/mp3/:dir/:file', () => {
  it('only relays MP3 files of the known folders', async () => {
    expect((await app.request('/api/tts/mp3/etc/passwd.mp3')).status).toBe(404);
    expect((await app.request('/api/tts/mp3/created_mp3/a.txt')).status).toBe(404);
    expect((await app.request('/api/tts/mp3/created_mp3/missing.mp3')).status).toBe(404);
  });

  it('maps only same-origin MP3 URLs of the upstream', () => {
    expect(relayedAudioPath('https://ttsmp3.com/created_mp3/abc.mp3', 'https://ttsmp3.com')).toBe('/api/tts/mp3/created_mp3/abc.mp3');
    expect(relayedAudioPath('https://ttsmp3.com/created_mp3_ai/abc.mp3', 'https://ttsmp3.com')).toBe('/api/tts/mp3/created_mp3_ai/abc.mp3');
    expect(relayedAudioPath('https://evil.com/created_mp3/abc.mp3', 'https://ttsmp3.com')).toBeNull();
    expect(relayedAudioPath('https://ttsmp3.com/other/abc.mp3', 'https://ttsmp3.com')).toBeNull();
    expect(relayedAudioPath('not a url', 'https://ttsmp3.com')).toBeNull();
  });
});

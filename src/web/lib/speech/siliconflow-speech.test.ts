import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '../../../../test-support/fake-server';
import { siliconflowAudioHandler, siliconflowAudioState, type SiliconflowAudioState } from '../../../../test-support/fakes/speech';
import { blobToDataUrl, prefixVoice, SiliconFlowSpeechClient } from './siliconflow-speech';
import { isAbort } from '../http/http-client';
import { decodeErrorBody, SpeechError } from './speech-error';

const model = 'FunAudioLLM/CosyVoice2-0.5B';

describe('voice prefix (docs/behaviour.md "Speech")', () => {
  it('prefixes the model name unless the voice already starts with it', () => {
    expect(prefixVoice(model, 'alex')).toBe(`${model}:alex`);
    expect(prefixVoice(model, `${model}:alex`)).toBe(`${model}:alex`);
    expect(prefixVoice('fishaudio/fish-speech-1.4', 'alex')).toBe('fishaudio/fish-speech-1.4:alex');
  });

  it('leaves a cloned voice uri as the API names it', () => {
    expect(prefixVoice(model, 'speech:mine:abc:def')).toBe('speech:mine:abc:def');
  });
});

describe('data URL conversion', () => {
  it('turns a File into a base64 data URL with its type', async () => {
    const file = new File([new Uint8Array([104, 101, 108, 108, 111, 119, 111, 114, 108, 100])], 'sample.mp3', { type: 'audio/mpeg' });
    expect(await blobToDataUrl(file)).toBe('data:audio/mpeg;base64,aGVsbG93b3JsZA==');
  });

  it('handles large binary blobs and an empty type', async () => {
    const bytes = new Uint8Array(100_000).map((_, i) => i % 256);
    const url = await blobToDataUrl(new Blob([bytes]));
    expect(url.startsWith('data:application/octet-stream;base64,')).toBe(true);
    const decoded = Uint8Array.from(atob(url.split(',')[1]), (c) => c.charCodeAt(0));
    expect(decoded).toEqual(bytes);
  });
});

describe('error bodies (docs/behaviour.md "Speech")', () => {
  it('decodes a binary JSON body to the parsed object, and keeps other text', () => {
    const bytes = new TextEncoder().encode('{"code":20015,"message":"bad voice","data":null}').buffer as ArrayBuffer;
    expect(decodeErrorBody(bytes)).toEqual({ code: 20015, message: 'bad voice', data: null });
    expect(decodeErrorBody(new TextEncoder().encode('Bad Gateway').buffer as ArrayBuffer)).toBe('Bad Gateway');
  });
});

describe('SiliconFlowSpeechClient against the fake audio API (docs/protocols/siliconflow.md)', () => {
  let fake: FakeServer;
  let state: SiliconflowAudioState;
  let client: SiliconFlowSpeechClient;
  beforeAll(async () => {
    fake = await startFakeServer((request, response) => siliconflowAudioHandler(state)(request, response));
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    state = siliconflowAudioState({
      voices: [{ model, customName: 'your-voice-name', text: '在一无所知中', uri: 'speech:your-voice-name:xxx:xxx' }],
    });
    fake.requests.length = 0;
    client = new SiliconFlowSpeechClient({ baseURL: `${fake.url}/v1/`, apiKey: 'sk-test' });
  });

  it('lists voices from `result` with a bearer key', async () => {
    await expect(client.listVoices()).resolves.toEqual([{ model, customName: 'your-voice-name', text: '在一无所知中', uri: 'speech:your-voice-name:xxx:xxx' }]);
    expect(fake.requests[0]).toMatchObject({ method: 'GET', url: '/v1/audio/voice/list' });
    expect(fake.requests[0].headers.authorization).toBe('Bearer sk-test');
  });

  it('uploads a File as a data URL with the other fields passed on', async () => {
    const file = new File([new Uint8Array([1, 2, 3, 4])], 'me.wav', { type: 'audio/wav' });
    const { uri } = await client.uploadVoice({ audio: file, model, customName: 'me', text: '今日は', extra: 'kept' });
    expect(uri).toMatch(/^speech:me:/);
    const sent = JSON.parse(fake.requests[0].body.toString('utf8'));
    expect(sent).toEqual({ audio: 'data:audio/wav;base64,AQIDBA==', model, customName: 'me', text: '今日は', extra: 'kept' });
    expect(fake.requests[0].headers['content-type']).toBe('application/json');
    expect((await client.listVoices()).map((voice) => voice.customName)).toEqual(['your-voice-name', 'me']);
  });

  it("deletes a voice; the reply 'success' maps to {code: 200, message: 'success'}", async () => {
    await expect(client.deleteVoice('speech:your-voice-name:xxx:xxx')).resolves.toEqual({ code: 200, message: 'success' });
    expect(JSON.parse(fake.requests[0].body.toString('utf8'))).toEqual({ uri: 'speech:your-voice-name:xxx:xxx' });
    expect(state.voices).toEqual([]);
  });

  it('rejects with the parsed JSON body of an error reply', async () => {
    const error = await client.deleteVoice('speech:nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SpeechError);
    expect(error).toMatchObject({ kind: 'http', status: 400, body: { code: 20012, message: 'voice not found', data: null }, code: 20012 });
    const unauthorized = await new SiliconFlowSpeechClient({ baseURL: `${fake.url}/v1`, apiKey: 'wrong' }).listVoices().catch((e: unknown) => e);
    expect(unauthorized).toMatchObject({ status: 401, body: { code: 20006, message: 'Invalid token', data: null } });
  });

  it('speaks with the model-prefixed voice and returns the audio bytes', async () => {
    const audio = await client.speech({ model, voice: 'alex', input: 'こんにちは' });
    expect(audio.type).toBe('audio/mpeg');
    expect(audio.size).toBeGreaterThan(1000);
    expect(state.lastSpeech).toEqual({ model, voice: `${model}:alex`, input: 'こんにちは', response_format: 'mp3' });
  });

  it('decodes a binary JSON error of the speech endpoint, also one sent with status 200', async () => {
    state.speechFailure = { status: 429, contentType: 'application/octet-stream', body: '{"message":"Request was rejected due to rate limiting. Details: TPM limit reached.","data":null}' };
    const limited = await client.speech({ model, voice: 'alex', input: 'x' }).catch((e: unknown) => e);
    expect(limited).toMatchObject({ status: 429, body: { message: 'Request was rejected due to rate limiting. Details: TPM limit reached.', data: null } });
    state.speechFailure = { status: 200, contentType: 'application/json', body: '{"code":20047,"message":"voice not found","data":null}' };
    const jsonInstead = await client.speech({ model, voice: 'alex', input: 'x' }).catch((e: unknown) => e);
    expect(jsonInstead).toMatchObject({ kind: 'http', body: { code: 20047, message: 'voice not found', data: null } });
  });

  it('times out and aborts with typed errors', async () => {
    const slow = await startFakeServer(() => new Promise(() => {}));
    try {
      const quick = new SiliconFlowSpeechClient({ baseURL: slow.url, apiKey: 'k', timeoutMs: 50 });
      await expect(quick.listVoices()).rejects.toMatchObject({ kind: 'timeout' });
      const controller = new AbortController();
      const pending = quick.listVoices(controller.signal);
      controller.abort();
      expect(isAbort(await pending.catch((reason: unknown) => reason))).toBe(true);
    } finally {
      await slow.close();
    }
  });

  it("transcription throws 'Method not implemented.'", () => {
    expect(() => client.transcribe()).toThrow('Method not implemented.');
  });
});

import type { Settings } from '../../../common/settings';
import { speechGender, speechLanguages, speechRate, type SpeechLanguage } from './languages';
import type { SiliconFlowSpeechClient } from './siliconflow-speech';
import { libText } from '../messages';
import { defaultSpeechModel, defaultSystemVoice, engineLabels, type EngineName } from './speech-names';
import { decodeErrorBody, errorReply, requestSpeech, SpeechError, type FetchLike } from './speech-error';

/** Audio for one piece of text: something a media element plays, or a browser utterance. */
export type AudioClip =
  | { kind: 'media'; engine: EngineName; src: string; release?: () => void }
  | { kind: 'synth'; engine: 'browser'; text: string; lang: string; voice: SpeechSynthesisVoice };

export interface SpeechEngine {
  name: EngineName;
  synthesize: (text: string, lang: SpeechLanguage, signal: AbortSignal) => Promise<AudioClip>;
}

export type SpeechSettings = Settings['speech'];

/**
 * The order engines are tried in (docs/behaviour.md "Speech", issue 5): the chosen engine first,
 * then the configured service (when it has a URL), the makemp3 relay, and the browser's own voice.
 * SiliconFlow is tried only when chosen, since it needs a key and spends the account's credit.
 */
export function engineOrder(settings: Pick<SpeechSettings, 'engine' | 'serviceUrl'>): EngineName[] {
  const fallback: EngineName[] = [...(settings.serviceUrl.trim() ? (['service'] as const) : []), 'makemp3', 'browser'];
  if (settings.engine === 'auto') return fallback;
  if (settings.engine === 'service' && !settings.serviceUrl.trim()) return fallback;
  return [settings.engine, ...fallback.filter((name) => name !== settings.engine)];
}

export interface EngineDeps {
  /** Origin (or '') of the Kotonoha server that relays /makemp3_new.php. */
  apiBase?: string;
  fetch?: FetchLike;
  settings: () => SpeechSettings;
  siliconflow: () => SiliconFlowSpeechClient;
  synth?: SpeechSynthesis | null;
  createObjectURL?: (blob: Blob) => string;
  revokeObjectURL?: (url: string) => void;
  timeoutMs?: number;
  /** How long the browser engine waits for the voice list to load. */
  voiceWaitMs?: number;
}

function blobClip(deps: EngineDeps, engine: EngineName, blob: Blob): AudioClip {
  const create = deps.createObjectURL ?? ((value: Blob) => URL.createObjectURL(value));
  const revoke = deps.revokeObjectURL ?? ((url: string) => URL.revokeObjectURL(url));
  const src = create(blob);
  return { kind: 'media', engine, src, release: () => revoke(src) };
}

/** Reads an audio reply: not ok, JSON or empty is a failure (a JSON "audio" is an error body). */
async function readAudio(response: Response, label: string): Promise<Blob> {
  const type = response.headers.get('content-type') ?? '';
  const bytes = await response.arrayBuffer();
  if (type.includes('json') || type.startsWith('text/')) throw errorReply(label, response.status, libText('speech.notAudio'), decodeErrorBody(bytes));
  if (bytes.byteLength === 0) throw new SpeechError('bad-response', libText('speech.emptyAudio', { engine: label }));
  return new Blob([bytes], { type: type || 'audio/mpeg' });
}

/** The configured speech service: JSON {platform, lang, text, gender, rate} + Authorization → audio. */
export function serviceEngine(deps: EngineDeps): SpeechEngine {
  return {
    name: 'service',
    async synthesize(text, lang, signal) {
      const { serviceUrl, serviceToken } = deps.settings();
      if (!serviceUrl.trim()) throw new SpeechError('not-configured', libText('speech.noServiceUrl', { engine: engineLabels.service }));
      const blob = await requestSpeech(
        engineLabels.service,
        serviceUrl.trim(),
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(serviceToken ? { authorization: serviceToken } : {}) },
          body: JSON.stringify({ platform: 'web', lang: speechLanguages[lang].locale, text, gender: speechGender, rate: speechRate }),
        },
        (response) => readAudio(response, engineLabels.service),
        { signal, timeoutMs: deps.timeoutMs ?? 15_000, fetch: deps.fetch },
      );
      return blobClip(deps, 'service', blob);
    },
  };
}

/** The makemp3 relay: form {msg, lang: voice, source} → {Error, URL}; Error ≠ 0 is a failure. */
export function makemp3Engine(deps: EngineDeps): SpeechEngine {
  return {
    name: 'makemp3',
    async synthesize(text, lang, signal) {
      const base = deps.apiBase ?? '';
      const body = new URLSearchParams({ msg: text, lang: speechLanguages[lang].voice, source: 'ttsmp3' });
      let answer: { status: number; body: unknown };
      try {
        answer = await requestSpeech(
          'makemp3',
          `${base}/makemp3_new.php`,
          { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body },
          async (response) => {
            const bytes = await response.arrayBuffer();
            const parsed = decodeErrorBody(bytes);
            if (typeof parsed === 'string') throw errorReply('makemp3', response.status, response.statusText, parsed);
            return { status: response.status, body: parsed };
          },
          { signal, timeoutMs: deps.timeoutMs ?? 15_000, fetch: deps.fetch },
        );
      } catch (error) {
        // The relay answers its own failures in the service's {Error, URL} shape, with an error status.
        if (!(error instanceof SpeechError && error.kind === 'http' && typeof error.body === 'object' && error.body !== null && 'Error' in error.body)) throw error;
        answer = { status: error.status ?? 0, body: error.body };
      }
      const { Error: code, URL: url } = (answer.body ?? {}) as { Error?: unknown; URL?: unknown };
      if (code !== 0 && code !== '0') {
        throw new SpeechError('bad-response', `makemp3: ${typeof code === 'string' ? code : libText('speech.errorCode', { code: String(code) })}`, {
          status: answer.status,
          body: answer.body,
        });
      }
      if (typeof url !== 'string' || !url) throw new SpeechError('bad-response', libText('speech.noUrl', { engine: 'makemp3' }), { body: answer.body });
      return { kind: 'media', engine: 'makemp3', src: url.startsWith('/') ? `${base}${url}` : url };
    },
  };
}

export function siliconflowEngine(deps: EngineDeps): SpeechEngine {
  return {
    name: 'siliconflow',
    async synthesize(text, _lang, signal) {
      const { siliconflowModel, siliconflowVoice } = deps.settings();
      const model = siliconflowModel.trim() || defaultSpeechModel;
      const blob = await deps.siliconflow().speech({ model, voice: siliconflowVoice.trim() || defaultSystemVoice, input: text }, signal);
      return blobClip(deps, 'siliconflow', blob);
    },
  };
}

function voicesOf(synth: SpeechSynthesis, waitMs: number, signal: AbortSignal): Promise<SpeechSynthesisVoice[]> {
  const now = synth.getVoices();
  if (now.length) return Promise.resolve(now);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      synth.removeEventListener('voiceschanged', done);
      signal.removeEventListener('abort', done);
      resolve(synth.getVoices());
    };
    const timer = setTimeout(done, waitMs);
    synth.addEventListener('voiceschanged', done);
    signal.addEventListener('abort', done);
  });
}

/** The browser's own speech synthesis, with a voice of the language (offline voices preferred). */
export function browserEngine(deps: EngineDeps): SpeechEngine {
  return {
    name: 'browser',
    async synthesize(text, lang, signal) {
      const synth = deps.synth === undefined ? (typeof speechSynthesis === 'undefined' ? null : speechSynthesis) : deps.synth;
      if (!synth) throw new SpeechError('no-voice', libText('speech.noSynthesis', { engine: engineLabels.browser }));
      const locale = speechLanguages[lang].locale.replace('_', '-');
      const voices = await voicesOf(synth, deps.voiceWaitMs ?? 1500, signal);
      const matching = voices.filter((voice) => voice.lang.toLowerCase().startsWith(locale.slice(0, 2)));
      const voice = matching.find((v) => v.localService) ?? matching[0];
      if (!voice) throw new SpeechError('no-voice', libText('speech.noVoice', { engine: engineLabels.browser, locale }));
      return { kind: 'synth', engine: 'browser', text, lang: voice.lang, voice };
    },
  };
}

export function createEngines(deps: EngineDeps): Record<EngineName, SpeechEngine> {
  return { service: serviceEngine(deps), makemp3: makemp3Engine(deps), siliconflow: siliconflowEngine(deps), browser: browserEngine(deps) };
}

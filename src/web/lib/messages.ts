import { common } from './i18n/common';
import { i18n, translate, type KeysOf, type Values } from './i18n/i18n';

export type CommonKey = KeysOf<typeof common>;

/**
 * The English of the library's own messages (errors it throws, toasts it shows), for the one
 * place they are made without a catalogue: tests of lib code run outside the browser app
 * (`@vitest-environment node`), where no language is active. The built app never needs them (the
 * shell's catalogue is in before the first render), so a production build leaves them out; a
 * test keeps them equal to locales/en.json.
 */
export const libEnglish = {
  'error.requestError': 'request error: {message}',
  'error.rateLimited': '请求过于频繁或已超过配额，请稍后再试',
  'error.aborted': '请求已被取消',
  'error.timeout': 'no answer within {seconds} s',
  'error.network': 'cannot reach {target}',
  'error.ownServer': 'the Kotonoha server',
  'error.notJson': 'the answer from {target} is not JSON',
  'error.unexpectedShape': 'the answer from {target} has an unexpected shape',
  'error.noBody': 'the answer has no body',
  'ai.modelsFailed': 'failed to fetch models: {message}',
  'ai.defaultModelMissing': 'default model not found: {model}',
  'ai.missingKey': 'please set the {label} apikey first',
  'ai.clientMissingKey.anthropic': 'Anthropic API key not set',
  'ai.clientMissingKey.gemini': 'GoogleAI API key is empty',
  'ai.clientMissingKey.deepseek': 'DeepSeek API key is empty',
  'ai.provider.custom': 'Custom',
  'ai.streamInterrupted': 'stream interrupted',
  'ai.streamInterruptedBy': 'stream interrupted: {message}',
  'ai.clientNotLoaded': 'the AI client did not load: {message}',
  'ai.modelListNotJson': 'the model list is not JSON',
  'ai.modelListLate': 'the model list did not arrive in time',
  'ai.modelListNoArray': 'the model list has no "{field}" array',
  'speech.engine.service': 'speech service',
  'speech.engine.makemp3': 'makemp3 relay',
  'speech.engine.browser': 'browser voice',
  'speech.album': 'Text to speech',
  'speech.engineFailed': '{engine}: {message}',
  'speech.noServiceUrl': '{engine}: no service URL set',
  'speech.notAudio': 'not audio',
  'speech.jsonNotAudio': 'JSON instead of audio',
  'speech.emptyAudio': '{engine}: empty audio',
  'speech.errorCode': 'Error {code}',
  'speech.noUrl': '{engine}: no URL in the answer',
  'speech.noSynthesis': '{engine}: speech synthesis is not available',
  'speech.noVoice': '{engine}: no {locale} voice installed',
  'speech.timeout': 'speech request timed out after {ms} ms',
  'speech.requestFailed': 'speech request failed: {message}',
  'speech.failed': 'speech failed: {failures}',
  'speech.noEngine': 'speech failed: no engine is available',
  'speech.notPlayable': '{engine}: the audio could not be played',
  'speech.noVoiceList': '{engine}: the voice list has no result',
  'speech.noUploadUri': '{engine}: the upload answer has no uri',
  'speech.fileUnreadable': 'the file could not be read',
} as const satisfies Partial<Record<CommonKey, string>>;

export type LibKey = keyof typeof libEnglish;

/**
 * A message of the library in the interface language (the shell's catalogue, `common`), for
 * code outside React: errors thrown by the HTTP client, the AI and speech layers, their toasts.
 */
export function libText(key: LibKey, values?: Values): string {
  if (import.meta.env.PROD || (i18n.locale && i18n.messages[`${common.namespace}.${key}`] !== undefined)) return translate(common, key, values);
  return libEnglish[key].replace(/\{(\w+)\}/g, (whole, name: string) => (values && name in values ? String(values[name]) : whole));
}

/**
 * Speech languages (docs/behaviour.md "Speech"): fixed voices per language for the makemp3 relay
 * (Amazon Polly names), locales for the speech service and the browser. Default ja_JP. zh/Zhiyu is
 * an addition beyond the first five so Chinese text is not read by a Japanese voice.
 */
export const speechLanguages = {
  ja: { locale: 'ja_JP', voice: 'Takumi' },
  en: { locale: 'en_US', voice: 'Salli' },
  de: { locale: 'de_DE', voice: 'Vicki' },
  ru: { locale: 'ru_RU', voice: 'Tatyana' },
  kr: { locale: 'ko_KR', voice: 'Seoyeon' },
  zh: { locale: 'zh_CN', voice: 'Zhiyu' },
} as const;

export type SpeechLanguage = keyof typeof speechLanguages;
export const defaultSpeechLanguage: SpeechLanguage = 'ja';

export const speechRate = '100%';
export const speechGender = 'Female';

/** Guesses the language of `text` by script; Han-only text counts as Japanese (the default). */
export function detectLanguage(text: string): SpeechLanguage {
  if (/[\u3040-\u30ff]/.test(text)) return 'ja';
  if (/[\uac00-\ud7af\u1100-\u11ff]/.test(text)) return 'kr';
  if (/[\u0400-\u04ff]/.test(text)) return 'ru';
  if (/[\u4e00-\u9fff]/.test(text)) return 'ja';
  if (/[äöüß]/i.test(text)) return 'de';
  if (/[a-z]/i.test(text)) return 'en';
  return defaultSpeechLanguage;
}

/**
 * Accepts the translator's codes (ja, en, de, ru, kr, zh, auto), locales (ja_JP, ko-KR) and ko.
 * 'auto', empty and unknown codes are guessed from the text.
 */
export function normalizeLanguage(lang: string | undefined, text = ''): SpeechLanguage {
  const code = (lang ?? '').toLowerCase().split(/[-_]/)[0];
  if (code === 'ko') return 'kr';
  if (code in speechLanguages) return code as SpeechLanguage;
  return text ? detectLanguage(text) : defaultSpeechLanguage;
}

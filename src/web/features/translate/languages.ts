/**
 * docs/behaviour.md "Translate": the translator's languages. `auto` is offered as a source only.
 * `value` is what the engines are sent; `label` is the English name the LLM prompt uses
 * (llm-engine). The names on screen are the catalogue's `language.<value>`.
 */
export const sourceLanguages = [
  { value: 'auto', label: 'auto-detect' },
  { value: 'zh', label: 'Chinese' },
  { value: 'en', label: 'English' },
  { value: 'ja', label: 'Japanese' },
  { value: 'de', label: 'German' },
  { value: 'ru', label: 'Russian' },
  { value: 'kr', label: 'Korean' },
] as const;

export type SourceLanguage = (typeof sourceLanguages)[number]['value'];
export type TargetLanguage = Exclude<SourceLanguage, 'auto'>;

export const targetLanguages = sourceLanguages.filter((language) => language.value !== 'auto') as ReadonlyArray<{
  value: TargetLanguage;
  label: string;
}>;

export function languageLabel(code: string): string {
  return sourceLanguages.find((language) => language.value === code)?.label ?? code;
}

/** The codes NiuTrans expects: ISO 639-1 `ko` for our historical `kr`; auto-detect is `auto`. */
export function niutransLanguage(code: SourceLanguage): string {
  return code === 'kr' ? 'ko' : code;
}

/** A language name a model understands, for the prompt's target-language placeholder. */
export function promptLanguageName(code: TargetLanguage): string {
  const names: Record<TargetLanguage, string> = {
    zh: 'Simplified Chinese',
    en: 'English',
    ja: 'Japanese',
    de: 'German',
    ru: 'Russian',
    kr: 'Korean',
  };
  return names[code];
}

export function isSourceLanguage(value: unknown): value is SourceLanguage {
  return sourceLanguages.some((language) => language.value === value);
}

export function isTargetLanguage(value: unknown): value is TargetLanguage {
  return targetLanguages.some((language) => language.value === value);
}

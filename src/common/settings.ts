import * as z from 'zod/mini';
import { builtInProviderNames } from './ai-providers';
import { furiganaModes } from './reading';

export const dynamicConfigEntrySchema = z.object({
  id: z.string(),
  configId: z.string(),
  name: z.string(),
  value: z.record(z.string(), z.unknown()),
});
export type DynamicConfigEntry = z.infer<typeof dynamicConfigEntrySchema>;

const shonagonSchema = z.object({
  autoFollowFocus: z.boolean(),
  autoTextSelect: z.boolean(),
  autoSubstrQuery: z.boolean(),
  /** The corpus API's base address; empty = the embedded `/shonagon_api` (docs/shonagon-api.md). */
  apiBase: z.string(),
});

export const defaultRetention = 0.9;
export const minRetention = 0.7;
export const maxRetention = 0.99;

const notionSchema = z.object({
  updateToken: z.string(),
  updateReviewTimeInterval: z.coerce.number(),
  dynamicConfigs: z.array(dynamicConfigEntrySchema),
  openLinkInApp: z.boolean(),
  /**
   * Review mode's desired retention (docs/storage.md "Settings additions"); anything else falls
   * back to the default.
   */
  retention: z.catch(z.number().check(z.gte(minRetention), z.lte(maxRetention)), defaultRetention),
});

export const requestModes = ['EventStream', 'WebSocket'] as const;
export const searchSources = ['local', 'remote', 'yunpan'] as const;

const avsearchSchema = z.object({
  requestMode: z.enum(requestModes),
  proxyAllImgs: z.boolean(),
  source: z.enum(searchSources),
  /**
   * docs/storage.md "Settings additions": the server the `remote` source asks (another Kotonoha is
   * one); an http(s) origin.
   */
  remoteBase: z.string(),
});

const notificationsSchema = z.object({ email: z.boolean(), sms: z.boolean() });

const providerKeyFields = Object.fromEntries(
  builtInProviderNames.flatMap((name) => [
    [`${name}_key`, z.string()],
    [`${name}_base_url`, z.string()],
  ]),
) as Record<`${(typeof builtInProviderNames)[number]}_${'key' | 'base_url'}`, z.ZodMiniString>;

const aichatSchema = z.object({
  ...providerKeyFields,
  floatingChatPrompt: z.string(),
  custom_base_url: z.string(),
  custom_key: z.string(),
  /** Comma- or semicolon-separated model ids offered for the custom provider. */
  custom_models: z.string(),
});

const translatorSchema = z.object({
  niuTransApikey: z.string(),
  niuTransVoiceAppId: z.string(),
  niuTransPicAppId: z.string(),
  showModel: z.boolean(),
  dynamicConfigs: z.array(dynamicConfigEntrySchema),
});

const proxySchema = z.object({ edgeProxyGemini: z.boolean() });

/** Baidu Netdisk (docs/api.md "XPan"): the OAuth access token the drive screen sends with every call. */
const xpanSchema = z.object({ accessToken: z.string() });

export const speechEngines = ['auto', 'service', 'makemp3', 'siliconflow', 'browser'] as const;

const speechSchema = z.object({
  serviceUrl: z.string(),
  serviceToken: z.string(),
  engine: z.enum(speechEngines),
  siliconflowModel: z.string(),
  siliconflowVoice: z.string(),
  /** The selection menu's `g` shortcut opens this URL, `{text}` replaced by the selection. */
  externalAiUrl: z.string(),
});

/**
 * docs/storage.md "Settings additions" (anki): which note each "add to Anki" makes; a field name
 * per part, empty = unused.
 */
export const defaultAnkiSettings = {
  deck: 'Default',
  model: 'Basic',
  fields: { word: 'Front', reading: 'Back', meaning: 'Back', pitch: '', frequency: '', glossary: '', sentence: 'Back', translation: '', audio: 'Back', picture: 'Back', source: 'Back' },
  tags: 'kotonoha',
  apiKey: '',
};
const ankiText = (fallback: string) => z.catch(z.string(), fallback);
const ankiFields = defaultAnkiSettings.fields;
// Field by field: one broken value falls back alone, the rest of the section kept.
const ankiSchema = z.object({
  deck: ankiText(defaultAnkiSettings.deck),
  model: ankiText(defaultAnkiSettings.model),
  fields: z.catch(
    z.object({
      word: ankiText(ankiFields.word),
      reading: ankiText(ankiFields.reading),
      meaning: ankiText(ankiFields.meaning),
      pitch: ankiText(ankiFields.pitch),
      frequency: ankiText(ankiFields.frequency),
      glossary: ankiText(ankiFields.glossary),
      sentence: ankiText(ankiFields.sentence),
      translation: ankiText(ankiFields.translation),
      audio: ankiText(ankiFields.audio),
      picture: ankiText(ankiFields.picture),
      source: ankiText(ankiFields.source),
    }),
    () => ({ ...ankiFields }),
  ),
  tags: ankiText(defaultAnkiSettings.tags),
  apiKey: ankiText(defaultAnkiSettings.apiKey),
});

/** The interface languages (docs/on-screen-names.md "Shell"); `zh` is the default. */
export const languages = ['zh', 'en', 'ja'] as const;
export type Language = (typeof languages)[number];
export const themes = ['light', 'dark', 'system'] as const;
export type Theme = (typeof themes)[number];

export const settingsSchema = z.object({
  shonagon: shonagonSchema,
  notion: notionSchema,
  avsearch: avsearchSchema,
  uploadToken: z.string(),
  /** The server's ACCESS_TOKEN, when it has one (served off loopback); the app trades it for a cookie. */
  accessToken: z.string(),
  // Any other stored value (7, "klingon", {}) falls back to the default, the rest of the settings kept.
  theme: z.catch(z.enum(themes), 'light'),
  notifications: notificationsSchema,
  language: z.catch(z.enum(languages), 'zh'),
  /**
   * docs/storage.md "Settings additions" (furigana): readings over kanji, never (the default),
   * always, or while the line is hovered or focused.
   */
  furigana: z.catch(z.enum(furiganaModes), 'off'),
  /** docs/storage.md "Settings additions" (tapLookup): a finger's tap on Japanese text looks the word up. */
  tapLookup: z.catch(z.boolean(), true),
  aichat: aichatSchema,
  translator: translatorSchema,
  proxy: proxySchema,
  speech: speechSchema,
  xpan: xpanSchema,
  anki: ankiSchema,
});
export type Settings = z.infer<typeof settingsSchema>;
export type SettingsSection = keyof Settings;

const emptyProviderFields = Object.fromEntries(
  builtInProviderNames.flatMap((name) => [
    [`${name}_key`, ''],
    [`${name}_base_url`, ''],
  ]),
) as Settings['aichat'] extends infer A ? { [K in keyof A as K extends `${string}_${'key' | 'base_url'}` ? K : never]: string } : never;

export function defaultSettings(): Settings {
  return {
    shonagon: { autoFollowFocus: false, autoTextSelect: false, autoSubstrQuery: true, apiBase: '' },
    notion: { updateToken: '', updateReviewTimeInterval: 5, dynamicConfigs: [], openLinkInApp: true, retention: defaultRetention },
    avsearch: { requestMode: 'EventStream', proxyAllImgs: false, source: 'remote', remoteBase: '' },
    uploadToken: '',
    accessToken: '',
    theme: 'light',
    notifications: { email: false, sms: false },
    language: 'zh',
    furigana: 'off',
    tapLookup: true,
    aichat: {
      ...emptyProviderFields,
      floatingChatPrompt: '',
      custom_base_url: '',
      custom_key: '',
      custom_models: '',
    },
    translator: {
      niuTransApikey: '',
      niuTransVoiceAppId: '',
      niuTransPicAppId: '',
      showModel: false,
      dynamicConfigs: [],
    },
    proxy: { edgeProxyGemini: true },
    speech: {
      serviceUrl: '',
      serviceToken: '',
      engine: 'auto',
      siliconflowModel: 'FunAudioLLM/CosyVoice2-0.5B',
      siliconflowVoice: '',
      externalAiUrl: 'https://chatgpt.com/?q={text}',
    },
    xpan: { accessToken: '' },
    anki: { ...defaultAnkiSettings, fields: { ...defaultAnkiSettings.fields } },
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * One section of a stored or imported value over a base section: an object section is merged
 * field by field, so a field added in a later version keeps its default. Undefined when the
 * result does not validate.
 */
export function mergeSection<K extends SettingsSection>(key: K, base: Settings[K], incoming: unknown): Settings[K] | undefined {
  const baseValue: unknown = base;
  const candidate = isPlainObject(baseValue) && isPlainObject(incoming) ? { ...baseValue, ...incoming } : incoming;
  const parsed = settingsSchema.shape[key].safeParse(candidate);
  return parsed.success ? (parsed.data as Settings[K]) : undefined;
}

const sectionKeys = Object.keys(settingsSchema.shape) as SettingsSection[];

/**
 * Merges a stored value over a base, section by section (see mergeSection). A section that does
 * not validate keeps the base's section rather than poisoning the whole object. Returns null when
 * `raw` is not an object at all.
 */
export function mergeSettings(base: Settings, raw: unknown): Settings | null {
  if (!isPlainObject(raw)) return null;
  const result: Record<string, unknown> = { ...base };
  for (const key of sectionKeys) {
    if (!(key in raw)) continue;
    const merged = mergeSection(key, base[key], raw[key]);
    if (merged !== undefined) result[key] = merged;
  }
  return result as Settings;
}

/** Parses the stored settings text; anything unusable gives the defaults (docs/storage.md "Loading and merging"). */
export function parseStoredSettings(text: string | null): Settings {
  const defaults = defaultSettings();
  if (text == null) return defaults;
  try {
    return mergeSettings(defaults, JSON.parse(text)) ?? defaults;
  } catch {
    return defaults;
  }
}

export type ImportResult = { ok: true; settings: Settings } | { ok: false; message: string };

export const importMessages = {
  badJson: 'JSON文件格式错误',
  unsupportedType: '不支持的文件类型',
} as const;

/** Settings import (docs/storage.md "Import and export"): `content` is what the file reader produced. */
export function importSettings(current: Settings, content: unknown): ImportResult {
  if (typeof content !== 'string') return { ok: false, message: importMessages.unsupportedType };
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return { ok: false, message: importMessages.badJson };
  }
  if (!isPlainObject(parsed)) return { ok: false, message: importMessages.badJson };
  // Shallow (docs/storage.md "Import and export"): an imported section replaces the current one
  // whole; a field the file lacks inside it gets its default
  // (docs/storage.md "Loading and merging"), not the current value.
  const defaults = defaultSettings();
  const result: Record<string, unknown> = { ...current };
  const unreadable: string[] = [];
  for (const key of sectionKeys) {
    if (!(key in parsed)) continue;
    const merged = mergeSection(key, defaults[key], parsed[key]);
    if (merged === undefined) unreadable.push(key);
    else result[key] = merged;
  }
  // Nothing is half-imported: a file with a section this version cannot read changes nothing.
  if (unreadable.length > 0) return { ok: false, message: `${importMessages.badJson}: ${unreadable.join(', ')}` };
  return { ok: true, settings: result as Settings };
}

/** settings_YYYY-MM-DD.json, the date being the first 10 characters of an ISO timestamp. */
export function exportFileName(now: Date = new Date()): string {
  return `settings_${now.toISOString().slice(0, 10)}.json`;
}

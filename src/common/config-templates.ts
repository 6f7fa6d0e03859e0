/**
 * Config item definitions (docs/behaviour.md "Config forms") and the templates built from them:
 * the translator services and the Notion "Database" template. The config form renders any of
 * these; the translator reads stored entries back through `translatorEntryValue`.
 */

export const configInputTypes = ['text', 'textarea', 'select', 'radio', 'checkbox', 'switch'] as const;
export type ConfigInputType = (typeof configInputTypes)[number];

export interface ConfigOption {
  label: string;
  value: string;
}

export interface ConfigItemDefinition {
  label: string;
  key: string;
  /** Default 'string'; 'number' values are converted to numbers on confirm. */
  dataType?: 'string' | 'number';
  /** Default 'text'. */
  inputType?: ConfigInputType;
  /** Default false. */
  required?: boolean;
  placeHolder?: string;
  defaultValue?: string | number | boolean;
  /** Default false. A hidden item is not shown but its value (or default) is still returned. */
  hidden?: boolean;
  /** Label/value pairs, or a comma-separated string whose parts are both label and value. */
  option?: ConfigOption[] | string;
  /** A select that also accepts a typed value not in its options (e.g. a model id). */
  allowCustomValue?: boolean;
  /** Older spellings of `key` accepted when reading a stored value. */
  aliases?: string[];
  description?: string;
}

export interface ConfigTemplate {
  configId: string;
  /** Shown in the service dropdown and used as the default entry name. */
  name: string;
  items: ConfigItemDefinition[];
}

/** Config result (docs/behaviour.md "Config forms"): what the config form confirms with. */
export interface ConfigResult {
  configId: string;
  name: string;
  value: Record<string, unknown>;
}

export const translatorConfigIds = ['NiuTrans', 'SiliconFlow', 'OpenAI', 'Gemini', 'OpenRouter'] as const;
export type TranslatorConfigId = (typeof translatorConfigIds)[number];

export const openRouterFreeModels = [
  'google/gemma-3-27b-it:free',
  'deepseek/deepseek-chat-v3-0324:free',
  'meta-llama/llama-3.3-70b-instruct:free',
  'mistralai/mistral-small-3.1-24b-instruct:free',
] as const;

/**
 * docs/behaviour.md "Limits and constants": the LLM translators' temperature when an entry sets
 * none (also each template's default).
 */
export const translatorTemperatures = { OpenAI: 0.7, SiliconFlow: 0.7, Gemini: 1.0, OpenRouter: 1.0 } as const;

/**
 * The stored field keeps the historical spelling `tempreature` (docs/behaviour.md "Config forms");
 * `temperature` is read too.
 */
const temperatureItem = (defaultValue: number): ConfigItemDefinition => ({
  label: 'temperature',
  key: 'tempreature',
  aliases: ['temperature'],
  dataType: 'number',
  defaultValue,
  placeHolder: '0 – 2',
});

const apiKeyItem: ConfigItemDefinition = { label: 'apiKey', key: 'apiKey', required: true, placeHolder: 'API key' };

const baseURLItem = (placeHolder: string, defaultValue = ''): ConfigItemDefinition => ({
  label: 'baseURL',
  key: 'baseURL',
  placeHolder,
  defaultValue,
});

export const translatorTemplates: Record<TranslatorConfigId, ConfigTemplate> = {
  NiuTrans: {
    configId: 'NiuTrans',
    name: 'NiuTrans',
    items: [
      apiKeyItem,
      { label: 'voiceAppId', key: 'voiceAppId', placeHolder: 'voice translation app id' },
      { label: 'picAppId', key: 'picAppId', placeHolder: 'picture translation app id' },
    ],
  },
  SiliconFlow: {
    configId: 'SiliconFlow',
    name: 'SiliconFlow',
    items: [
      apiKeyItem,
      // Options are filled in from the SiliconFlow model list when the settings screen loads.
      { label: 'model', key: 'model', inputType: 'select', required: true, allowCustomValue: true, option: [] },
      baseURLItem('empty = https://api.siliconflow.cn/v1'),
      temperatureItem(translatorTemperatures.SiliconFlow),
    ],
  },
  OpenAI: {
    configId: 'OpenAI',
    name: 'OpenAI',
    items: [
      apiKeyItem,
      {
        label: 'model',
        key: 'model',
        required: true,
        defaultValue: 'gpt-3.5-turbo',
        placeHolder: 'gpt-4o-mini;gpt-3.5-turbo',
        description: 'Several models separated by semicolons are tried in order.',
      },
      baseURLItem('empty = https://api.openai.com/v1'),
      temperatureItem(translatorTemperatures.OpenAI),
    ],
  },
  Gemini: {
    configId: 'Gemini',
    name: 'Gemini',
    items: [
      apiKeyItem,
      { label: 'model', key: 'model', required: true, defaultValue: 'gemini-2.0-flash-exp', placeHolder: 'gemini-2.0-flash-exp' },
      // Empty means the official endpoint, reached through the product's proxy unless edge-proxying is off.
      baseURLItem('empty = official endpoint through the proxy'),
      temperatureItem(translatorTemperatures.Gemini),
    ],
  },
  OpenRouter: {
    configId: 'OpenRouter',
    name: 'OpenRouter',
    items: [
      apiKeyItem,
      {
        label: 'model',
        key: 'model',
        inputType: 'select',
        required: true,
        option: openRouterFreeModels.join(','),
        defaultValue: 'google/gemma-3-27b-it:free',
      },
      baseURLItem('empty = https://openrouter.ai/api/v1'),
      temperatureItem(translatorTemperatures.OpenRouter),
    ],
  },
};

export const translatorTemplateList: ConfigTemplate[] = translatorConfigIds.map((id) => translatorTemplates[id]);

export function isTranslatorConfigId(value: string): value is TranslatorConfigId {
  return (translatorConfigIds as readonly string[]).includes(value);
}

/**
 * The card-state properties review mode reads and writes, with the names found when none is chosen
 * (docs/storage.md "Settings additions").
 */
export const fsrsPropertyItems = [
  { key: 'lastReviewProperty', label: 'last-review property', name: 'Last review' },
  { key: 'stabilityProperty', label: 'stability property', name: 'Stability' },
  { key: 'difficultyProperty', label: 'difficulty property', name: 'Difficulty' },
  { key: 'repsProperty', label: 'reps property', name: 'Reps' },
  { key: 'lapsesProperty', label: 'lapses property', name: 'Lapses' },
  { key: 'stateProperty', label: 'state property', name: 'State' },
] as const;

export const notionDatabaseTemplate: ConfigTemplate = {
  configId: 'Database',
  name: 'Database',
  items: [
    // The settings screen fills the default from notion.updateToken when the form opens.
    { label: 'token', key: 'token', required: true, placeHolder: 'Notion integration token' },
    { label: 'databaseId', key: 'databaseId', required: true, placeHolder: 'database id' },
    { label: 'updateReviewTime', key: 'updateReviewTime', inputType: 'switch', defaultValue: true },
    { label: 'paginate', key: 'paginate', inputType: 'switch', defaultValue: false },
    { label: 'sql', key: 'sql', inputType: 'textarea', placeHolder: 'select * from …' },
    // Beyond the base template (docs/storage.md "Settings additions",
    // docs/decisions/0008-notion.md): the date properties review mode writes, when not found by
    // name.
    { label: 'review-time property', key: 'reviewProperty', placeHolder: 'empty = the date property named like “review”' },
    { label: 'due-date property', key: 'dueProperty', placeHolder: 'empty = the date property named “Due”, else one named like “due” or “next”' },
    // The FSRS card state (docs/decisions/0017-fsrs.md), each found by its name when not chosen.
    ...fsrsPropertyItems.map(({ key, label, name }) => ({ label, key, placeHolder: `empty = the property named “${name}”` })),
    // Save to notes keeps its property mapping here; the dialog sets it, editing the entry keeps it.
    { label: 'word property', key: 'wordProperty', hidden: true },
    { label: 'reading property', key: 'readingProperty', hidden: true },
    { label: 'meaning property', key: 'meaningProperty', hidden: true },
    { label: 'example property', key: 'exampleProperty', hidden: true },
  ],
};

export interface TranslatorEntryValue {
  apiKey: string;
  model: string;
  baseURL: string;
  /** Read from `tempreature`, else `temperature`; undefined when neither is a finite number. */
  temperature: number | undefined;
  voiceAppId: string;
  picAppId: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : value == null ? '' : String(value));

function finiteNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

/** A stored translator entry's value, with the temperature read under either spelling. */
export function translatorEntryValue(value: Record<string, unknown>): TranslatorEntryValue {
  return {
    apiKey: text(value.apiKey),
    model: text(value.model),
    baseURL: text(value.baseURL),
    temperature: finiteNumber(value.tempreature) ?? finiteNumber(value.temperature),
    voiceAppId: text(value.voiceAppId),
    picAppId: text(value.picAppId),
  };
}

import { fsrsPropertyItems, type ConfigItemDefinition, type ConfigTemplate } from '../../../common/config-templates';
import type { common } from '../../lib/i18n/common';
import type { KeysOf } from '../../lib/i18n/i18n';
import type { Translate } from '../../lib/i18n/use-t';

type Key = KeysOf<typeof common>;

/*
 * The templates (src/common/config-templates.ts) keep their English words and the stored field
 * keys; what the form shows is looked up here by those keys at render time. A word with no entry
 * (a field of an imported entry, a model id as placeholder) is shown as the template has it.
 */

/** By the item's stored key (`tempreature` keeps its historical spelling). */
const labels: Record<string, Key> = {
  apiKey: 'configForm.label.apiKey',
  voiceAppId: 'configForm.label.voiceAppId',
  picAppId: 'configForm.label.picAppId',
  model: 'configForm.label.model',
  baseURL: 'configForm.label.baseURL',
  tempreature: 'configForm.label.temperature',
  temperature: 'configForm.label.temperature',
  token: 'configForm.label.token',
  databaseId: 'configForm.label.databaseId',
  updateReviewTime: 'configForm.label.updateReviewTime',
  paginate: 'configForm.label.paginate',
  sql: 'configForm.label.sql',
  reviewProperty: 'configForm.label.reviewProperty',
  dueProperty: 'configForm.label.dueProperty',
  lastReviewProperty: 'configForm.label.lastReviewProperty',
  stabilityProperty: 'configForm.label.stabilityProperty',
  difficultyProperty: 'configForm.label.difficultyProperty',
  repsProperty: 'configForm.label.repsProperty',
  lapsesProperty: 'configForm.label.lapsesProperty',
  stateProperty: 'configForm.label.stateProperty',
};

/** By `configId.key`, then by key. */
const placeholders: Record<string, Key> = {
  'Gemini.baseURL': 'configForm.placeholder.officialViaProxy',
  apiKey: 'configForm.placeholder.apiKey',
  voiceAppId: 'configForm.placeholder.voiceAppId',
  picAppId: 'configForm.placeholder.picAppId',
  'Database.token': 'configForm.placeholder.token',
  databaseId: 'configForm.placeholder.databaseId',
  reviewProperty: 'configForm.placeholder.reviewProperty',
  dueProperty: 'configForm.placeholder.dueProperty',
};

/** "empty = the property named “Stability”": the words translated, Notion's property name kept. */
const namedProperties: Record<string, string> = Object.fromEntries(fsrsPropertyItems.map((item) => [item.key, item.name]));

const descriptions: Record<string, Key> = {
  'OpenAI.model': 'configForm.description.modelList',
};

const templateNames: Record<string, Key> = {
  Database: 'configForm.template.Database',
};

const lookup = (table: Record<string, Key>, configId: string, key: string): Key | undefined => table[`${configId}.${key}`] ?? table[key];

/** "empty = https://…": the words translated, the address kept. */
const emptyUrl = /^empty = (\S+:\/\/\S+)$/;

export interface ItemWords {
  label: string;
  placeholder?: string;
  /** True when the placeholder is shown as the template has it: a model id, SQL, a range. */
  placeholderIsCode: boolean;
  description?: string;
}

export function itemWords(t: Translate<Key>, configId: string, item: ConfigItemDefinition): ItemWords {
  const label = labels[item.key] ? t(labels[item.key]!) : item.label;
  const placeholderKey = lookup(placeholders, configId, item.key);
  const url = item.placeHolder?.match(emptyUrl)?.[1];
  const named = namedProperties[item.key];
  const placeholder = placeholderKey ? t(placeholderKey) : named ? t('configForm.placeholder.namedProperty', { name: named }) : url ? t('configForm.placeholder.emptyUrl', { url }) : item.placeHolder;
  const descriptionKey = lookup(descriptions, configId, item.key);
  const description = descriptionKey ? t(descriptionKey) : item.description;
  return { label, placeholder, placeholderIsCode: !placeholderKey && !named && !url && !!item.placeHolder, description };
}

/** A template's name as shown: service names are brands and stay; "Database" is a word. */
export function templateName(t: Translate<Key>, template: ConfigTemplate): string {
  const key = templateNames[template.configId];
  return key && template.name === template.configId ? t(key) : template.name;
}

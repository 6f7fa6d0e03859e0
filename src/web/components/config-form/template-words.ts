import { fsrsPropertyItems, type ConfigItemDefinition, type ConfigTemplate } from '../../../common/config-templates';
import type { catalogue } from './i18n';
import type { KeysOf } from '../../lib/i18n/i18n';
import type { Translate } from '../../lib/i18n/use-t';

type Key = KeysOf<typeof catalogue>;

/*
 * The templates (src/common/config-templates.ts) keep their English words and the stored field
 * keys; what the form shows is looked up here by those keys at render time. A word with no entry
 * (a field of an imported entry, a model id as placeholder) is shown as the template has it.
 */

/** By the item's stored key (`tempreature` keeps its historical spelling). */
const labels: Record<string, Key> = {
  apiKey: 'label.apiKey',
  voiceAppId: 'label.voiceAppId',
  picAppId: 'label.picAppId',
  model: 'label.model',
  baseURL: 'label.baseURL',
  tempreature: 'label.temperature',
  temperature: 'label.temperature',
  token: 'label.token',
  databaseId: 'label.databaseId',
  updateReviewTime: 'label.updateReviewTime',
  paginate: 'label.paginate',
  sql: 'label.sql',
  reviewProperty: 'label.reviewProperty',
  dueProperty: 'label.dueProperty',
  lastReviewProperty: 'label.lastReviewProperty',
  stabilityProperty: 'label.stabilityProperty',
  difficultyProperty: 'label.difficultyProperty',
  repsProperty: 'label.repsProperty',
  lapsesProperty: 'label.lapsesProperty',
  stateProperty: 'label.stateProperty',
};

/** By `configId.key`, then by key. */
const placeholders: Record<string, Key> = {
  'Gemini.baseURL': 'placeholder.officialViaProxy',
  apiKey: 'placeholder.apiKey',
  voiceAppId: 'placeholder.voiceAppId',
  picAppId: 'placeholder.picAppId',
  'Database.token': 'placeholder.token',
  databaseId: 'placeholder.databaseId',
  reviewProperty: 'placeholder.reviewProperty',
  dueProperty: 'placeholder.dueProperty',
};

/** "empty = the property named “Stability”": the words translated, Notion's property name kept. */
const namedProperties: Record<string, string> = Object.fromEntries(fsrsPropertyItems.map((item) => [item.key, item.name]));

const descriptions: Record<string, Key> = {
  'OpenAI.model': 'description.modelList',
};

const templateNames: Record<string, Key> = {
  Database: 'template.Database',
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
  const placeholder = placeholderKey ? t(placeholderKey) : named ? t('placeholder.namedProperty', { name: named }) : url ? t('placeholder.emptyUrl', { url }) : item.placeHolder;
  const descriptionKey = lookup(descriptions, configId, item.key);
  const description = descriptionKey ? t(descriptionKey) : item.description;
  return { label, placeholder, placeholderIsCode: !placeholderKey && !named && !url && !!item.placeHolder, description };
}

/** A template's name as shown: service names are brands and stay; "Database" is a word. */
export function templateName(t: Translate<Key>, template: ConfigTemplate): string {
  const key = templateNames[template.configId];
  return key && template.name === template.configId ? t(key) : template.name;
}

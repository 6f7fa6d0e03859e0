import type { ConfigItemDefinition, ConfigOption } from '../../../common/config-templates';
import { catalogue } from './i18n';
import { translate } from '../../lib/i18n/i18n';

/** What a control holds while the form is open. */
export type FormValue = string | boolean | string[];
export type FormValues = Record<string, FormValue>;

type ControlKind = 'string' | 'boolean' | 'list';

export function inputTypeOf(item: ConfigItemDefinition) {
  return item.inputType ?? 'text';
}

/** Label/value pairs as given, or the parts of a comma-separated string (each both label and value). */
export function resolveOptions(option: ConfigItemDefinition['option']): ConfigOption[] {
  if (option == null) return [];
  if (typeof option === 'string') {
    return option
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .map((part) => ({ label: part, value: part }));
  }
  return option.map((pair) => ({ label: String(pair.label), value: String(pair.value) }));
}

function controlKind(item: ConfigItemDefinition): ControlKind {
  const type = inputTypeOf(item);
  if (type === 'switch') return 'boolean';
  if (type === 'checkbox') return resolveOptions(item.option).length > 0 ? 'list' : 'boolean';
  return 'string';
}

function storedValue(item: ConfigItemDefinition, stored: Record<string, unknown> | undefined): unknown {
  if (!stored) return undefined;
  for (const key of [item.key, ...(item.aliases ?? [])]) {
    if (key in stored && stored[key] !== undefined) return stored[key];
  }
  return undefined;
}

function toFormValue(kind: ControlKind, raw: unknown): FormValue {
  if (kind === 'boolean') return raw === true || raw === 'true' || raw === 1;
  if (kind === 'list') {
    if (Array.isArray(raw)) return raw.map(String);
    return typeof raw === 'string' && raw !== '' ? raw.split(',').map((part) => part.trim()) : [];
  }
  return raw == null ? '' : String(raw);
}

/** Each item's starting value: the stored one (under its key or an alias), else its default, else empty. */
export function initialFormValues(items: ConfigItemDefinition[], stored?: Record<string, unknown>): FormValues {
  const values: FormValues = {};
  for (const item of items) {
    const fromStore = storedValue(item, stored);
    values[item.key] = toFormValue(controlKind(item), fromStore !== undefined ? fromStore : item.defaultValue);
  }
  return values;
}

/** The form's checks in the interface language; `label` is the field's label as shown. */
export const configFormMessages = {
  required: (label: string) => translate(catalogue, 'required', { label }),
  notNumber: (label: string) => translate(catalogue, 'notNumber', { label }),
} as const;

export type ConvertResult = { ok: true; value: Record<string, unknown> } | { ok: false; errors: Record<string, string> };

/**
 * Validates the open form and converts it to the stored value: required items must be filled,
 * number items become numbers (an empty optional one becomes null), hidden items are kept.
 */
export function convertFormValues(
  items: ConfigItemDefinition[],
  values: FormValues,
  labelOf: (item: ConfigItemDefinition) => string = (item) => item.label,
): ConvertResult {
  const value: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const item of items) {
    const kind = controlKind(item);
    const current = values[item.key] ?? toFormValue(kind, item.defaultValue);
    const isNumber = item.dataType === 'number';
    if (kind === 'boolean') {
      value[item.key] = current === true;
      continue;
    }
    if (kind === 'list') {
      const list = Array.isArray(current) ? current : [];
      if (item.required && list.length === 0) errors[item.key] = configFormMessages.required(labelOf(item));
      if (isNumber && list.some((entry) => !Number.isFinite(Number(entry)))) errors[item.key] = configFormMessages.notNumber(labelOf(item));
      value[item.key] = isNumber ? list.map(Number) : list;
      continue;
    }
    const raw = typeof current === 'string' ? current : String(current);
    // Keys and ids pasted with stray spaces are a common mistake; a textarea keeps its text as typed.
    const textValue = inputTypeOf(item) === 'textarea' ? raw : raw.trim();
    if (textValue === '') {
      if (item.required) errors[item.key] = configFormMessages.required(labelOf(item));
      value[item.key] = isNumber ? null : '';
      continue;
    }
    if (isNumber) {
      const parsed = Number(textValue);
      if (!Number.isFinite(parsed)) errors[item.key] = configFormMessages.notNumber(labelOf(item));
      value[item.key] = parsed;
    } else {
      value[item.key] = textValue;
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value };
}

import { Autocomplete, Button, Checkbox, Group, Radio, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { ConfigItemDefinition, ConfigResult, ConfigTemplate } from '../../../common/config-templates';
import {
  configFormMessages,
  convertFormValues,
  initialFormValues,
  inputTypeOf,
  resolveOptions,
  type FormValue,
  type FormValues,
} from './config-form-values';
import { AutoTextarea } from '../auto-textarea/auto-textarea';
import { catalogue } from './i18n';
import { useT } from '../../lib/i18n/use-t';
import { itemWords, templateName, type ItemWords } from './template-words';

export interface ConfigFormProps {
  template: ConfigTemplate;
  /** The entry being edited; absent when adding. */
  initial?: { name: string; value: Record<string, unknown> };
  onConfirm: (result: ConfigResult) => void;
  onCancel: () => void;
}

/**
 * docs/behaviour.md "Config forms": a named configuration rendered from its item definitions, with
 * cancel and confirm.
 */
export function ConfigForm({ template, initial, onConfirm, onCancel }: ConfigFormProps) {
  const t = useT(catalogue);
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [name, setName] = useState(initial?.name ?? template.name);
  const [values, setValues] = useState<FormValues>(() => initialFormValues(template.items, initial?.value));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const setValue = (key: string, next: FormValue) => {
    setValues((current) => ({ ...current, [key]: next }));
    setErrors((current) => {
      if (!(key in current)) return current;
      const rest = { ...current };
      delete rest[key];
      return rest;
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmedName = name.trim();
    const converted = convertFormValues(template.items, values, (item) => itemWords(t, template.configId, item).label);
    const nextErrors = converted.ok ? {} : { ...converted.errors };
    if (trimmedName === '') nextErrors[nameKey] = configFormMessages.required(t('name'));
    if (Object.keys(nextErrors).length > 0 || !converted.ok) {
      setErrors(nextErrors);
      // Let the invalid state render, then move focus to the first field that needs attention.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    onConfirm({ configId: template.configId, name: trimmedName, value: { ...keptExtras(template.items, initial?.value), ...converted.value } });
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={t('form', { name: templateName(t, template) })}>
      <Stack gap="sm">
        <TextInput
          label={t('name')}
          required
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setErrors(({ [nameKey]: _removed, ...rest }) => rest);
          }}
          error={errors[nameKey]}
          data-autofocus
        />
        {template.items.map((item) =>
          item.hidden ? null : (
            <ConfigField
              key={item.key}
              id={`${formId}-${item.key}`}
              item={item}
              words={itemWords(t, template.configId, item)}
              value={values[item.key]}
              error={errors[item.key]}
              onChange={(next) => setValue(item.key, next)}
            />
          ),
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button type="submit">{t('confirm')}</Button>
        </Group>
      </Stack>
    </form>
  );
}

const nameKey = '\u0000name';

/** Fields of a stored value that no item owns (e.g. from an import) survive an edit; old aliases do not. */
function keptExtras(items: ConfigItemDefinition[], stored: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!stored) return {};
  const owned = new Set(items.flatMap((item) => [item.key, ...(item.aliases ?? [])]));
  return Object.fromEntries(Object.entries(stored).filter(([key]) => !owned.has(key)));
}

interface ConfigFieldProps {
  id: string;
  item: ConfigItemDefinition;
  /** The label, placeholder and description as shown, in the interface language. */
  words: ItemWords;
  value: FormValue | undefined;
  error?: string;
  onChange: (value: FormValue) => void;
}

function ConfigField({ id, item, words, value, error, onChange }: ConfigFieldProps): ReactNode {
  const type = inputTypeOf(item);
  const common = { id, label: words.label, description: words.description, required: item.required, error };
  // A placeholder shown as written (a model id, SQL) and the value typed over it are not words to translate.
  const code = words.placeholderIsCode ? ({ translate: 'no' } as const) : {};
  const text = typeof value === 'string' ? value : '';

  switch (type) {
    case 'textarea':
      return (
        <AutoTextarea
          {...common}
          {...code}
          value={text}
          placeholder={words.placeholder}
          minRows={3}
          maxRows={10}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'select': {
      const options = resolveOptions(item.option);
      // An option with an empty value (e.g. "please select...") is the placeholder, not a choice.
      const placeholderOption = options.find((option) => option.value === '');
      const choices = options.filter((option) => option.value !== '');
      const placeholder = placeholderOption?.label ?? words.placeholder;
      if (item.allowCustomValue) {
        return (
          <Autocomplete
            {...common}
            {...code}
            value={text}
            placeholder={placeholder}
            data={dedupe(choices.map((option) => option.value))}
            limit={200}
            maxDropdownHeight={260}
            onChange={onChange}
          />
        );
      }
      return (
        <Select
          {...common}
          {...code}
          value={text === '' ? null : text}
          placeholder={placeholder}
          data={dedupeOptions(text === '' || choices.some((o) => o.value === text) ? choices : [...choices, { label: text, value: text }])}
          allowDeselect={!item.required}
          onChange={(next) => onChange(next ?? '')}
        />
      );
    }
    case 'radio':
      return (
        <Radio.Group {...common} value={text} onChange={onChange}>
          <Group gap="md" mt={4}>
            {resolveOptions(item.option).map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'checkbox': {
      const options = resolveOptions(item.option);
      if (options.length > 0) {
        return (
          <Checkbox.Group {...common} value={Array.isArray(value) ? value : []} onChange={onChange}>
            <Group gap="md" mt={4}>
              {options.map((option) => (
                <Checkbox key={option.value} value={option.value} label={option.label} />
              ))}
            </Group>
          </Checkbox.Group>
        );
      }
      return (
        <Checkbox
          id={id}
          label={words.label}
          description={words.description}
          error={error}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      );
    }
    case 'switch':
      return (
        <Switch
          id={id}
          label={words.label}
          description={words.description}
          error={error}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          {...code}
          value={text}
          placeholder={words.placeholder}
          inputMode={item.dataType === 'number' ? 'decimal' : undefined}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
  }
}

function dedupe(values: string[]): string[] {
  return [...new Set(values)];
}

function dedupeOptions<T extends { value: string }>(options: T[]): T[] {
  const seen = new Set<string>();
  return options.filter((option) => (seen.has(option.value) ? false : (seen.add(option.value), true)));
}


import '../../../components/screen-styles/screen-styles';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isAbort } from '../../../lib/http/http-client';
import { useT } from '../../../lib/i18n/use-t';
import { toast } from '../../../lib/notify';
import { getSettings, useSettingsStore } from '../../../lib/settings-store';
import { createPage } from '../api/databases';
import { catalogue } from '../i18n';
import type { NotionEntry } from '../model/entries';
import { putRows, toCachedRow } from '../model/notion-db';
import { entryScope, useNotionEntries } from '../model/use-entries';
import { useDatabaseSchema, type DatabaseSchema } from '../model/use-schema';

export interface NoteDraft {
  word: string;
  reading?: string;
  meaning?: string;
  example?: string;
}

type Field = keyof NotionEntry['mapping'];
const fields: Array<{ key: Field; guess: RegExp; types: string[] }> = [
  { key: 'word', guess: /.^/, types: ['title'] },
  { key: 'reading', guess: /read|kana|yomi|読み|ふりがな|発音/i, types: ['rich_text'] },
  { key: 'meaning', guess: /mean|defin|gloss|transl|意味|訳|释/i, types: ['rich_text'] },
  { key: 'example', guess: /example|sentence|例/i, types: ['rich_text'] },
];
const settingKey: Record<Field, string> = { word: 'wordProperty', reading: 'readingProperty', meaning: 'meaningProperty', example: 'exampleProperty' };
const richText = (content: string) => [{ type: 'text', text: { content: content.slice(0, 2000) } }];

const noMapping: Record<Field, string> = { word: '', reading: '', meaning: '', example: '' };

/** The property each field goes to: the one remembered for the database if it still fits, else a guess by name. */
function guessMapping(entry: NotionEntry, schema: DatabaseSchema): Record<Field, string> {
  const names = Object.keys(schema);
  const pick = (field: (typeof fields)[number]) => {
    const chosen = entry.mapping[field.key];
    if (chosen && schema[chosen] && field.types.includes(schema[chosen].type)) return chosen;
    const candidates = names.filter((name) => field.types.includes(schema[name].type));
    return field.key === 'word' ? (candidates[0] ?? '') : (candidates.find((name) => field.guess.test(name)) ?? '');
  };
  return Object.fromEntries(fields.map((field) => [field.key, pick(field)])) as Record<Field, string>;
}

/** Keeps the chosen property mapping with the database entry (Settings → Notion). */
function rememberMapping(entry: NotionEntry, mapping: Record<Field, string>) {
  const settings = getSettings();
  const dynamicConfigs = settings.notion.dynamicConfigs.map((config) =>
    config.id === entry.id ? { ...config, value: { ...config.value, ...Object.fromEntries(fields.map(({ key }) => [settingKey[key], mapping[key]])) } } : config,
  );
  useSettingsStore.getState().save({ ...settings, notion: { ...settings.notion, dynamicConfigs } });
}

/** "Save to notes": the word, its reading, meaning and an example as a new page in a chosen database. */
export function SaveNoteDialog({ draft, onDone }: { draft: NoteDraft; onDone: () => void }) {
  const t = useT(catalogue);
  const entries = useNotionEntries();
  const navigate = useNavigate();
  const [entryId, setEntryId] = useState<string | null>(entries[0]?.id ?? null);
  const entry = entries.find((candidate) => candidate.id === entryId);
  const [values, setValues] = useState<Record<Field, string>>({ word: draft.word, reading: draft.reading ?? '', meaning: draft.meaning ?? '', example: draft.example ?? '' });
  const schemaQuery = useDatabaseSchema(entry);
  const schema = schemaQuery.data ?? null;
  // The mapping guessed from the schema until the person changes it, per database.
  const [edited, setEdited] = useState<{ entryId: string; mapping: Record<Field, string> } | null>(null);
  const mapping = edited && edited.entryId === entryId ? edited.mapping : entry && schema ? guessMapping(entry, schema) : noMapping;
  const setMapping = (next: Record<Field, string>) => setEdited(entryId ? { entryId, mapping: next } : null);
  const [saveError, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const schemaError = schemaQuery.error && !isAbort(schemaQuery.error) ? schemaQuery.error.message : null;
  const error = saveError ?? schemaError;

  const save = async () => {
    if (!entry || !schema) return;
    if (!values.word.trim()) return setError(t('save.emptyWord'));
    if (!mapping.word) return setError(t('save.noTitle', { name: entry.name }));
    const properties: Record<string, unknown> = {};
    for (const field of fields) {
      const name = mapping[field.key];
      const text = values[field.key].trim();
      if (!name || !text) continue;
      properties[name] = { [schema[name].type]: richText(text) };
    }
    setSaving(true);
    setError(null);
    try {
      const page = await createPage(entry, properties);
      rememberMapping(entry, mapping);
      await putRows(entryScope(entry), [toCachedRow(entryScope(entry), page, -Date.now())]);
      toast(t('save.saved', { word: values.word.trim(), name: entry.name }), 'success');
      onDone();
      if (getSettings().notion.openLinkInApp || !page.url) void navigate(`/notion/page?db=${encodeURIComponent(entry.id)}&id=${encodeURIComponent(page.id)}`);
      else window.open(page.url, '_blank', 'noopener,noreferrer');
    } catch (reason) {
      setError(reason instanceof Error ? reason.message : String(reason));
    } finally {
      setSaving(false);
    }
  };

  if (!entries.length) return <Text>{t('save.noDatabase')}</Text>;
  const options = (types: string[]) => Object.entries(schema ?? {}).filter(([, property]) => types.includes(property.type)).map(([name]) => name);

  return (
    <Stack gap="sm">
      <Select
        label={t('save.database')}
        data={entries.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
        renderOption={({ option }) => <span translate="no">{option.label}</span>}
        value={entryId}
        onChange={(id) => {
          setEntryId(id);
          setError(null);
        }}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs">
        {fields.map((field) => (
          <Stack key={field.key} gap={4}>
            {field.key === 'word' || field.key === 'reading' ? (
              <TextInput label={t(`save.field.${field.key}`)} value={values[field.key]} onChange={(event) => setValues({ ...values, [field.key]: event.currentTarget.value })} lang="ja" />
            ) : (
              <Textarea label={t(`save.field.${field.key}`)} value={values[field.key]} onChange={(event) => setValues({ ...values, [field.key]: event.currentTarget.value })} autosize minRows={1} maxRows={4} lang="ja" />
            )}
            <Select
              aria-label={t(`save.property.${field.key}`)}
              size="xs"
              placeholder={schema ? t('save.notSaved') : t('save.loadingProperties')}
              data={options(field.types)}
              renderOption={({ option }) => <span translate="no">{option.label}</span>}
              value={mapping[field.key] || null}
              onChange={(value) => setMapping({ ...mapping, [field.key]: value ?? '' })}
              clearable={field.key !== 'word'}
              disabled={!schema}
              comboboxProps={{ withinPortal: true }}
              leftSection={<Text size="xs" c="dimmed" px={4}>→</Text>}
            />
          </Stack>
        ))}
      </SimpleGrid>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onDone}>
          {t('save.cancel')}
        </Button>
        <Button onClick={() => void save()} loading={saving} disabled={!schema}>
          {t('save.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

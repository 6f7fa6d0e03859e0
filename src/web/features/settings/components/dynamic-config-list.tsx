import { ActionIcon, Badge, Group, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Hint } from '../../../components/hint/hint';
import type { ConfigResult, ConfigTemplate } from '../../../../common/config-templates';
import type { DynamicConfigEntry } from '../../../../common/settings';
import { openConfigForm } from '../../../components/config-form/open-config-form';
import { SortableList } from '../../../components/sortable-list/sortable-list';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';
import classes from './settings.module.css';

export type EntriesUpdater = (update: (entries: DynamicConfigEntry[]) => DynamicConfigEntry[]) => void;

interface DynamicConfigListProps {
  /** Accessible name of the list. */
  label: string;
  entries: DynamicConfigEntry[];
  onChange: EntriesUpdater;
  templateFor: (configId: string) => ConfigTemplate;
  sortable: boolean;
  empty: string;
}

/** A new entry from a confirmed config form; its id is the creation timestamp (docs/behaviour.md "Config forms"). */
export function newEntry(result: ConfigResult, now = Date.now()): DynamicConfigEntry {
  return { id: String(now), configId: result.configId, name: result.name, value: result.value };
}

/** Opens the form for adding an entry of `template` (titled `title`, "Add … configuration"); confirm appends it. */
export function addConfigEntry(template: ConfigTemplate, title: string, onChange: EntriesUpdater, defaults?: Record<string, unknown>) {
  openConfigForm({
    template,
    title,
    initial: defaults ? { name: template.name, value: defaults } : undefined,
    onConfirm: (result) => onChange((entries) => [...entries, newEntry(result)]),
  });
}

/** A template for an entry whose configId is not known (e.g. imported): one text field per stored key. */
export function fallbackTemplate(configId: string, value: Record<string, unknown>): ConfigTemplate {
  return {
    configId,
    name: configId,
    items: Object.entries(value).map(([key, field]) => ({
      key,
      label: key,
      dataType: typeof field === 'number' ? 'number' : 'string',
      inputType: typeof field === 'boolean' ? 'switch' : 'text',
    })),
  };
}

function summary(entry: DynamicConfigEntry): string {
  const model = entry.value.model;
  if (typeof model === 'string' && model !== '') return model;
  const database = entry.value.databaseId;
  return typeof database === 'string' ? database : '';
}

export function DynamicConfigList({ label, entries, onChange, templateFor, sortable, empty }: DynamicConfigListProps) {
  const t = useT(catalogue);
  const edit = (index: number) => {
    const entry = entries[index];
    if (!entry) return;
    openConfigForm({
      template: templateFor(entry.configId),
      title: t('config.editTitle', { name: entry.name }),
      initial: { name: entry.name, value: entry.value },
      onConfirm: (result) =>
        onChange((current) => current.map((item, at) => (at === index ? { ...item, configId: result.configId, name: result.name, value: result.value } : item))),
    });
  };
  // docs/behaviour.md "Config forms": delete removes the entry by index immediately, with no
  // confirmation.
  const remove = (index: number) => onChange((current) => current.filter((_, at) => at !== index));
  const move = (from: number, to: number) =>
    onChange((current) => {
      const next = [...current];
      const [moved] = next.splice(from, 1);
      if (moved) next.splice(to, 0, moved);
      return next;
    });

  return (
    <SortableList
      label={label}
      items={entries}
      getKey={(entry) => entry.id}
      getLabel={(entry) => entry.name}
      sortable={sortable}
      onMove={move}
      empty={
        <Text size="sm" c="dimmed" className={classes.empty}>
          {empty}
        </Text>
      }
      renderItem={(entry, index, handle) => (
        <>
          {handle}
          <div className={classes.rowMain}>
            <Group gap={8} wrap="nowrap">
              <Text fw={600} size="sm" className={classes.rowName} translate="no">
                {entry.name}
              </Text>
              <Badge variant="light" size="sm" radius="sm" style={{ flexShrink: 0 }} translate="no">
                {entry.configId}
              </Badge>
            </Group>
            {summary(entry) ? (
              <Text size="xs" c="dimmed" className={classes.rowName} translate="no">
                {summary(entry)}
              </Text>
            ) : null}
          </div>
          <Group gap={4} wrap="nowrap">
            <Hint label={t('config.edit')}>
              <ActionIcon variant="subtle" aria-label={t('config.edit')} onClick={() => edit(index)}>
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
            </Hint>
            <Hint label={t('config.delete')}>
              <ActionIcon variant="subtle" color="red" aria-label={t('config.delete')} onClick={() => remove(index)}>
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Hint>
          </Group>
        </>
      )}
    />
  );
}

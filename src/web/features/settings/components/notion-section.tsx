import { Button, Checkbox, Group, NumberInput, PasswordInput, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { notionDatabaseTemplate } from '../../../../common/config-templates';
import { addConfigEntry, DynamicConfigList, fallbackTemplate, type EntriesUpdater } from './dynamic-config-list';
import { DragSortToggle } from './drag-sort-toggle';
import type { SectionProps } from './section-props';
import { secretInputProps } from './secret-input';
import { SettingsCard } from './settings-card';
import classes from './settings.module.css';

export function NotionSection({ draft, update }: SectionProps) {
  const notion = draft.notion;
  const [sorting, setSorting] = useState(false);
  const [interval, setInterval] = useState<string | number>(notion.updateReviewTimeInterval);
  const [seenInterval, setSeenInterval] = useState(notion.updateReviewTimeInterval);
  // Follow outside changes (import, reset) without fighting what is being typed.
  if (seenInterval !== notion.updateReviewTimeInterval) {
    setSeenInterval(notion.updateReviewTimeInterval);
    if (Number(interval) !== notion.updateReviewTimeInterval) setInterval(notion.updateReviewTimeInterval);
  }

  const setEntries: EntriesUpdater = (change) => update('notion', (current) => ({ dynamicConfigs: change(current.dynamicConfigs) }));
  const templateFor = (configId: string) => {
    if (configId === notionDatabaseTemplate.configId) return notionDatabaseTemplate;
    const entry = notion.dynamicConfigs.find((item) => item.configId === configId);
    return fallbackTemplate(configId, entry?.value ?? {});
  };

  return (
    <SettingsCard id="notion" title="Notion" description="The notes database browser and its review-time updates.">
      <div className={classes.pair}>
        <PasswordInput
          label="update token"
          value={notion.updateToken}
          onChange={(event) => update('notion', { updateToken: event.currentTarget.value })}
          {...secretInputProps('update token')}
        />
        <NumberInput
          label="review-time update interval"
          min={0}
          allowNegative={false}
          value={interval}
          onChange={(value) => {
            setInterval(value);
            if (typeof value === 'number' && Number.isFinite(value)) update('notion', { updateReviewTimeInterval: value });
          }}
          onBlur={() => {
            if (typeof interval !== 'number') setInterval(notion.updateReviewTimeInterval);
          }}
        />
      </div>
      <Checkbox
        label="open links inside the app"
        checked={notion.openLinkInApp}
        onChange={(event) => update('notion', { openLinkInApp: event.currentTarget.checked })}
      />
      <div>
        <Group justify="space-between" gap="xs" mb="xs">
          <Text fw={600} size="sm">
            Configurations
          </Text>
          <Group gap="xs">
            <DragSortToggle active={sorting} onToggle={() => setSorting((on) => !on)} />
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => addConfigEntry(notionDatabaseTemplate, setEntries, { token: notion.updateToken })}
            >
              add configuration
            </Button>
          </Group>
        </Group>
        <DynamicConfigList
          label="Notion configurations"
          entries={notion.dynamicConfigs}
          onChange={setEntries}
          templateFor={templateFor}
          sortable={sorting}
          empty="No Notion configuration yet."
        />
      </div>
    </SettingsCard>
  );
}

import { Button, Checkbox, Group, PasswordInput, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { notionDatabaseTemplate } from '../../../../common/config-templates';
import { maxRetention, minRetention } from '../../../../common/settings';
import { formatNumber } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';
import { addConfigEntry, DynamicConfigList, fallbackTemplate, type EntriesUpdater } from './dynamic-config-list';
import { DragSortToggle } from './drag-sort-toggle';
import type { SectionProps } from './section-props';
import { secretInputProps } from './secret-input';
import classes from './settings.module.css';

const nonNegativeNumber = /^\d*\.?\d*$/;

export function NotionSection({ draft, update }: SectionProps) {
  const t = useT(catalogue);
  const notion = draft.notion;
  const [sorting, setSorting] = useState(false);
  const [interval, setInterval] = useState(String(notion.updateReviewTimeInterval));
  const [seenInterval, setSeenInterval] = useState(notion.updateReviewTimeInterval);
  // Follow outside changes (import, reset) without fighting what is being typed.
  if (seenInterval !== notion.updateReviewTimeInterval) {
    setSeenInterval(notion.updateReviewTimeInterval);
    if (Number(interval) !== notion.updateReviewTimeInterval) setInterval(String(notion.updateReviewTimeInterval));
  }
  /** What is typed stays as typed ("1." on the way to "1.5"); the setting takes every complete number. */
  const typeInterval = (text: string) => {
    if (!nonNegativeNumber.test(text)) return;
    setInterval(text);
    if (text !== '' && Number.isFinite(Number(text))) update('notion', { updateReviewTimeInterval: Number(text) });
  };

  const [retention, setRetention] = useState(String(notion.retention));
  const [seenRetention, setSeenRetention] = useState(notion.retention);
  if (seenRetention !== notion.retention) {
    setSeenRetention(notion.retention);
    if (Number(retention) !== notion.retention) setRetention(String(notion.retention));
  }
  /** Typed as a fraction ("0.85"); the setting takes it once it is within 0.70–0.99. */
  const typeRetention = (text: string) => {
    if (!nonNegativeNumber.test(text)) return;
    setRetention(text);
    const value = Number(text);
    if (text !== '' && value >= minRetention && value <= maxRetention) update('notion', { retention: value });
  };

  const setEntries: EntriesUpdater = (change) => update('notion', (current) => ({ dynamicConfigs: change(current.dynamicConfigs) }));
  const templateFor = (configId: string) => {
    if (configId === notionDatabaseTemplate.configId) return notionDatabaseTemplate;
    const entry = notion.dynamicConfigs.find((item) => item.configId === configId);
    return fallbackTemplate(configId, entry?.value ?? {});
  };

  return (
    <>
      <div className={classes.pair}>
        <PasswordInput
          label={t('notion.updateToken')}
          value={notion.updateToken}
          onChange={(event) => update('notion', { updateToken: event.currentTarget.value })}
          {...secretInputProps(t('secret.show', { field: t('notion.updateToken') }))}
        />
        {/* A text field, not Mantine's NumberInput: the same keys (digits, one dot, arrows step by 1)
            without react-number-format in the page's first load (decision 0014). */}
        <TextInput
          label={t('notion.interval')}
          inputMode="decimal"
          autoComplete="off"
          value={interval}
          onChange={(event) => typeInterval(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
            event.preventDefault();
            const current = Number(interval) || 0;
            typeInterval(String(Math.max(0, event.key === 'ArrowUp' ? current + 1 : current - 1)));
          }}
          onBlur={() => {
            if (interval === '' || !Number.isFinite(Number(interval))) setInterval(String(notion.updateReviewTimeInterval));
          }}
        />
      </div>
      <TextInput
        label={t('notion.retention')}
        description={t('notion.retentionHint', { min: formatNumber(minRetention, { minimumFractionDigits: 2 }), max: formatNumber(maxRetention) })}
        inputMode="decimal"
        autoComplete="off"
        maw={420}
        value={retention}
        onChange={(event) => typeRetention(event.currentTarget.value)}
        onBlur={() => {
          const value = Number(retention);
          if (retention === '' || !(value >= minRetention && value <= maxRetention)) setRetention(String(notion.retention));
        }}
      />
      <Checkbox
        label={t('notion.openLinkInApp')}
        checked={notion.openLinkInApp}
        onChange={(event) => update('notion', { openLinkInApp: event.currentTarget.checked })}
      />
      <div>
        <Group justify="space-between" gap="xs" mb="xs">
          <Text fw={600} size="sm">
            {t('config.heading')}
          </Text>
          <Group gap="xs">
            <DragSortToggle active={sorting} onToggle={() => setSorting((on) => !on)} />
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => addConfigEntry(notionDatabaseTemplate, t('config.addTitle', { name: notionDatabaseTemplate.name }), setEntries, { token: notion.updateToken })}
            >
              {t('notion.add')}
            </Button>
          </Group>
        </Group>
        <DynamicConfigList
          label={t('notion.list')}
          entries={notion.dynamicConfigs}
          onChange={setEntries}
          templateFor={templateFor}
          sortable={sorting}
          empty={t('notion.empty')}
        />
      </div>
    </>
  );
}

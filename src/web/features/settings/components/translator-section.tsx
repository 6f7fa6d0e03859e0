import { Button, Checkbox, Group, PasswordInput, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import {
  isTranslatorConfigId,
  translatorTemplateList,
  translatorTemplates,
  type ConfigTemplate,
} from '../../../../common/config-templates';
import { OnDemandSelect } from '../../../components/on-demand-select/on-demand-select';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';
import { useSiliconflowModels, type ModelChoice } from '../hooks/use-siliconflow-models';
import { addConfigEntry, DynamicConfigList, fallbackTemplate, type EntriesUpdater } from './dynamic-config-list';
import { DragSortToggle } from './drag-sort-toggle';
import type { SectionProps } from './section-props';
import { secretInputProps } from './secret-input';
import classes from './settings.module.css';

function withModelOptions(template: ConfigTemplate, models: ModelChoice[]): ConfigTemplate {
  return {
    ...template,
    items: template.items.map((item) =>
      item.key === 'model' ? { ...item, option: models.map((model) => ({ label: model.name, value: model.id })) } : item,
    ),
  };
}

export function TranslatorSection({ draft, update }: SectionProps) {
  const t = useT(catalogue);
  const translator = draft.translator;
  const [sorting, setSorting] = useState(false);
  const [service, setService] = useState<string | null>(null);
  const { models } = useSiliconflowModels();

  const siliconflowTemplate = useMemo(() => withModelOptions(translatorTemplates.SiliconFlow, models), [models]);
  const templateFor = (configId: string): ConfigTemplate => {
    if (configId === 'SiliconFlow') return siliconflowTemplate;
    if (isTranslatorConfigId(configId)) return translatorTemplates[configId];
    const entry = translator.dynamicConfigs.find((item) => item.configId === configId);
    return fallbackTemplate(configId, entry?.value ?? {});
  };
  const setEntries: EntriesUpdater = (change) => update('translator', (current) => ({ dynamicConfigs: change(current.dynamicConfigs) }));

  return (
    <>
      <PasswordInput
        label={t('translator.textApiKey')}
        description={t('translator.textApiKey.description')}
        value={translator.niuTransApikey}
        onChange={(event) => update('translator', { niuTransApikey: event.currentTarget.value })}
        {...secretInputProps(t('secret.show', { field: t('translator.textApiKey') }))}
      />
      <div className={classes.pair}>
        <TextInput
          label={t('translator.voiceAppId')}
          value={translator.niuTransVoiceAppId}
          spellCheck={false}
          onChange={(event) => update('translator', { niuTransVoiceAppId: event.currentTarget.value })}
        />
        <TextInput
          label={t('translator.picAppId')}
          value={translator.niuTransPicAppId}
          spellCheck={false}
          onChange={(event) => update('translator', { niuTransPicAppId: event.currentTarget.value })}
        />
      </div>
      <Checkbox
        label={t('translator.showModel')}
        description={t('translator.showModel.description')}
        checked={translator.showModel}
        onChange={(event) => update('translator', { showModel: event.currentTarget.checked })}
      />
      <div>
        <Group justify="space-between" gap="xs" mb="xs">
          <Text fw={600} size="sm">
            {t('config.heading')}
          </Text>
          <DragSortToggle active={sorting} onToggle={() => setSorting((on) => !on)} />
        </Group>
        <DynamicConfigList
          label={t('translator.list')}
          entries={translator.dynamicConfigs}
          onChange={setEntries}
          templateFor={templateFor}
          sortable={sorting}
          empty={t('translator.empty')}
        />
        <Group gap="xs" mt="sm" align="flex-end" wrap="nowrap">
          <OnDemandSelect
            label={t('translator.serviceType')}
            placeholder={t('translator.serviceType.placeholder')}
            data={translatorTemplateList.map((template) => ({ value: template.configId, label: template.name }))}
            value={service}
            onChange={setService}
            allowDeselect={false}
            style={{ flex: 1, minWidth: 0 }}
          />
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={service === null}
            onClick={() => {
              if (service === null) return;
              const template = templateFor(service);
              addConfigEntry(template, t('config.addTitle', { name: template.name }), setEntries);
            }}
          >
            {t('translator.add')}
          </Button>
        </Group>
      </div>
    </>
  );
}

import { ActionIcon, Button, Group, Loader, NativeSelect, NumberInput, Popover, Slider, Stack, Text, TextInput } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useStore } from 'zustand';
import { providerNames, type ProviderName } from '../../../../common/ai-providers';
import { useT } from '../../../lib/i18n/use-t';
import type { ChatSessionStore } from '../chat-store';
import { useTakeOverFocus, type OnDemandProps } from '../../../components/on-demand/on-demand';
import type { ModelListState } from '../hooks/use-model-list';
import { catalogue } from '../i18n';
import { SettingsTrigger } from './chat-settings-trigger';
import { useProviderLabel } from './provider-name';

const clampTemperature = (value: number) => Math.min(2, Math.max(0, Math.round(value * 100) / 100));

export interface ChatSettingsPanelProps {
  session: ChatSessionStore;
  modelList: ModelListState;
  /** Icon only (narrow screens); the accessible name stays "settings". */
  iconOnly?: boolean;
}

/**
 * docs/behaviour.md "Chat": provider, model, temperature (slider and number box, 0–2 step 0.01).
 * Loaded on first use (see chat-settings.tsx), opened by that first click.
 */
export function ChatSettingsPanel({ session, modelList, iconOnly, initiallyOpened }: ChatSettingsPanelProps & OnDemandProps) {
  const t = useT(catalogue);
  const providerLabel = useProviderLabel();
  const [opened, setOpened] = useState(initiallyOpened);
  const target = useTakeOverFocus<HTMLButtonElement>(initiallyOpened);
  // Escape closes the panel wherever focus is (Popover's own handler only sees the dropdown).
  useWindowEvent('keydown', (event) => {
    if (opened && event.key === 'Escape') setOpened(false);
  });
  const config = useStore(session, (state) => state.config);
  const setConfig = useStore(session, (state) => state.setConfig);

  const modelIds = modelList.models.map((model) => model.id);
  const options = modelList.models.map((model) => ({ value: model.id, label: model.name && model.name !== model.id ? `${model.name} (${model.id})` : model.id }));
  if (config.selectedModel && !modelIds.includes(config.selectedModel)) options.unshift({ value: config.selectedModel, label: config.selectedModel });

  const changeProvider = (provider: ProviderName) => {
    // An empty model tells the model-list loader to apply the default-model rules
    // (docs/behaviour.md "Chat").
    if (provider !== config.selectedProvider) setConfig({ selectedProvider: provider, selectedModel: '', modelTyped: false });
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={320} shadow="md" withArrow trapFocus={false} closeOnClickOutside closeOnEscape>
      <Popover.Target>
        <SettingsTrigger ref={target} iconOnly={iconOnly} expanded={opened} onClick={() => setOpened((value) => !value)} />
      </Popover.Target>
      <Popover.Dropdown aria-labelledby="chat-settings-title">
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600} size="sm" id="chat-settings-title">
              {t('settings.title')}
            </Text>
            <ActionIcon variant="subtle" color="gray" aria-label={t('settings.close')} onClick={() => setOpened(false)}>
              <IconX size={16} />
            </ActionIcon>
          </Group>
          <NativeSelect
            label={t('settings.provider')}
            value={config.selectedProvider}
            onChange={(event) => changeProvider(event.currentTarget.value as ProviderName)}
            data={providerNames.map((name) => ({ value: name, label: providerLabel(name) }))}
          />
          <NativeSelect
            label={t('settings.model')}
            // Model ids are shown as written.
            translate="no"
            value={config.selectedModel}
            onChange={(event) => setConfig({ selectedModel: event.currentTarget.value, modelTyped: false })}
            data={options.length > 0 ? options : [{ value: '', label: t('settings.noModels') }]}
            disabled={options.length === 0}
            rightSection={modelList.loading ? <Loader size={14} aria-label={t('settings.loadingModels')} /> : undefined}
          />
          <TypedModelInput
            key={config.selectedProvider}
            onUse={(id) => setConfig({ selectedModel: id, modelTyped: true })}
            placeholder={config.selectedProvider === 'doubao' ? t('settings.typedModel.placeholderDoubao') : t('settings.typedModel.placeholder')}
          />
          <div>
            <Group justify="space-between" gap="xs" mb={6}>
              <Text size="sm" fw={500} id="chat-temperature-label">
                {t('settings.temperature')}
              </Text>
              <NumberInput
                aria-label={t('settings.temperatureValue')}
                value={config.temperature}
                onChange={(value) => {
                  const number = typeof value === 'number' ? value : Number.parseFloat(value);
                  if (Number.isFinite(number)) setConfig({ temperature: clampTemperature(number) });
                }}
                min={0}
                max={2}
                step={0.01}
                decimalScale={2}
                clampBehavior="strict"
                size="xs"
                w={90}
              />
            </Group>
            <Slider
              thumbLabel={t('settings.temperature')}
              value={config.temperature}
              onChange={(value) => setConfig({ temperature: clampTemperature(value) })}
              min={0}
              max={2}
              step={0.01}
              precision={2}
              marks={[{ value: 0, label: '0' }, { value: 1, label: '1' }, { value: 2, label: '2' }]}
              mb="md"
            />
          </div>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * A model id the list does not offer (docs/behaviour.md "Chat" lists only "{hash}" for Doubao: its
 * endpoints are per account).
 */
function TypedModelInput({ onUse, placeholder }: { onUse: (id: string) => void; placeholder: string }) {
  const t = useT(catalogue);
  const [value, setValue] = useState('');
  const use = () => {
    const id = value.trim();
    if (id) onUse(id);
    setValue('');
  };
  return (
    <TextInput
      label={t('settings.typedModel')}
      size="xs"
      value={value}
      placeholder={placeholder}
      onChange={(event) => setValue(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          use();
        }
      }}
      rightSectionWidth={48}
      rightSection={
        <Button size="compact-xs" variant="subtle" disabled={!value.trim()} onClick={use}>
          {t('settings.typedModel.use')}
        </Button>
      }
    />
  );
}

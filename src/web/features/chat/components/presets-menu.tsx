import { Menu } from '@mantine/core';
import { useTakeOverFocus, type OnDemandProps } from '../../../components/on-demand/on-demand';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';
import { defaultSystemPrompt, promptPresets } from '../prompt-presets';
import { PresetsTrigger } from './presets-trigger';

export interface PresetsMenuProps {
  narrow?: boolean;
  onChoose: (prompt: string) => void;
}

/** The prompt presets (docs/behaviour.md "Chat"); loaded on first use, opened by that first click. */
export function PresetsMenu({ narrow, onChoose, initiallyOpened }: PresetsMenuProps & OnDemandProps) {
  const t = useT(catalogue);
  const target = useTakeOverFocus<HTMLButtonElement>(initiallyOpened);
  return (
    <Menu position="bottom-end" shadow="md" width={260} defaultOpened={initiallyOpened}>
      <Menu.Target>
        <PresetsTrigger ref={target} narrow={narrow} />
      </Menu.Target>
      <Menu.Dropdown aria-label={t('presets.menu')}>
        <Menu.Label>{t('presets.heading')}</Menu.Label>
        {promptPresets.map((preset) => (
          <Menu.Item key={preset.id} onClick={() => onChoose(preset.prompt)}>
            {t(`presets.${preset.id}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item onClick={() => onChoose(defaultSystemPrompt)}>{t('presets.default')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

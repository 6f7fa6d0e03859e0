import { Menu } from '@mantine/core';
import { useTakeOverFocus, type OnDemandProps } from '../../../components/on-demand/on-demand';
import { defaultSystemPrompt, promptPresets } from '../prompt-presets';
import { PresetsTrigger } from './presets-trigger';

export interface PresetsMenuProps {
  narrow?: boolean;
  onChoose: (prompt: string) => void;
}

/** The prompt presets (spec §3); loaded on first use, opened by that first click. */
export function PresetsMenu({ narrow, onChoose, initiallyOpened }: PresetsMenuProps & OnDemandProps) {
  const target = useTakeOverFocus<HTMLButtonElement>(initiallyOpened);
  return (
    <Menu position="bottom-end" shadow="md" width={260} defaultOpened={initiallyOpened}>
      <Menu.Target>
        <PresetsTrigger ref={target} narrow={narrow} />
      </Menu.Target>
      <Menu.Dropdown aria-label="prompt presets">
        <Menu.Label>Prompt presets</Menu.Label>
        {promptPresets.map((preset) => (
          <Menu.Item key={preset.id} onClick={() => onChoose(preset.prompt)}>
            {preset.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item onClick={() => onChoose(defaultSystemPrompt)}>Default assistant</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

import { Checkbox } from '@mantine/core';
import type { SectionProps } from './section-props';
import { SettingsCard } from './settings-card';

export function SystemSection({ draft, update }: SectionProps) {
  return (
    <SettingsCard id="system" title="System">
      <Checkbox
        label="edge-proxy Gemini"
        description="Send Google Gemini requests through this app's server; off calls Google directly from the browser."
        checked={draft.proxy.edgeProxyGemini}
        onChange={(event) => update('proxy', { edgeProxyGemini: event.currentTarget.checked })}
      />
    </SettingsCard>
  );
}

import { Checkbox, TextInput } from '@mantine/core';
import type { SectionProps } from './section-props';
import { SettingsCard } from './settings-card';

export function ShonagonSection({ draft, update }: SectionProps) {
  const shonagon = draft.shonagon;
  return (
    <SettingsCard id="shonagon" title="Shonagon" description="The reading and search helper.">
      <Checkbox
        label="auto-follow focus"
        description="Follow the focused result while moving through the list."
        checked={shonagon.autoFollowFocus}
        onChange={(event) => update('shonagon', { autoFollowFocus: event.currentTarget.checked })}
      />
      <Checkbox
        label="text-selection help"
        description="Offer lookups for text selected on the page."
        checked={shonagon.autoTextSelect}
        onChange={(event) => update('shonagon', { autoTextSelect: event.currentTarget.checked })}
      />
      <Checkbox
        label="auto-truncating over-long query text"
        description="Shorten a query that is too long before searching."
        checked={shonagon.autoSubstrQuery}
        onChange={(event) => update('shonagon', { autoSubstrQuery: event.currentTarget.checked })}
      />
      <TextInput
        label="API base"
        description="Address of a server speaking the Shonagon API, ending in shonagon_api. Empty: this app's own corpus."
        placeholder="/shonagon_api"
        value={shonagon.apiBase}
        onChange={(event) => update('shonagon', { apiBase: event.currentTarget.value })}
      />
    </SettingsCard>
  );
}

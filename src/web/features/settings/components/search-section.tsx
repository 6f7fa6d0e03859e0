import { Checkbox, Group, Radio, TextInput } from '@mantine/core';
import { requestModes, searchSources } from '../../../../common/settings';
import type { SectionProps } from './section-props';
import { SettingsCard } from './settings-card';

const sourceLabels: Record<(typeof searchSources)[number], string> = { local: 'local', remote: 'remote', yunpan: 'cloud drive' };

export function SearchSection({ draft, update }: SectionProps) {
  const avsearch = draft.avsearch;
  return (
    <SettingsCard id="search" title="Search" description="How the video search talks to its backend.">
      <Radio.Group
        label="request mode"
        value={avsearch.requestMode}
        onChange={(value) => update('avsearch', { requestMode: value as (typeof requestModes)[number] })}
      >
        <Group gap="lg" mt={6}>
          {requestModes.map((mode) => (
            <Radio key={mode} value={mode} label={mode} />
          ))}
        </Group>
      </Radio.Group>
      <Radio.Group label="source" value={avsearch.source} onChange={(value) => update('avsearch', { source: value as (typeof searchSources)[number] })}>
        <Group gap="lg" mt={6}>
          {searchSources.map((source) => (
            <Radio key={source} value={source} label={sourceLabels[source]} />
          ))}
        </Group>
      </Radio.Group>
      <TextInput
        label="remote server"
        description="The address of the server the remote source searches, e.g. another Kotonoha: https://kotonoha.example:8787"
        placeholder="https://…"
        value={avsearch.remoteBase}
        onChange={(event) => update('avsearch', { remoteBase: event.currentTarget.value.trim() })}
      />
      <Checkbox
        label="proxy all images"
        checked={avsearch.proxyAllImgs}
        onChange={(event) => update('avsearch', { proxyAllImgs: event.currentTarget.checked })}
      />
    </SettingsCard>
  );
}

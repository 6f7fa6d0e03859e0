import { Checkbox, Group, Radio, TextInput } from '@mantine/core';
import { requestModes, searchSources } from '../../../../common/settings';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';
import type { SectionProps } from './section-props';

export function SearchSection({ draft, update }: SectionProps) {
  const t = useT(catalogue);
  const avsearch = draft.avsearch;
  return (
    <>
      <Radio.Group
        label={t('search.requestMode')}
        value={avsearch.requestMode}
        onChange={(value) => update('avsearch', { requestMode: value as (typeof requestModes)[number] })}
      >
        <Group gap="lg" mt={6}>
          {requestModes.map((mode) => (
            <Radio key={mode} value={mode} label={t(`search.requestMode.${mode}`)} />
          ))}
        </Group>
      </Radio.Group>
      <Radio.Group label={t('search.source')} value={avsearch.source} onChange={(value) => update('avsearch', { source: value as (typeof searchSources)[number] })}>
        <Group gap="lg" mt={6}>
          {searchSources.map((source) => (
            <Radio key={source} value={source} label={t(`search.source.${source}`)} />
          ))}
        </Group>
      </Radio.Group>
      <TextInput
        label={t('search.remoteBase')}
        description={t('search.remoteBase.description')}
        // eslint-disable-next-line kotonoha/no-literal-ui-text -- an address, not words
        placeholder="https://…"
        translate="no"
        inputMode="url"
        spellCheck={false}
        value={avsearch.remoteBase}
        onChange={(event) => update('avsearch', { remoteBase: event.currentTarget.value.trim() })}
      />
      <Checkbox
        label={t('search.proxyAllImgs')}
        checked={avsearch.proxyAllImgs}
        onChange={(event) => update('avsearch', { proxyAllImgs: event.currentTarget.checked })}
      />
    </>
  );
}

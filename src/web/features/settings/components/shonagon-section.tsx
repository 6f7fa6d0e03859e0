import { Checkbox, TextInput } from '@mantine/core';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';
import type { SectionProps } from './section-props';

export function ShonagonSection({ draft, update }: SectionProps) {
  const t = useT(catalogue);
  const shonagon = draft.shonagon;
  return (
    <>
      <Checkbox
        label={t('shonagon.autoFollowFocus')}
        description={t('shonagon.autoFollowFocus.description')}
        checked={shonagon.autoFollowFocus}
        onChange={(event) => update('shonagon', { autoFollowFocus: event.currentTarget.checked })}
      />
      <Checkbox
        label={t('shonagon.autoTextSelect')}
        description={t('shonagon.autoTextSelect.description')}
        checked={shonagon.autoTextSelect}
        onChange={(event) => update('shonagon', { autoTextSelect: event.currentTarget.checked })}
      />
      <Checkbox
        label={t('shonagon.autoSubstrQuery')}
        description={t('shonagon.autoSubstrQuery.description')}
        checked={shonagon.autoSubstrQuery}
        onChange={(event) => update('shonagon', { autoSubstrQuery: event.currentTarget.checked })}
      />
      <TextInput
        label={t('shonagon.apiBase')}
        description={t('shonagon.apiBase.description')}
        // eslint-disable-next-line kotonoha/no-literal-ui-text -- a path, not words
        placeholder="/shonagon_api"
        translate="no"
        inputMode="url"
        spellCheck={false}
        value={shonagon.apiBase}
        onChange={(event) => update('shonagon', { apiBase: event.currentTarget.value })}
      />
    </>
  );
}

import { Checkbox, Stack, Text } from '@mantine/core';
import { PreferenceControls } from '../../../components/preference-controls/preference-controls';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';
import type { SectionProps } from './section-props';
import { SettingsCard } from './settings-card';
import classes from './settings.module.css';

export function SystemSection({ draft, update }: SectionProps) {
  const t = useT(catalogue);
  return (
    <SettingsCard id="system" title={t('section.system')}>
      {/* Outside the draft: a switch applies and is saved at once (CONTRACT "Language and theme"),
          here for when the sidebar, which has the same controls, is hidden. */}
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {t('system.interface')}
        </Text>
        <div className={classes.preferences}>
          <PreferenceControls />
        </div>
        <Text size="xs" c="dimmed">
          {t('system.interface.description')}
        </Text>
      </Stack>
      <Checkbox
        label={t('system.edgeProxyGemini')}
        description={t('system.edgeProxyGemini.description')}
        checked={draft.proxy.edgeProxyGemini}
        onChange={(event) => update('proxy', { edgeProxyGemini: event.currentTarget.checked })}
      />
    </SettingsCard>
  );
}

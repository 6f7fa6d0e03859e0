import { Checkbox, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PreferenceControls } from '../../../components/preference-controls/preference-controls';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';
import { InsecureContextNotice } from './insecure-context-notice';
import type { SectionProps } from './section-props';
import classes from './settings.module.css';

export function SystemSection({ draft, update, set }: SectionProps) {
  const t = useT(catalogue);
  // The sidebar's foot has the language and theme controls; with the sidebar hidden (?sidebar=hidden)
  // they are here instead (docs/on-screen-names.md "Shell"), never twice on one screen.
  const sidebarHidden = useSearchParams()[0].get('sidebar') === 'hidden';
  return (
    <>
      <InsecureContextNotice />
      {sidebarHidden ? (
        // Outside the draft: a switch applies and is saved at once, and a Save keeps it.
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
      ) : null}
      <Checkbox
        label={t('system.edgeProxyGemini')}
        description={t('system.edgeProxyGemini.description')}
        checked={draft.proxy.edgeProxyGemini}
        onChange={(event) => update('proxy', { edgeProxyGemini: event.currentTarget.checked })}
      />
      <Checkbox
        label={t('system.tapLookup')}
        description={t('system.tapLookup.description')}
        checked={draft.tapLookup}
        onChange={(event) => set('tapLookup', event.currentTarget.checked)}
      />
    </>
  );
}

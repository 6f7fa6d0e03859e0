import { SettingsPage } from '../../features/settings/settings-page';
import { SpeechSettingsSection } from '../../features/speech/speech-settings-section';
import { common } from '../../lib/i18n/common';
import { useT } from '../../lib/i18n/use-t';

/**
 * Sections owned by other features (e.g. speech) are passed in here, so settings imports none of
 * them. Imported, not lazy: every section's controls are on the page when it first paints.
 */
export function SettingsRoute() {
  const t = useT(common);
  return (
    <SettingsPage
      extraSections={[
        {
          id: 'speech',
          title: t('settingsRoute.speech'),
          part: 'speech',
          content: ({ draft, update }) => <SpeechSettingsSection value={draft.speech} onChange={(patch) => update('speech', patch)} />,
        },
      ]}
    />
  );
}

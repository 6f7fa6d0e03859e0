import { SettingsPage } from '../../features/settings/settings-page';
import { SpeechSettingsSection } from '../../features/speech/speech-settings-section';

/**
 * Sections owned by other features (e.g. speech) are passed in here, so settings imports none of
 * them. Imported, not lazy: every section's controls are on the page when it first paints.
 */
export function SettingsRoute() {
  return (
    <SettingsPage
      extraSections={[
        {
          id: 'speech',
          title: 'Speech',
          part: 'speech',
          content: ({ draft, update }) => <SpeechSettingsSection value={draft.speech} onChange={(patch) => update('speech', patch)} />,
        },
      ]}
    />
  );
}

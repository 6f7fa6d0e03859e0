import { lazy, Suspense } from 'react';
import { Loader } from '@mantine/core';
import { SettingsPage } from '../../features/settings/settings-page';

const SpeechSettingsSection = lazy(() => import('../../features/speech/speech-settings-section').then((m) => ({ default: m.SpeechSettingsSection })));

/** Sections owned by other features (e.g. speech) are passed in here, so settings imports none of them. */
export function SettingsRoute() {
  return (
    <SettingsPage
      extraSections={[
        {
          id: 'speech',
          title: 'Speech',
          content: ({ draft, update }) => (
            <Suspense fallback={<Loader aria-label="loading speech settings" size="sm" />}>
              <SpeechSettingsSection value={draft.speech} onChange={(patch) => update('speech', patch)} />
            </Suspense>
          ),
        },
      ]}
    />
  );
}

import { MantineProvider, TextInput } from '@mantine/core';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useSettingsStore } from '../../lib/settings-store';
import { common } from '../../lib/i18n/common';
import { words, type SettingsSection } from './components/section-props';
import { ShonagonSection } from './components/shonagon-section';
import { SystemSection } from './components/system-section';
import { catalogue } from './i18n';
import { SettingsPage } from './settings-page';

afterEach(() => {
  cleanup();
  useSettingsStore.getState().resetToDefaults();
  localStorage.clear();
});

function setup(path = '/settings') {
  const renders = { speech: 0 };
  const sections: SettingsSection[] = [
    { id: 'shonagon', part: 'shonagon', title: words(catalogue, 'section.shonagon'), description: words(catalogue, 'shonagon.description'), Content: ShonagonSection },
    {
      id: 'speech',
      part: 'speech',
      // Another feature's section brings its own catalogue's words.
      title: words(common, 'settingsRoute.speech'),
      Content: ({ draft, update }) => {
        renders.speech += 1;
        return <TextInput label="external AI URL" value={draft.speech.externalAiUrl} onChange={(event) => update('speech', { externalAiUrl: event.currentTarget.value })} />;
      },
    },
    { id: 'system', part: 'proxy', title: words(catalogue, 'section.system'), Content: SystemSection },
  ];
  render(
    <MantineProvider env="test">
      <MemoryRouter initialEntries={[path]}>
        <SettingsPage sections={sections} />
      </MemoryRouter>
    </MantineProvider>,
  );
  return { renders, user: userEvent.setup() };
}

describe('SettingsPage', { timeout: 20_000 }, () => {
  it('a section renders again when its own part of the draft changes, not when another part does', async () => {
    const { renders, user } = setup();
    const shonagon = await screen.findByRole('textbox', { name: 'API base' });
    const before = renders.speech;

    await user.type(shonagon, '/api');
    expect(shonagon).toHaveValue('/api');
    expect(renders.speech).toBe(before);

    await user.type(screen.getByRole('textbox', { name: 'external AI URL' }), 'x');
    expect(renders.speech).toBe(before + 1);
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    // The sidebar has the language and theme controls: they are not on the screen twice.
    expect(within(screen.getByRole('region', { name: 'System' })).queryByRole('combobox', { name: 'language' })).toBeNull();
  });

  it('a section that arrives from another device (sync) shows in the draft where the learner has no edits, and leaves their edits alone', async () => {
    const { user } = setup();
    const apiBase = await screen.findByRole('textbox', { name: 'API base' });
    await user.type(apiBase, '/mine');
    const stored = useSettingsStore.getState().settings;
    act(() => {
      useSettingsStore.getState().applySections({
        speech: { ...stored.speech, externalAiUrl: 'https://from-my-phone.example' },
        shonagon: { ...stored.shonagon, apiBase: '/from-my-phone' },
      });
    });
    expect(screen.getByRole('textbox', { name: 'external AI URL' })).toHaveValue('https://from-my-phone.example');
    expect(apiBase).toHaveValue('/mine');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });

  it('with the sidebar hidden, a language switched in Settings → System stays when a draft opened before it is saved', async () => {
    const { user } = setup('/settings?sidebar=hidden');
    const apiBase = await screen.findByRole('textbox', { name: 'API base' });
    await user.type(apiBase, '/api');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    const system = screen.getByRole('region', { name: 'System' });
    const language = within(system).getByRole('combobox', { name: 'language' });
    const before = useSettingsStore.getState().settings.language;
    const other = before === 'ja' ? 'en' : 'ja';
    await user.selectOptions(language, other);
    // Applied and saved at once, outside the draft: the draft's edits are still unsaved.
    expect(useSettingsStore.getState().settings.language).toBe(other);
    expect(JSON.parse(localStorage.getItem('kotonoha.settings') ?? '{}')).toMatchObject({ language: other });
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'save settings' }));
    const saved = useSettingsStore.getState().settings;
    expect(saved.language).toBe(other);
    expect(saved.shonagon.apiBase).toBe('/api');
    expect(JSON.parse(localStorage.getItem('kotonoha.settings') ?? '{}')).toMatchObject({ language: other, shonagon: { apiBase: '/api' } });
    expect(language).toHaveValue(other);
    expect(screen.getByText('All changes saved')).toBeInTheDocument();
  });
});

import { MantineProvider } from '@mantine/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '../../lib/i18n/i18n';
import { getSettings, useSettingsStore } from '../../lib/settings-store';
import { PreferenceControls } from './preference-controls';

afterEach(async () => {
  cleanup();
  useSettingsStore.getState().setPreferences({ language: 'en', theme: 'light' });
  await act(() => activateLanguage('en'));
});

/** Outside the shell (Settings → System shows it when the sidebar is hidden): only Mantine around it. */
describe('PreferenceControls on its own', () => {
  it('names its two controls and applies a change at once', async () => {
    const user = userEvent.setup();
    render(
      <MantineProvider env="test">
        <PreferenceControls />
      </MantineProvider>,
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'theme' }), 'dark');
    expect(getSettings().theme).toBe('dark');
    await user.selectOptions(screen.getByRole('combobox', { name: 'language' }), 'zh');
    expect(getSettings().language).toBe('zh');
    await act(() => activateLanguage('zh'));
    expect(screen.getByRole('combobox', { name: '语言' })).toHaveValue('zh');
    expect(screen.getByRole('combobox', { name: '主题' })).toHaveValue('dark');
  });

  it('compact: two buttons that step through the choices', async () => {
    const user = userEvent.setup();
    render(
      <MantineProvider env="test">
        <PreferenceControls compact />
      </MantineProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'theme' }));
    expect(getSettings().theme).toBe('dark');
  });
});

import { ActionIcon, Stack } from '@mantine/core';
import { IconDeviceDesktop, IconLanguage, IconMoon, IconSun } from '@tabler/icons-react';
import { languages, themes, type Language, type Theme } from '../../../common/settings';
import { common } from '../../lib/i18n/common';
import { useT } from '../../lib/i18n/use-t';
import { useSettings, useSettingsStore } from '../../lib/settings-store';
import classes from './preference-controls.module.css';

const themeIcons = { light: IconSun, dark: IconMoon, system: IconDeviceDesktop } as const;

const next = <T,>(list: readonly T[], value: T) => list[(list.indexOf(value) + 1) % list.length];

/**
 * The interface language and theme, applied and saved the moment they change
 * (docs/on-screen-names.md "Shell"). `compact` (a collapsed sidebar) shows two buttons that step
 * through the choices.
 */
export function PreferenceControls({ compact = false }: { compact?: boolean }) {
  const t = useT(common);
  const language = useSettings((settings) => settings.language);
  const theme = useSettings((settings) => settings.theme);
  const setPreferences = useSettingsStore((state) => state.setPreferences);
  const languageName = (value: Language) => t(`preferences.language.${value}`);
  const themeName = (value: Theme) => t(`preferences.theme.${value}`);

  if (compact) {
    const ThemeIcon = themeIcons[theme];
    return (
      <Stack gap={4} align="center">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('preferences.language')}
          aria-description={languageName(language)}
          title={`${t('preferences.language')}: ${languageName(language)}`}
          onClick={() => setPreferences({ language: next(languages, language) })}
        >
          <IconLanguage size={20} stroke={1.6} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('preferences.theme')}
          aria-description={themeName(theme)}
          title={`${t('preferences.theme')}: ${themeName(theme)}`}
          onClick={() => setPreferences({ theme: next(themes, theme) })}
        >
          <ThemeIcon size={20} stroke={1.6} />
        </ActionIcon>
      </Stack>
    );
  }
  const ThemeIcon = themeIcons[theme];
  // Plain selects: Mantine's NativeSelect would bring its input framework into the shell's first load.
  return (
    <div className={classes.row}>
      <label className={classes.field}>
        <IconLanguage size={14} stroke={1.6} aria-hidden className={classes.icon} />
        <select className={classes.select} aria-label={t('preferences.language')} value={language} onChange={(event) => setPreferences({ language: event.currentTarget.value as Language })}>
          {languages.map((value) => (
            <option key={value} value={value} lang={value}>
              {languageName(value)}
            </option>
          ))}
        </select>
      </label>
      <label className={classes.field}>
        <ThemeIcon size={14} stroke={1.6} aria-hidden className={classes.icon} />
        <select className={classes.select} aria-label={t('preferences.theme')} value={theme} onChange={(event) => setPreferences({ theme: event.currentTarget.value as Theme })}>
          {themes.map((value) => (
            <option key={value} value={value}>
              {themeName(value)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
